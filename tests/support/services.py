"""Debian's PostgreSQL and Redis, started by the launcher (`Process`) on free loopback ports
for the scale-out test and removed afterwards. PostgreSQL refuses to run as root: as root, the
cluster belongs to the unprivileged `postgres` user that Debian's package creates."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.processes import Process, free_port


def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def redis_bin() -> str | None:
    return shutil.which("redis-server")


def _as_owner(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@contextmanager
def postgres() -> Iterator[str]:
    """A throw-away cluster; yields its URL (trust authentication, loopback only)."""
    bin_dir = postgres_bin()
    assert bin_dir is not None, "PostgreSQL is not installed"
    home = Path(tempfile.mkdtemp(prefix="motorlab-pg-"))
    data, sockets = home / "data", home / "sockets"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(home, "postgres")
        shutil.chown(sockets, "postgres")
    port = free_port()
    subprocess.run(
        _as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", "motorlab",
                   "--auth=trust", "--no-sync"]),
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    # In the foreground (not `pg_ctl start`, which leaves it to run alone): the launcher's.
    server = Process(
        _as_owner([str(bin_dir / "postgres"), "-D", str(data), "-p", str(port), "-k",
                   str(sockets), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]),
        log=home / "postgres.log",
    )  # fmt: skip
    try:
        import psycopg

        url = f"postgresql://motorlab@127.0.0.1:{port}/postgres"
        for _ in range(200):
            try:
                psycopg.connect(url, connect_timeout=2).close()
                break
            except psycopg.OperationalError:
                time.sleep(0.05)
        yield url
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


@contextmanager
def redis() -> Iterator[str]:
    """A Redis server without persistence; yields its URL."""
    port = free_port()
    server = Process(
        [redis_bin(), "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no"]
    )  # fmt: skip
    try:
        import redis as client

        for _ in range(100):
            try:
                client.Redis(port=port).ping()
                break
            except client.ConnectionError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}"
    finally:
        server.stop()
