"""How create_app puts the app together: what it binds, in which order, and nothing unused."""

from __future__ import annotations


def test_no_idle_rate_limiter(app):
    # The contact limit is motorlab.contact.ratelimit; an idle Flask-Limiter and its settings
    # would only suggest a second limit that does not exist.
    assert "limiter" not in app.extensions
    dead = [key for key in app.config if key.startswith("RATELIMIT_")]
    assert dead == ["RATELIMIT_STORAGE_URI"]
    assert "contact_rate_limit" in app.extensions


def _layers(app) -> list[str]:
    found, layer = [], app.wsgi_app
    while layer is not None and layer is not app:
        found.append(type(layer).__name__)
        layer = getattr(layer, "wsgi_app", None) or getattr(layer, "app", None)
        if getattr(layer, "__self__", None) is app:  # Flask's own wsgi_app method
            break
    return found


def test_wsgi_layers_outermost_first(app):
    assert _layers(app) == ["CanonicalHost", "MountPoint", "PageStore", "GuardedBody"]


def test_proxy_layers_sit_innermost():
    from motorlab import create_app
    from motorlab.config import TestConfig

    config = TestConfig()
    config.PROXY_FIX_HOPS = 1
    app = create_app(config)
    assert _layers(app)[-2:] == ["ForwardedSchemeFilter", "ProxyFix"]


def test_response_hooks_run_in_the_listed_order(app):
    from motorlab import AFTER_REQUEST, BEFORE_REQUEST

    # Flask runs after_request hooks in reverse order of registration.
    ours = [hook for hook in reversed(app.after_request_funcs[None]) if hook in AFTER_REQUEST]
    assert ours == list(AFTER_REQUEST)
    assert ours[0].__name__ == "mark_shareable" and ours[-1].__name__ == "relative_location"
    before = app.before_request_funcs[None]
    assert before[-len(BEFORE_REQUEST) :] == list(BEFORE_REQUEST)
    assert before[0].__module__ == "flask_wtf.csrf"  # the CSRF check comes first


def test_one_module_registers_the_template_globals():
    from pathlib import Path

    import motorlab

    package = Path(motorlab.__file__).parent
    setters = sorted(
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if "jinja_env.globals" in path.read_text(encoding="utf-8")
    )
    assert setters == ["template_globals.py"]


def test_assets_is_an_importable_api(app):
    from motorlab import assets

    with app.test_request_context("/"):
        assert assets.asset_url("img/favicon.svg").startswith("/static/img/favicon.svg?v=")
        assert assets.bundle_url("site.css").startswith("/static/build/")
        assert app.jinja_env.globals["asset_url"] is assets.asset_url
