"""SCRIPT_NAME from the setting, never from the request (gunicorn would take a header naming
`/en` and render `/en/aboutus` as `/aboutus`); outside the configured prefix, a 404."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from flask import Flask
from werkzeug.exceptions import NotFound


class MountPoint:
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
    return partial(MountPoint, prefix=app.config.get("SCRIPT_NAME", ""))
