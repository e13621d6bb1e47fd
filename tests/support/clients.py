"""HTTP clients for the servers the tests start: GETs that follow no redirect, a visitor with
its own cookies and CSRF token, and requests written byte by byte."""

from __future__ import annotations

import http.client
import re
import socket
import ssl
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

from werkzeug.wrappers import Response

# A returning visitor: `/` answers, never redirects.
SPANISH_COOKIE = {"Cookie": "i18n_redirected=es"}


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the redirect is the answer the tests look at


def get(url: str, headers: dict | None = None, opener=None):
    """(status, headers, body) without following redirects."""
    opener = opener or urllib.request.build_opener(NoRedirect())
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with opener.open(request, timeout=20) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def get_text(url: str, headers: dict | None = None) -> tuple[int, str]:
    """(status, body as text) without following redirects."""
    status, _headers, body = get(url, headers)
    return status, body.decode()


class ServerClient:
    """Flask's test client's `get` and `set_cookie` against a real server."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies: dict[str, str] = {}

    def set_cookie(self, name: str, value: str) -> None:
        self.cookies[name] = value

    def get(self, path: str, headers: dict | None = None) -> Response:
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        status, raw, body = get(self.base + path, headers)
        return Response(body, status=status, headers=list(raw.items()))


def exchange(base: str, head: bytes, body: bytes = b"") -> bytes:
    """Send a request written byte by byte (`head` asks for `Connection: close`) and read the
    whole answer; the sending side stays open (nginx drops a half-closed one unanswered)."""
    port = urllib.parse.urlsplit(base).port
    with socket.create_connection(("127.0.0.1", port), timeout=20) as conn:
        conn.sendall(head + body)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    return answer


class Answer:
    """A raw HTTP answer read apart: status, header lines as sent, body."""

    def __init__(self, raw: bytes) -> None:
        head, _, self.body = raw.partition(b"\r\n\r\n")
        status_line, *lines = head.decode("latin-1").split("\r\n")
        self.status = int(status_line.split()[1])
        self.lines = lines
        fields = (line.partition(":") for line in lines)
        self.headers = [(name, value.strip(" ")) for name, _, value in fields]

    def get(self, name: str) -> list[str]:
        return [value for key, value in self.headers if key.lower() == name.lower()]


class Visitor:
    TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')

    def __init__(self, base: str, context: ssl.SSLContext | None = None) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPSHandler(context=context),
            urllib.request.HTTPCookieProcessor(CookieJar()),
            NoRedirect(),
        )
        self.token = ""

    def get(self, path: str) -> tuple[int, str]:
        return self._open(urllib.request.Request(self.base + path))

    def fetch_token(self, path: str = "/en/contact") -> None:
        self.token = self.TOKEN.search(self.get(path)[1]).group(1)

    def post(
        self, path: str, fields: dict, *, as_json: bool = False, headers: dict | None = None
    ) -> tuple[int, str]:
        body = urllib.parse.urlencode({**fields, "csrf_token": self.token}).encode()
        headers = {"Accept": "application/json" if as_json else "text/html", **(headers or {})}
        return self._open(urllib.request.Request(self.base + path, data=body, headers=headers))

    def _open(self, request) -> tuple[int, str]:
        """The status (0: unreachable, hung up, timed out) and body; headers in `self.headers`."""
        try:
            with self.opener.open(request, timeout=30) as response:
                self.headers = response.headers
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            self.headers = error.headers
            return error.code, error.read().decode()
        except (OSError, http.client.HTTPException):  # URLError and timeouts are OSErrors
            return 0, ""
