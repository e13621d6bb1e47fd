"""Real servers on loopback for the tests and the benchmarks: the one way to start gunicorn
(serving the app or any WSGI target) and Debian's nginx with deploy/nginx.conf, the one
`free_port`, a visitor with its own cookies, and the session's deployment fixtures (the export,
gunicorn, nginx). Each server listens on a free port picked at run time and runs in its own
process group, which `stop()` ends (and only it)."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def app_environment(outbox: Path, **extra: str) -> dict[str, str]:
    """The environment of a production-like app that matches TestConfig's public values."""
    env = dict(os.environ)
    env.update(
        SECRET_KEY="test-secret-key",
        # Plain http, as on loopback: a `Secure` session cookie would never come back.
        SITE_URL="http://www.motorlab.example",
        EXTRA_HOSTS="127.0.0.1",  # the tests reach it (and nginx) on loopback
        API_BASE_URL="http://www.motorlab.example/api",  # same origin: nginx's CSP matches
        OUTBOX_PATH=str(outbox),
        MAIL_SERVER="127.0.0.1",
        MAIL_PORT="9",
        MAIL_TIMEOUT="5",
        CONTACT_RATE_LIMIT="1000/minute",
    )
    env.update(extra)
    return env


class Process:
    """A server started in its own session; `stop` signals that process group only."""

    def __init__(self, args: list[str], *, env: dict | None = None, log: Path) -> None:
        self.log = log
        self.output = log.open("wb")
        self.handle = subprocess.Popen(
            args,
            cwd=ROOT,
            env=env,
            stdout=self.output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_for(self, url: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.handle.poll() is not None:
                self.stop()
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(url, timeout=2):
                    return
            except urllib.error.HTTPError as error:
                self.stop()
                raise RuntimeError(f"{url} answered {error.code}") from error
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"no answer from {url}: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.handle.poll() is None:
            os.killpg(self.handle.pid, signal.SIGTERM)
            try:
                self.handle.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.handle.pid, signal.SIGKILL)
                self.handle.wait(10)
        self.output.close()


def start_gunicorn(
    target: str,
    env: dict,
    workdir: Path,
    *,
    workers: int = 2,
    health: str = "/healthz",
    access_log: bool = False,
    port: int | None = None,
) -> tuple[Process, str]:
    """gunicorn serving `target` (sync workers) once `health` answers: (process, base URL)."""
    port = port or free_port()
    args = [
        str(BIN / "gunicorn"),
        "--config",
        "python:motorlab.gunicorn_config",  # the request limits, as `make prod` runs it
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        "sync",
        "--timeout",
        "30",
        "--chdir",
        str(ROOT),
    ]
    if access_log:
        args += ["--access-logfile", str(workdir / "gunicorn-access.log")]
    server = Process([*args, target], env=env, log=workdir / f"gunicorn-{port}.log")
    base = f"http://127.0.0.1:{port}"
    server.wait_for(base + health)
    return server, base


@contextmanager
def gunicorn(
    env: dict[str, str], workers: int = 2, port: int | None = None
) -> Iterator[tuple[str, subprocess.Popen]]:
    """wsgi:app under gunicorn with `env` over this environment, for as long as the block
    runs: (base URL, its process, which a test may kill)."""
    workdir = Path(tempfile.mkdtemp(prefix="motorlab-gunicorn-"))
    server, base = start_gunicorn(
        "wsgi:app", {**os.environ, **env}, workdir, workers=workers, port=port,
        health="/en/contact",
    )  # fmt: skip
    try:
        yield base, server.handle
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def start_nginx(
    export: Path,
    app_address: str,
    workdir: Path,
    *,
    analytics_id: str | None = None,
    unlimited: tuple[str, ...] = (),
) -> tuple[Process, str]:
    from motorlab.deploy_config import render

    if not Path(NGINX).exists():
        raise RuntimeError(
            "nginx is missing: apt-get install nginx libnginx-mod-http-brotli-static"
        )
    runtime = Path(tempfile.mkdtemp(prefix="nginx-", dir=workdir))
    port = free_port()
    conf = runtime / "nginx.conf"
    conf.write_text(
        render(
            listen=f"127.0.0.1:{port}",
            root=export,
            app=app_address,
            runtime=runtime,
            analytics_id=analytics_id,
            unlimited=unlimited,
        )
    )
    server = Process(
        [
            NGINX,
            "-c",
            str(conf),
            "-p",
            str(runtime),
            "-e",
            str(runtime / "error.log"),
            "-g",
            "daemon off;",
        ],
        log=runtime / "stdout.log",
    )
    base = f"http://127.0.0.1:{port}"
    server.wait_for(base + "/robots.txt")
    return server, base


def exchange(base: str, head: bytes, body: bytes = b"") -> bytes:
    """Send a request written byte by byte (no client library tidies it) and read the whole
    answer. `head` asks for `Connection: close`. The sending side stays open: nginx takes a
    half-closed connection for a visitor who left and drops a proxied request unanswered."""
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


# --- The session's deployment: the export, gunicorn and nginx in front of both ---------------


@pytest.fixture(scope="session")
def session_dir():
    """A private folder for the session's servers and export. Not under pytest's basetemp:
    other pytest runs of the same user prune old basetemp folders while this one runs."""
    folder = Path(tempfile.mkdtemp(prefix="motorlab-tests-"))
    folder.chmod(0o755)  # nginx's workers (www-data when started as root) read the export
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def exported_site(session_dir):
    """`make export` once per session, into a temporary folder: (folder, frozen URLs)."""
    from motorlab import create_app
    from motorlab.config import TestConfig
    from motorlab.export import export

    destination = session_dir / "export" / "site"
    urls = export(create_app(TestConfig()), destination)
    return destination, urls


@pytest.fixture(scope="session")
def app_server(session_dir):
    """gunicorn (2 sync workers) serving wsgi:app on a free loopback port: its base URL."""
    workdir = session_dir / "gunicorn"
    workdir.mkdir()
    server, base = start_gunicorn("wsgi:app", app_environment(workdir / "outbox.sqlite3"), workdir)
    yield base
    server.stop()


@pytest.fixture(scope="session")
def nginx_server(exported_site, app_server, session_dir):
    """Debian's nginx with deploy/nginx.conf over the export, in front of `app_server`. The
    tests' own address (127.0.0.1) is exempt from the per-address limits: tables of hundreds
    of requests; tests/deploy/test_edge.py checks the limits from other loopback addresses."""
    server, base = start_nginx(
        exported_site[0],
        app_server.removeprefix("http://"),
        session_dir,
        unlimited=("127.0.0.1",),
    )
    yield base
    server.stop()
