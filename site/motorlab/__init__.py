"""Motorlab Digital's public website."""

from __future__ import annotations

import sys
from functools import partial
from typing import NoReturn

from flask import Flask
from flask_babel import Babel

from motorlab import errors, i18n, icons, terminal
from motorlab.config import Config
from motorlab.contact import ratelimit
from motorlab.contact.cli import outbox_cli
from motorlab.extensions import babel, cache, csrf
from motorlab.health import bp as health_bp
from motorlab.images import bp as images_bp
from motorlab.language import bp as language_bp
from motorlab.language.detection import detect_on_root
from motorlab.pages.routes import bp as pages_bp
from motorlab.paths import INSTANCE, PROJECT_ROOT
from motorlab.rendering import assets, layouts, template_globals, template_whitespace
from motorlab.seo import bp as seo_bp
from motorlab.web import (
    flask_internals,
    hosts,
    page_cache,
    page_store,
    script_name,
    security,
    slashes,
    static_files,
)
from motorlab.web.request_body import GuardedBody


def create_app(config: object | None = None, translations: Babel = babel) -> Flask:
    """Build the app from `config` (default `Config()`; tests pass `TestConfig()`); `make run`
    passes its own `translations` (motorlab.dev.run)."""
    app = Flask(
        __name__,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(assets.STATIC_FOLDER),
        static_url_path=assets.STATIC_URL_PATH,
        instance_path=str(INSTANCE),
    )
    app.config.from_object(config if config is not None else Config())
    # Before any template is compiled: the pages' templates lose their source's indentation.
    app.jinja_env.add_extension(template_whitespace.TemplateWhitespace)

    # 1. Extensions and settings; none adds a request hook (part 2 lists them all).
    if app.debug:
        terminal.guard(app.logger)  # a logged request path reaches the terminal escaped
    translations.init_app(app, locale_selector=i18n.current_locale)
    cache.init_app(app)
    for module in (flask_internals, ratelimit, hosts, script_name, i18n, assets, security):
        module.init_app(app)
    page_cache.init_app(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    app.cli.add_command(outbox_cli)
    for module in (static_files, errors, layouts):
        module.init_app(app)
    template_globals.register(app)

    # 2. The request's path, in the order Flask runs it (test_wiring.py checks Flask's lists).
    app.url_value_preprocessor(i18n.pull_locale)  # the route's locale goes to `g`
    csrf.init_app(app)  # its before_request hook runs first; it adds `csrf_token` to templates
    for hook in BEFORE_REQUEST:
        app.before_request(hook)
    app.url_defaults(i18n.inject_locale)  # url_for keeps the page's locale
    app.context_processor(layouts.layout_context)
    # Flask runs after_request hooks last registered first: reversed, the list reads in
    # running order (after_this_request callbacks, such as detect_on_root's, run before all).
    for hook in reversed(AFTER_REQUEST):
        app.after_request(hook)

    # 3. WSGI layers, outermost first: each sees the request before the ones below it.
    layers = [
        hosts.CanonicalHost,  # Host without case or trailing dot, before any check
        script_name.layer(app),  # SCRIPT_NAME from the setting, before the store keys on it
        partial(page_store.PageStore, app, page_cache.POLICY),  # stored pages, before Flask
        GuardedBody,  # an unreadable body is a 400
        *hosts.proxy_layers(app),  # behind PROXY_FIX_HOPS proxies: the visitor's address
    ]
    for layer in reversed(layers):
        app.wsgi_app = layer(app.wsgi_app)
    return app


# gunicorn's "worker failed to boot": its master stops rather than start worker after worker.
BOOT_ERROR = 3


def refuse_to_start(reason: str) -> NoReturn:
    """End a command that would serve the site with one line and BOOT_ERROR, no traceback."""
    print(f"motorlab: not starting. {reason}", file=sys.stderr, flush=True)
    raise SystemExit(BOOT_ERROR)


def create_app_or_exit(**create_args) -> Flask:
    """create_app() for a command (wsgi.py, the export, make run) once startup's checks pass."""
    from motorlab import startup

    reason = startup.refusal()
    if reason:
        refuse_to_start(reason)
    try:
        return create_app(**create_args)
    except i18n.IncompleteCatalog as refused:
        refuse_to_start(str(refused))


BLUEPRINTS = (
    pages_bp,  # every page of the registry (pages/registry.py)
    language_bp,  # the language switcher
    seo_bp,  # /sitemap.xml, /robots.txt
    images_bp,  # /_img: resized images, share images, the logo
    health_bp,  # /healthz
    icons.bp,  # /favicon.ico, /apple-touch-icon.png, /manifest.webmanifest
)

BEFORE_REQUEST = (
    detect_on_root,  # the first visit to `/`: may send it to its language
    slashes.redirect_to_canonical,  # `/services/` -> `/services`, never rendered
    security.refuse_unreasonable_paths,  # 414 for a path no page has
)

AFTER_REQUEST = (
    page_cache.mark_shareable,  # may this answer be stored for everyone?
    security.set_security_headers,  # CSP and the rest, on every answer
    assets.mark_immutable,  # hashed static files: a year
    hosts.relative_location,  # redirects to this host go out relative
)
