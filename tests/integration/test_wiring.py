"""How create_app puts the app together: what it binds, in which order, and nothing unused."""

from __future__ import annotations

from pathlib import Path

import motorlab
from motorlab import create_app, i18n
from motorlab.rendering import assets, layouts
from tests.support.app import config_with


def _layers(app) -> list[str]:
    found, layer = [], app.wsgi_app
    while layer is not None and layer is not app:
        found.append(type(layer).__name__)
        layer = getattr(layer, "wsgi_app", None) or getattr(layer, "app", None)
        if getattr(layer, "__self__", None) is app:  # Flask's own wsgi_app method
            break
    return found


def test_wsgi_layers_outermost_first_proxies_innermost(app):
    assert _layers(app) == ["CanonicalHost", "MountPoint", "PageStore", "GuardedBody"]
    proxied = create_app(config_with(PROXY_FIX_HOPS=1))
    assert _layers(proxied)[-2:] == ["ForwardedSchemeFilter", "ProxyFix"]


def test_flask_runs_exactly_the_request_path_create_app_lists(app):
    """Flask's own lists (every blueprint's too) against create_app's: a hook or blueprint
    registered anywhere else fails here. No idle Flask-Limiter (motorlab.contact.ratelimit)."""
    assert "limiter" not in app.extensions and "contact_rate_limit" in app.extensions
    dead = [key for key in app.config if key.startswith("RATELIMIT_")]
    assert dead == ["RATELIMIT_STORAGE_URI"]

    # Flask-WTF's CSRF check first, then ours; after_request hooks run last registered first.
    before_request = dict(app.before_request_funcs)
    csrf_check, *before = before_request.pop(None)
    assert csrf_check.__module__ == "flask_wtf.csrf" and csrf_check.__name__ == "csrf_protect"
    assert (before, before_request) == (list(motorlab.BEFORE_REQUEST), {})
    assert app.after_request_funcs == {None: list(reversed(motorlab.AFTER_REQUEST))}
    assert app.teardown_request_funcs == {} and app.teardown_appcontext_funcs == []
    assert app.url_value_preprocessors == {None: [i18n.pull_locale]}
    assert app.url_default_functions == {None: [i18n.inject_locale]}

    context_processors = dict(app.template_context_processors)
    flask_default, csrf_token, *processors = context_processors.pop(None)
    assert flask_default.__module__ == "flask.templating"  # request, session, g
    assert csrf_token.__module__ == "flask_wtf.csrf"
    assert processors == [layouts.layout_context]
    # Each blueprint carries only Flask's default context processor.
    assert context_processors == {
        blueprint.name: [flask_default] for blueprint in motorlab.BLUEPRINTS
    }
    assert list(app.blueprints.values()) == list(motorlab.BLUEPRINTS)
    # The lists read in running order: `/` is answered before all else.
    assert motorlab.BEFORE_REQUEST[0].__name__ == "detect_on_root"
    assert motorlab.AFTER_REQUEST[0].__name__ == "mark_shareable"
    assert motorlab.AFTER_REQUEST[-1].__name__ == "relative_location"


def test_one_module_registers_the_template_globals_and_assets_is_an_importable_api(app):
    package = Path(motorlab.__file__).parent
    setters = sorted(
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if "jinja_env.globals" in path.read_text(encoding="utf-8")
    )
    assert setters == ["rendering/template_globals.py"]
    with app.test_request_context("/"):
        assert assets.asset_url("img/favicon.svg").startswith("/static/img/favicon.svg?v=")
        assert assets.inline_stylesheet().startswith('<style data-stylesheet="site-')
        assert app.jinja_env.globals["asset_url"] is assets.asset_url
