"""The servers' session fixtures: the export, gunicorn and nginx in front of both, and the
`launch` fixture, which marks a test `system` (the launchers: tests/support/processes.py)."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.support.processes import (
    Process,
    app_environment,
    flask,
    gunicorn,
    start_gunicorn,
    start_nginx,
)


@pytest.fixture(scope="session")
def session_dir():
    """A private folder for the session's servers (not under basetemp: other runs prune it)."""
    folder = Path(tempfile.mkdtemp(prefix="motorlab-tests-"))
    folder.chmod(0o755)  # nginx's workers (www-data when started as root) read the export
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def exported_site():
    """`make export` once per run, by the first worker to ask, in a folder every worker shares
    (the controller removes it at the end): (folder, frozen URLs)."""
    run = os.getppid() if os.environ.get("PYTEST_XDIST_WORKER") else os.getpid()
    folder = Path(tempfile.gettempdir()) / f"motorlab-tests-{run}" / "export"
    folder.mkdir(mode=0o755, parents=True, exist_ok=True)
    folder.parent.chmod(0o755)  # nginx's workers (www-data when started as root) read the export
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        record = folder / "urls.json"
        if not record.exists():  # in a fresh interpreter: nothing an earlier test left applies
            subprocess.run([sys.executable, "-c", EXPORT, str(folder / "site"), str(record)],
                           check=True, timeout=600)  # fmt: skip
    return folder / "site", json.loads(record.read_text())


EXPORT = """
import json, sys
from pathlib import Path
from motorlab import create_app
from motorlab.build.export import export
from motorlab.config import TestConfig
Path(sys.argv[2]).write_text(json.dumps(export(create_app(TestConfig()), sys.argv[1])))
"""


@pytest.fixture(scope="session")
def launch():
    """Every process a test starts, through these; asking for it marks the test `system`."""
    from tests.support import services

    return SimpleNamespace(
        flask=flask, gunicorn=gunicorn, start_gunicorn=start_gunicorn, start_nginx=start_nginx,
        postgres=services.postgres, redis=services.redis, process=Process,
    )  # fmt: skip


@pytest.fixture(scope="session")
def app_server(session_dir, launch):
    """gunicorn (2 sync workers) serving wsgi:app on a free loopback port: its base URL."""
    workdir = session_dir / "gunicorn"
    workdir.mkdir()
    server, base = start_gunicorn("wsgi:app", app_environment(workdir / "outbox.sqlite3"), workdir)
    yield base
    server.stop()


@pytest.fixture(scope="session")
def nginx_server(exported_site, app_server, session_dir, launch):
    """nginx over the export, in front of `app_server`; 127.0.0.1 exempt from the limits
    (tests/deploy/test_edge.py checks them from other loopback addresses)."""
    app = app_server.removeprefix("http://")
    server, base = start_nginx(exported_site[0], app, session_dir, unlimited=("127.0.0.1",))
    yield base
    server.stop()


@pytest.fixture(scope="session")
def analytics_deployment(session_dir, launch):
    """With ANALYTICS_ID set: an export with gunicorn's app's settings, gunicorn, and nginx in
    front of both: (front, app, export, error_log)."""
    from motorlab import create_app
    from motorlab.build.export import export
    from tests.support.app import ANALYTICS_ID, config_with

    workdir = session_dir / "analytics"
    workdir.mkdir()
    env = app_environment(workdir / "outbox.sqlite3", ANALYTICS_ID=ANALYTICS_ID)
    settings = {name: env[name] for name in ("SITE_URL", "API_BASE_URL", "ANALYTICS_ID")}
    export(create_app(config_with(**settings)), workdir / "site")
    app, app_base = start_gunicorn("wsgi:app", env, workdir)
    try:
        front, base = start_nginx(
            workdir / "site", app_base.removeprefix("http://"), workdir,
            analytics_id=ANALYTICS_ID, unlimited=("127.0.0.1",),
        )  # fmt: skip
        try:
            yield SimpleNamespace(
                front=base, app=app_base, export=workdir / "site",
                error_log=front.log.parent / "error.log",
            )  # fmt: skip
        finally:
            front.stop()
    finally:
        app.stop()
