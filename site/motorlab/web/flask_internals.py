"""The places where the app needs more of Flask than its documented API gives, kept here
so an upgrade that changes them breaks one module and its tests
(tests/integration/test_internals.py), not a page in production. No other module reaches
past a public API (tests/unit/test_layering.py); the tests' own are tests/support/internals.py.

- Whether a request touched the session: Flask's `session` proxy marks the session as
  accessed when it is read, so asking through it would answer "yes" every time. A session
  interface (public API) keeps the opened session where we can look without touching it.
- A URL adapter for a request whose host is not trusted: Flask refuses to bind one, and the
  400 page still needs `url_for`. There is no public way to give a request an adapter, so
  this sets the request context's `url_adapter`.
- The export builds each page in a fresh `contextvars` context: Frozen-Flask keeps one
  request context open around the whole run, whose `g` would otherwise leak between pages.
  Its per-page step, `_build_one`, is the only place to do that.
- Reading a Cookie header outside a request as `request.cookies` reads it (the page cache,
  the detection on `/`): werkzeug's public `werkzeug.http.parse_cookie` first decodes the
  header as UTF-8, and raises on a byte such as 0xff that gunicorn passes on; the parser
  `request.cookies` uses is its sans-IO one, which reads the string as it is.
"""

from __future__ import annotations

import contextvars
from urllib.parse import urlsplit

from flask import Flask, current_app, request
from flask.globals import request_ctx
from flask.sessions import SecureCookieSessionInterface
from werkzeug.datastructures import MultiDict
from werkzeug.sansio.http import parse_cookie

OPENED_SESSION = "motorlab.session"  # in the WSGI environ: one per request, even nested ones


class WatchedSessionInterface(SecureCookieSessionInterface):
    """Flask's cookie session, remembered in the request's environ when opened."""

    def open_session(self, app, request):
        session = super().open_session(app, request)
        request.environ[OPENED_SESSION] = session
        return session


def session_touched() -> bool:
    """Whether this request read or wrote the session (a CSRF token, a flashed message)."""
    opened = request.environ.get(OPENED_SESSION)
    return bool(opened is not None and (opened.accessed or opened.modified))


def bind_site_url_adapter() -> None:
    """Give a request that has no URL adapter (its host is not trusted) one bound to
    SITE_URL's host and scheme, so `url_for` works on its error page."""
    if request_ctx.url_adapter is None:
        site = urlsplit(current_app.config["SITE_URL"])
        request_ctx.url_adapter = current_app.url_map.bind(
            site.netloc,
            script_name=request.script_root or None,
            url_scheme=site.scheme,
            path_info=request.path,
        )


def read_cookies(header: str) -> MultiDict[str, str]:
    """A Cookie header (WSGI's latin-1 string) read as `request.cookies` reads it."""
    return parse_cookie(header)


def init_app(app: Flask) -> None:
    app.session_interface = WatchedSessionInterface()


def fresh_context_freezer() -> type:
    """A Freezer class that builds each URL in a fresh context (no `g` shared between
    pages). Made on demand: only the export needs Frozen-Flask."""
    from flask_frozen import Freezer

    class FreshContextFreezer(Freezer):
        def _build_one(self, url, last_modified=None):
            return contextvars.Context().run(super()._build_one, url, last_modified)

    return FreshContextFreezer
