"""Motorlab Digital's public website."""

from __future__ import annotations

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
    security,
    slashes,
    static_files,
    widget_props,
)
from motorlab.config import PROJECT_ROOT, Config
from motorlab.contact import ratelimit
from motorlab.extensions import babel, cache, csrf
from motorlab.request_body import GuardedBody
from motorlab.seo import structured_data


def create_app(config: object | None = None) -> Flask:
    """Build the app. `config` is an object whose upper-case attributes override the
    environment-based defaults of `Config` (tests pass `TestConfig()`)."""
    app = Flask(
        __name__,
        template_folder=str(PROJECT_ROOT / "templates"),
        instance_path=str(PROJECT_ROOT / "instance"),
    )
    app.config.from_object(config if config is not None else Config())

    babel.init_app(app, locale_selector=i18n.select_locale)
    cache.init_app(app)
    ratelimit.init_app(app)
    csrf.init_app(app)
    internals.init_app(app)  # sessions that say whether a request touched them
    hosts.init_app(app)  # TRUSTED_HOSTS, ProxyFix, relative redirects
    app.wsgi_app = GuardedBody(app.wsgi_app)  # an unreadable body is a 400
    slashes.init_app(app)  # first hook: `/services/` -> `/services`, never rendered
    i18n.init_app(app)
    assets.init_app(app)
    widget_props.init_app(app)
    security.init_app(app)
    _register_blueprints(app)
    static_files.init_app(app)  # no symbolic link out of static/
    consent.init_app(app)  # the analytics banner, its /consent form and its cookie
    icons.init_app(app)  # /favicon.ico, /apple-touch-icon.png, /manifest.webmanifest
    structured_data.init_app(app)  # JSON-LD on home and the case studies
    errors.init_app(app)
    layouts.init_app(app)
    page_cache.init_app(app)  # its middleware wraps everything above
    mount.init_app(app)  # SCRIPT_NAME from the setting only, before the page cache looks
    hosts.init_edge(app)  # outermost: Host compared without case or a trailing dot
    return app


def _register_blueprints(app: Flask) -> None:
    from motorlab.contact import bp as contact_bp
    from motorlab.contact.cli import outbox_cli
    from motorlab.health import bp as health_bp
    from motorlab.images import bp as images_bp
    from motorlab.images import urls as image_urls
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
    image_urls.init_app(app)
    app.cli.add_command(outbox_cli)
