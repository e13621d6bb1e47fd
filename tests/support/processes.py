"""Real processes on loopback for the tests and the benchmarks (gunicorn, nginx, `flask`), each
through `Process`: its own group, killed by a watcher when the test run dies however it ends."""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from motorlab.dev.mail_sink import free_loopback_port as free_port
from tests.support import ROOT

if TYPE_CHECKING:
    from motorlab.deploy.nginx_config import Tls

BIN = Path(sys.executable).parent
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
# The node IDs of the `system` tests (set by tests/conftest.py): any other test may start no
# process. None outside that pytest run (the perf scripts, an inner pytest).
SYSTEM_TESTS: set[str] | None = None


def free_port_outside_ephemeral_range() -> int:
    """A free loopback port outside the kernel's ephemeral range: a server that later binds to
    port 0 (make run's mail sink, `free_port` anywhere) can never be handed it."""
    ephemeral = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
    low, high = map(int, ephemeral)
    outside = [*range(1024, low), *range(high + 1, 65536)]
    for port in random.sample(outside, 100):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free loopback port outside the ephemeral range")


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


# A shell forks a watcher into the new group, then becomes the command. The watcher reads a
# pipe whose only writer is this process: when it ends (even by SIGKILL), it kills the group.
# A parent-death signal would reach only the first process.
WATCHER = "{ read -r _ <&3; kill -KILL 0; } >/dev/null 2>&1 &"
WATCHED = ["/bin/sh", "-c", f'exec 3<&0; {WATCHER} exec "$@" 3<&- </dev/null', "watched"]


class Process:
    """A process in a group of its own, watched; `stop` signals that group only. Output goes
    to `log` (None: nowhere), or with `capture` to `handle.stdout`."""

    def __init__(
        self, args: list[str], *, env: dict | None = None, log: Path | None = None,
        capture: bool = False, cwd: Path = ROOT,
    ) -> None:  # fmt: skip
        _refuse_outside_system_tests(args)
        self.log = log
        self.output = log.open("wb") if log else subprocess.DEVNULL
        reading, self.lifeline = os.pipe()
        try:
            self.handle = subprocess.Popen(
                [*WATCHED, *args],
                cwd=cwd,
                env=env,
                stdout=subprocess.PIPE if capture else self.output,
                stderr=subprocess.STDOUT,
                stdin=reading,
                start_new_session=True,
            )
        finally:
            os.close(reading)
        # The watcher keeps the group's ID from being reused until this object stops it.
        self.group = self.handle.pid
        self.stopped = False

    @property
    def pid(self) -> int:
        return self.handle.pid

    def poll(self) -> int | None:
        return self.handle.poll()

    def wait(self, timeout: float | None = None) -> int:
        return self.handle.wait(timeout)

    def wait_for(
        self, url: str, timeout: float = 30, context: ssl.SSLContext | None = None
    ) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.handle.poll() is not None:
                self.stop()
                raise RuntimeError(f"server exited: {self._tail()}")
            try:
                with urllib.request.urlopen(url, timeout=2, context=context):
                    return
            except urllib.error.HTTPError as error:
                self.stop()
                raise RuntimeError(f"{url} answered {error.code}") from error
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"no answer from {url}: {self._tail()}")

    def finish(self, timeout: float = 60) -> str:
        """Wait for a captured command to end: its output (then the group is stopped)."""
        output, _ = self.handle.communicate(timeout=timeout)
        self.stop()
        return output.decode()

    def kill(self) -> None:
        """SIGKILL to the whole group at once, as a crash would."""
        if not self.stopped:
            _signal_group(self.group, signal.SIGKILL)
            self.handle.wait(10)
            self._close()

    def stop(self) -> None:
        """SIGTERM to the group, SIGKILL if the process is still there after 10 s."""
        if not self.stopped:
            _signal_group(self.group, signal.SIGTERM)
            try:
                self.handle.wait(10)
            except subprocess.TimeoutExpired:
                _signal_group(self.group, signal.SIGKILL)
                self.handle.wait(10)
            self._close()

    def _close(self) -> None:
        self.stopped = True
        os.close(self.lifeline)
        if self.log:
            self.output.close()

    def _tail(self) -> str:
        return self.log.read_text()[-2000:] if self.log else ""


