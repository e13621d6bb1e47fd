"""Where the app needs more of Flask than its documented API gives: one module (and
tests/integration/test_internals.py) to look at when an upgrade changes them."""

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
    """Flask's cookie session, kept in the environ when opened: reading `session.accessed`
    through Flask's proxy would mark it accessed."""

    def open_session(self, app, request):
        session = super().open_session(app, request)
        request.environ[OPENED_SESSION] = session
        return session


def session_touched() -> bool:
    """Whether this request read or wrote the session (a CSRF token, a flashed message)."""
    opened = request.environ.get(OPENED_SESSION)
    return bool(opened is not None and (opened.accessed or opened.modified))


def bind_site_url_adapter() -> None:
    """Bind SITE_URL's URL adapter where Flask left none (an untrusted host): `url_for` works
    on its error page."""
    if request_ctx.url_adapter is None:
        site = urlsplit(current_app.config["SITE_URL"])
        request_ctx.url_adapter = current_app.url_map.bind(
            site.netloc,
            script_name=request.script_root or None,
            url_scheme=site.scheme,
            path_info=request.path,
        )


def read_cookies(header: str) -> MultiDict[str, str]:
    """A Cookie header read as `request.cookies` reads it: werkzeug.http.parse_cookie would
    decode it as UTF-8 first, and raise on a byte such as 0xff that gunicorn passes on."""
    return parse_cookie(header)


def init_app(app: Flask) -> None:
    app.session_interface = WatchedSessionInterface()


def fresh_context_freezer() -> type:
    """A Freezer building each URL in a fresh context: Frozen-Flask keeps one request context
    open around the run, whose `g` would leak between pages (`_build_one` is its only hook)."""
    from flask_frozen import Freezer

    class FreshContextFreezer(Freezer):
        def _build_one(self, url, last_modified=None):
            return contextvars.Context().run(super()._build_one, url, last_modified)

    return FreshContextFreezer
