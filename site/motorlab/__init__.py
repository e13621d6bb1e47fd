"""Motorlab Digital's public website."""

from __future__ import annotations

from functools import partial

from flask import Flask

from motorlab import (
    assets,
    consent,
    errors,
    hosts,
    i18n,
    icons,
    internals,
    layouts,
    mount,
    page_cache,
    page_store,
    security,
    slashes,
    static_files,
    template_globals,
)
from motorlab.config import Config
from motorlab.contact import ratelimit
from motorlab.extensions import babel, cache, csrf
from motorlab.paths import PROJECT_ROOT
from motorlab.request_body import GuardedBody


def create_app(config: object | None = None) -> Flask:
    """Build the app. `config` is an object whose upper-case attributes override the
    environment-based defaults of `Config` (tests pass `TestConfig()`)."""
    app = Flask(
        __name__,
        template_folder=str(PROJECT_ROOT / "templates"),
        instance_path=str(PROJECT_ROOT / "instance"),
    )
    app.config.from_object(config if config is not None else Config())

    # 1. Extensions, and the settings each module works out from the configuration.
    babel.init_app(app, locale_selector=i18n.select_locale)
    cache.init_app(app)
    csrf.init_app(app)  # its before_request checks every POST before the hooks below
    internals.init_app(app)  # sessions that say whether a request touched them
    ratelimit.init_app(app)  # the contact limit's storage
    hosts.init_app(app)  # TRUSTED_HOSTS and the untrusted host's 400 page
    mount.init_app(app)  # the session cookie's path under SCRIPT_NAME
    i18n.init_app(app)  # locale prefixes in URLs; refuses incomplete catalogs
    assets.init_app(app)  # the esbuild manifest, read once
    security.init_app(app)  # the security headers, worked out once
    page_cache.init_app(app)  # its Cache-Control and timeout
    _register_blueprints(app)
    static_files.init_app(app)  # no symbolic link out of static/
    errors.init_app(app)
    layouts.init_app(app)  # every layout compiled at start-up
    template_globals.register(app)

    # 2. Request hooks, in the order they run.
    for hook in BEFORE_REQUEST:
        app.before_request(hook)
    # Flask runs after_request hooks last registered first: registering the list reversed
    # makes it read in running order. (A blueprint's own hooks run before all of these: the
    # contact pages' `Cache-Control: no-store`.)
    for hook in reversed(AFTER_REQUEST):
        app.after_request(hook)

    # 3. WSGI layers, outermost first: each sees the request before the ones below it.
    layers = [
        hosts.CanonicalHost,  # Host compared without case or a trailing dot, before any check
        mount.layer(app),  # SCRIPT_NAME from the setting only, before the page cache keys on it
        partial(page_store.PageStore, app, page_cache.POLICY),  # stored pages, before Flask
        GuardedBody,  # an unreadable body is a 400
        *hosts.proxy_layers(app),  # behind PROXY_FIX_HOPS proxies: the visitor's address
    ]
    for layer in reversed(layers):
        app.wsgi_app = layer(app.wsgi_app)
    return app


BEFORE_REQUEST = (
    slashes.redirect_to_canonical,  # `/services/` -> `/services`, never rendered
    security.refuse_unreasonable_paths,  # 414 for a path no page has
)

AFTER_REQUEST = (
    page_cache.mark_shareable,  # may this answer be stored for everyone?
    consent.cache_by_the_choice,  # pages differ by the analytics choice
    security.set_security_headers,  # CSP and the rest, on every answer
    assets.mark_immutable,  # hashed static files: a year
    hosts.relative_location,  # redirects to this host go out relative
)


def _register_blueprints(app: Flask) -> None:
    from motorlab.consent.routes import bp as consent_bp
    from motorlab.contact import bp as contact_bp
    from motorlab.contact.cli import outbox_cli
    from motorlab.health import bp as health_bp
    from motorlab.images import bp as images_bp
    from motorlab.language import bp as language_bp
    from motorlab.pages import bp as pages_bp
    from motorlab.projects import bp as projects_bp
    from motorlab.seo import bp as seo_bp

    app.register_blueprint(pages_bp)
    app.register_blueprint(projects_bp)
    app.register_blueprint(language_bp)
    app.register_blueprint(seo_bp)
    app.register_blueprint(contact_bp)
    app.register_blueprint(images_bp)
    app.register_blueprint(health_bp)
    app.register_blueprint(consent_bp)  # the analytics banner's /consent form
    icons.init_app(app)  # /favicon.ico, /apple-touch-icon.png, /manifest.webmanifest
    app.cli.add_command(outbox_cli)
