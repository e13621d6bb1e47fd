"""How create_app puts the app together: what it binds, in which order, and nothing unused."""

from __future__ import annotations


def test_no_idle_rate_limiter(app):
    # The contact limit is motorlab.contact.ratelimit; an idle Flask-Limiter and its settings
    # would only suggest a second limit that does not exist.
    assert "limiter" not in app.extensions
    dead = [key for key in app.config if key.startswith("RATELIMIT_")]
    assert dead == ["RATELIMIT_STORAGE_URI"]
    assert "contact_rate_limit" in app.extensions
