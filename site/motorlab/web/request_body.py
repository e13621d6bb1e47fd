"""A request body the server cannot read (a malformed chunk size, a connection cut short)
is the client's fault: 400, never 500. The WSGI servers report it differently (Werkzeug's
dev server raises OSError, gunicorn its ParseException, both from `wsgi.input.read`), so
this middleware wraps the input stream and turns any read failure into a 400."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from werkzeug.exceptions import BadRequest

# The largest request body the site takes (a contact post is a few kB): the app's
# MAX_CONTENT_LENGTH; larger ones get 413 (the contact page says what was too long).
MAX_BODY = 64 * 1024
# nginx's client_max_body_size is this many times MAX_BODY (deploy_config): above the app's
# limit so that the app answers a post over it; larger still, nginx's 413 is the site's page.
PROXY_BODY_FACTOR = 2


class UnreadableBody(BadRequest):
    description = "The request body could not be read."


class _GuardedInput:
    def __init__(self, stream) -> None:
        self._stream = stream

    def _guard(self, method: str, *args):
        try:
            return getattr(self._stream, method)(*args)
        except Exception as error:  # noqa: BLE001 - whatever the server raised
            raise UnreadableBody() from error

    def read(self, *args):
        return self._guard("read", *args)

    def readline(self, *args):
        return self._guard("readline", *args)

    def readlines(self, *args):
        return self._guard("readlines", *args)

    def __iter__(self):
        return iter(self.readline, b"")

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


class GuardedBody:
    """WSGI middleware: wraps `wsgi.input` so that reading it never raises a server error."""

    def __init__(self, wsgi_app: Callable) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        stream = environ.get("wsgi.input")
        if stream is not None:
            environ["wsgi.input"] = _GuardedInput(stream)
        return self.wsgi_app(environ, start_response)
