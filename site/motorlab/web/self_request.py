"""Ask the app for one of its own pages from inside a request or a Frozen-Flask run.

The request runs in a fresh context (`contextvars`): otherwise Flask would reuse the outer
application context, and with it `g` (the locale) and Flask-Babel's cached translations, so
an English page asked for from a Spanish context would come out in Spanish.

Each request is for SITE_URL's host and scheme, the one host a production's TRUSTED_HOSTS are
sure to hold (the test client's default, `localhost`, is refused there).
"""

from __future__ import annotations

import contextvars
from urllib.parse import urlsplit

from flask import Flask
from werkzeug.test import TestResponse

from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE


def fetch(app: Flask, path: str, *, headers: dict | None = None) -> TestResponse:
    """GET `path` as a returning visitor (the language cookie set, so `/` never redirects).
    `app` is the app itself: `current_app` would be unbound in the fresh context."""
    client = app.test_client()
    site = urlsplit(app.config["SITE_URL"])
    client.set_cookie(COOKIE_NAME, DEFAULT_LOCALE, domain=site.hostname)
    return contextvars.Context().run(
        client.get, path, headers=headers or {}, base_url=site_origin(app)
    )


def site_origin(app: Flask) -> str:
    """SITE_URL's scheme and host, the base of every request asked here."""
    site = urlsplit(app.config["SITE_URL"])
    return f"{site.scheme}://{site.netloc}"


def error_page(app: Flask, path: str, status: int) -> bytes:
    """The app's error page for `status` as a request for `path` gets it (in its language):
    for the errors nginx answers itself (deploy/nginx.conf), which no route of the app raises."""
    from motorlab.errors.handlers import render_error

    def render() -> bytes:
        with app.test_request_context(path, base_url=site_origin(app)):
            return render_error(status).get_data()

    return contextvars.Context().run(render)
