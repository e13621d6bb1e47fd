"""Ask the app for one of its own pages from inside a request or a Frozen-Flask run.

The request runs in a fresh context (`contextvars`): otherwise Flask would reuse the outer
application context, and with it `g` (the locale) and Flask-Babel's cached translations, so
an English page asked for from a Spanish context would come out in Spanish.
"""

from __future__ import annotations

import contextvars

from flask import Flask
from werkzeug.test import TestResponse

from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE


def fetch(app: Flask, path: str, *, headers: dict | None = None) -> TestResponse:
    """GET `path` as a returning visitor (the language cookie set, so `/` never redirects).
    `app` is the app itself: `current_app` would be unbound in the fresh context."""
    client = app.test_client()
    client.set_cookie(COOKIE_NAME, DEFAULT_LOCALE)
    return contextvars.Context().run(client.get, path, headers=headers or {})


def error_page(app: Flask, path: str, status: int) -> bytes:
    """The app's error page for `status` as a request for `path` gets it (in its language):
    for the errors nginx answers itself (deploy/nginx.conf), which no route of the app raises."""
    from motorlab.errors.handlers import render_error

    def render() -> bytes:
        with app.test_request_context(path):
            return render_error(status).get_data()

    return contextvars.Context().run(render)
