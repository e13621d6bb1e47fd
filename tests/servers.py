"""Real servers on loopback for the deployment tests and the benchmark: gunicorn serving the
app (or any WSGI target), and Debian's nginx with deploy/nginx.conf. Each listens on a free
port picked at run time and runs in its own process group, which `stop()` ends (and only it).
Used by tests/conftest.py fixtures and tests/perf scripts; test modules use the fixtures."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
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
) -> tuple[Process, str]:
    port = free_port()
    args = [
        str(BIN / "gunicorn"),
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
