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


def fetch(
    app: Flask,
    path: str,
    *,
    headers: dict | None = None,
    language_cookie: str | None = DEFAULT_LOCALE,
) -> TestResponse:
    """GET `path` as a returning visitor (the language cookie set, so `/` never redirects)."""
    app = getattr(app, "_get_current_object", lambda: app)()  # `current_app` works too
    client = app.test_client()
    if language_cookie:
        client.set_cookie(COOKIE_NAME, language_cookie)
    return contextvars.Context().run(client.get, path, headers=headers or {})
