"""Fixtures shared by every test: the app built with TestConfig, its client, HTML parsing."""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager, suppress
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from motorlab import create_app
from motorlab.config import TestConfig

ROOT = Path(__file__).resolve().parents[1]

# The contact tests' fixtures (smtp, contact_app, contact_client).
pytest_plugins = ["tests.contact_support"]


@pytest.fixture
def app():
    return create_app(TestConfig())


@pytest.fixture
def client(app):
    """A returning visitor: the language cookie is set, so `/` never redirects."""
    client = app.test_client()
    client.set_cookie("i18n_redirected", "es")
    return client


@pytest.fixture
def first_visit_client(app):
    """A visitor without the language cookie."""
    return app.test_client()


def soup_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def visible_text(soup: BeautifulSoup) -> str:
    """The page's text as a person reads it: whitespace folded, scripts left out."""
    for node in soup(["script", "style", "template"]):
        node.decompose()
    return " ".join(soup.get_text(" ").split())


@contextmanager
def gunicorn(env: dict[str, str], workers: int = 2, port: int | None = None):
    """The app under gunicorn on a free loopback port, in its own process group so that
    everything it started stops with it. Yields (base address, process)."""
    from tests.smtp import free_port

    port = port or free_port()
    base = f"http://127.0.0.1:{port}"
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        "--bind", f"127.0.0.1:{port}", "--workers", str(workers), "wsgi:app",
    ]  # fmt: skip
    server = subprocess.Popen(
        command, cwd=ROOT, env={**os.environ, **env}, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(150):
            if server.poll() is not None:
                raise RuntimeError("gunicorn exited during start-up")
            try:
                with urllib.request.urlopen(base + "/en/contact", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        yield base, server
    finally:
        with suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


class Visitor:
    """A browser-like HTTP client with its own cookies, for servers started by the tests."""

    TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(CookieJar()), _NoRedirect()
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
        """The status and body; 0 when the server cannot be reached, hangs up or times out."""
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()
        except (OSError, http.client.HTTPException):  # URLError and timeouts are OSErrors
            return 0, ""


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
