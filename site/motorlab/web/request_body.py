"""A request body the server cannot read (a malformed chunk, a connection cut short) is a 400,
never a 500, whatever the WSGI server raises from `wsgi.input`."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from werkzeug.exceptions import BadRequest

# The app's MAX_CONTENT_LENGTH (a contact post is a few kB): larger bodies get the 413 page.
MAX_BODY = 64 * 1024
# nginx's client_max_body_size in MAX_BODYs: the app answers a post over its own limit.
PROXY_BODY_FACTOR = 2


class UnreadableBody(BadRequest):
    description = "The request body could not be read."


class _GuardedInput:
    def __init__(self, stream) -> None:
        self._stream = stream

    def __getattr__(self, name: str):
        found = getattr(self._stream, name)
        if name not in ("read", "readline", "readlines"):
            return found

        def guarded(*args):
            try:
                return found(*args)
            except Exception as error:  # noqa: BLE001 - whatever the server raised
                raise UnreadableBody() from error

        return guarded

    def __iter__(self):
        return iter(self.readline, b"")


class GuardedBody:
    def __init__(self, wsgi_app: Callable) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        stream = environ.get("wsgi.input")
        if stream is not None:
            environ["wsgi.input"] = _GuardedInput(stream)
        return self.wsgi_app(environ, start_response)
