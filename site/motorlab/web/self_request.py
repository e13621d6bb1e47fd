"""Ask the app for one of its own pages from inside a request or a Frozen-Flask run: in a fresh
context (the outer `g` and cached translations would leak in), for SITE_URL's host."""

from __future__ import annotations

import contextvars
from urllib.parse import urlsplit

from flask import Flask
from werkzeug.test import TestResponse

from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE


def fetch(app: Flask, path: str, *, headers: dict | None = None) -> TestResponse:
    """GET `path` as a returning visitor (`/` never redirects)."""
    client = app.test_client()
    site = urlsplit(app.config["SITE_URL"])
    client.set_cookie(COOKIE_NAME, DEFAULT_LOCALE, domain=site.hostname)
    return contextvars.Context().run(
        client.get, path, headers=headers or {}, base_url=site_origin(app)
    )


def site_origin(app: Flask) -> str:
    site = urlsplit(app.config["SITE_URL"])
    return f"{site.scheme}://{site.netloc}"


def error_page(app: Flask, path: str, status: int) -> bytes:
    """The error page for `status` as a request for `path` gets it: for nginx's own errors."""
    from motorlab.errors.handlers import render_error

    def render() -> bytes:
        with app.test_request_context(path, base_url=site_origin(app)):
            return render_error(status).get_data()

    return contextvars.Context().run(render)
