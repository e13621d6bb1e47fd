"""The app's language-detection tests for `/` (tests/integration/test_language.py), run
unchanged through nginx, which answers `/` itself from the export: the same status,
Location, cookie and page as the app. `first_visit_client` here is a browser-like client of
nginx whose answers are werkzeug responses, as the Flask test client's are."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from werkzeug.wrappers import Response

from tests.integration.test_language import (  # noqa: F401  (collected here, through nginx)
    test_an_existing_cookie_never_redirects,
    test_detection_happens_once,
    test_malformed_accept_language_never_fails,
    test_root_redirects_english_browsers_and_remembers,
    test_root_stays_in_spanish_and_remembers,
)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class NginxClient:
    """`get(path, headers=…)` and `set_cookie(name, value)`, like Flask's test client."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies: dict[str, str] = {}
        self.opener = urllib.request.build_opener(NoRedirect())

    def set_cookie(self, name: str, value: str) -> None:
        self.cookies[name] = value

    def get(self, path: str, headers: dict | None = None) -> Response:
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        request = urllib.request.Request(self.base + path, headers=headers)
        try:
            with self.opener.open(request, timeout=20) as answer:
                status, raw, body = answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as error:
            status, raw, body = error.code, error.headers, error.read()
        return Response(body, status=status, headers=list(raw.items()))


@pytest.fixture
def first_visit_client(nginx_server):
    return NginxClient(nginx_server)
