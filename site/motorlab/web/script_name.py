"""Where the app is mounted: `SCRIPT_NAME` comes from the setting of that name, never from the
request.

gunicorn takes a `SCRIPT_NAME` request header from the addresses in its
`forwarded_allow_ips` (loopback by default) and moves that prefix out of `PATH_INFO`; other
servers and proxies may do the same. A client could then have `/en/aboutus` rendered as the
page `/aboutus` under `/en`, with every link pointing into `/en/static/…`, and the page cache
would keep it. So this middleware, the outermost, puts the path back together and splits it
again at the configured prefix: without one (the default) `SCRIPT_NAME` is always empty;
with one (`SCRIPT_NAME=/site`), a path outside it is a 404.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from flask import Flask
from werkzeug.exceptions import NotFound


class MountPoint:
    """WSGI middleware: SCRIPT_NAME is `prefix`, whatever the request or the server said."""

    def __init__(self, wsgi_app: Callable, prefix: str = "") -> None:
        self.wsgi_app = wsgi_app
        self.prefix = prefix.rstrip("/")

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        full = environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", "")
        if self.prefix:
            if full != self.prefix and not full.startswith(self.prefix + "/"):
                return NotFound()(environ, start_response)
            full = full[len(self.prefix) :]
        environ["SCRIPT_NAME"] = self.prefix
        environ["PATH_INFO"] = full or "/"
        return self.wsgi_app(environ, start_response)


def init_app(app: Flask) -> None:
    prefix = app.config.get("SCRIPT_NAME", "")
    if prefix:
        app.config["APPLICATION_ROOT"] = prefix  # the session cookie's path


def layer(app: Flask) -> Callable:
    """The MountPoint for this app's SCRIPT_NAME: it must wrap the page cache, which keys on
    SCRIPT_NAME."""
    return partial(MountPoint, prefix=app.config.get("SCRIPT_NAME", ""))