def _signal_group(group: int, number: int) -> None:
    with suppress(ProcessLookupError):
        os.killpg(group, number)


def _refuse_outside_system_tests(args: list[str]) -> None:
    current = os.environ.get("PYTEST_CURRENT_TEST", "").rpartition(" ")[0]
    if SYSTEM_TESTS is not None and current and current not in SYSTEM_TESTS:
        raise RuntimeError(
            f"{current} starts {Path(args[0]).name} but is not a system test: "
            "ask for the `launch` fixture (tests/support/servers.py)"
        )


def flask(env: dict, *args: str, log: Path | None = None, capture: bool = False) -> Process:
    """`flask --app wsgi ARGS` with `env` over this environment, as an operator runs it."""
    command = [str(BIN / "flask"), "--app", "wsgi", *args]
    return Process(command, env={**os.environ, **env}, log=log, capture=capture)


def start_gunicorn(
    target: str,
    env: dict,
    workdir: Path,
    *,
    workers: int = 2,
    health: str = "/healthz",
    port: int | None = None,
) -> tuple[Process, str]:
    """gunicorn serving `target` as `make prod` runs it, once `health` answers: (process,
    base URL)."""
    port = port or free_port()
    config = "python:motorlab.deploy.gunicorn_config"
    args = [str(BIN / "gunicorn"), "--config", config, "--bind", f"127.0.0.1:{port}", target]
    env = {**env, "WEB_CONCURRENCY": str(workers)}
    server = Process(args, env=env, log=workdir / f"gunicorn-{port}.log")
    base = f"http://127.0.0.1:{port}"
    server.wait_for(base + health)
    return server, base


@contextmanager
def gunicorn(
    env: dict[str, str], workers: int = 2, port: int | None = None
) -> Iterator[tuple[str, Process]]:
    """wsgi:app under gunicorn with `env` over this environment: (base URL, its process)."""
    workdir = Path(tempfile.mkdtemp(prefix="motorlab-gunicorn-"))
    server, base = start_gunicorn(
        "wsgi:app", {**os.environ, **env}, workdir, workers=workers, port=port,
        health="/en/contact",
    )  # fmt: skip
    try:
        yield base, server
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


@contextmanager
def bench_site(secret_key: str, **extra: str) -> Iterator[str]:
    """The site as tests/perf measure it, while the block runs: gunicorn with 2 workers, a
    throwaway outbox, this environment's settings when set, else the tests' ones."""
    with tempfile.TemporaryDirectory() as instance:
        env = {
            "SECRET_KEY": os.environ.get("SECRET_KEY", secret_key),
            "SITE_URL": os.environ.get("SITE_URL", "http://www.motorlab.example"),
            "EXTRA_HOSTS": os.environ.get("EXTRA_HOSTS", "127.0.0.1"),
            "OUTBOX_PATH": str(Path(instance) / "outbox.sqlite3"),
            "MAIL_PORT": os.environ.get("MAIL_PORT", "9"),
            **extra,
        }
        with gunicorn(env, workers=2) as (base, _):
            yield base


def start_nginx(
    export: Path,
    app_address: str,
    workdir: Path,
    *,
    analytics_id: str | None = None,
    unlimited: tuple[str, ...] = (),
    tls: Tls | None = None,
) -> tuple[Process, str]:
    """nginx with the rendered config on a free loopback port, once it answers: (process, base
    URL). With `tls`, that base is the plain server and the site answers at `tls.listen`."""
    from motorlab.deploy.nginx_config import render

    if not Path(NGINX).exists():
        raise RuntimeError(
            "nginx is missing: apt-get install nginx libnginx-mod-http-brotli-static"
        )
    runtime = Path(tempfile.mkdtemp(prefix="nginx-", dir=workdir))
    runtime.chmod(0o755)  # as deploy_release makes it: workers reach the hand-off socket there
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
            tls=tls,
        )
    )
    command = [NGINX, "-c", str(conf), "-e", str(runtime / "error.log"), "-g", "daemon off;"]
    server = Process(command, log=runtime / "stdout.log")
    base = f"http://127.0.0.1:{port}"
    if tls is None:
        server.wait_for(base + "/robots.txt")
    else:  # only whether it answers: the tests check the certificate themselves
        server.wait_for(
            f"https://{tls.listen}/robots.txt", context=ssl._create_unverified_context()
        )
    return server, base
