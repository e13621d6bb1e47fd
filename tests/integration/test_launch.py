"""The launcher's promise: a pytest run killed (its process group, SIGKILL, as `timeout` does
to `make test`) leaves none of the servers and commands it started."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.support.app import ROOT
from tests.support.contact_support import wait_for

INNER = """
import os, time
from pathlib import Path

from tests.support.processes import app_environment, flask, start_gunicorn, start_nginx


def test_servers_up_then_sleep(tmp_path):
    env = app_environment(tmp_path / "outbox.sqlite3")
    app, base = start_gunicorn("wsgi:app", env, tmp_path)
    front, _ = start_nginx(Path(os.environ["EXPORT"]), base.removeprefix("http://"), tmp_path)
    sender = flask(env, "outbox", "worker")
    pids = " ".join(str(process.pid) for process in (app, front, sender))
    Path(os.environ["LAUNCHED"]).write_text(pids)
    time.sleep(300)
"""


def alive(pid: int, group: int | None = None) -> bool:
    """Whether `pid` runs (not a zombie), in process group `group` when given, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return False
    return fields[0] != "Z" and group in (None, int(fields[2]))


def group_members(group: int) -> set[int]:
    pids = (int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit())
    return {pid for pid in pids if alive(pid, group)}


@pytest.fixture
def export():
    """A one-file export that nginx's workers (www-data when started as root) can read."""
    folder = Path(tempfile.mkdtemp(prefix="motorlab-launch-"))
    folder.chmod(0o755)
    (folder / "robots.txt").write_text("User-agent: *\n")
    yield folder
    shutil.rmtree(folder)


def test_a_killed_pytest_run_leaves_none_of_its_servers(tmp_path, export, launch):
    (tmp_path / "test_inner.py").write_text(INNER)
    launched = tmp_path / "launched"
    env = {**os.environ, "LAUNCHED": str(launched), "EXPORT": str(export), "PYTHONPATH": str(ROOT)}
    env.pop("PYTEST_CURRENT_TEST", None)
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_inner.py"],
        cwd=tmp_path, env=env, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        if not wait_for(lambda: launched.exists() and launched.read_text(), timeout=60):
            os.killpg(run.pid, signal.SIGKILL)
            pytest.fail(run.communicate()[0].decode()[-3000:])
        servers = [int(pid) for pid in launched.read_text().split()]
        groups = {os.getpgid(pid) for pid in servers}
        processes = set().union(*(group_members(group) for group in groups))
        assert len(processes) >= 7  # gunicorn and its 2 workers, nginx and a worker, a sender
    finally:
        os.killpg(run.pid, signal.SIGKILL)  # the whole run, as a timeout ends it
        run.communicate()
    wait_for(lambda: not any(alive(pid) for pid in processes), timeout=5)
    left = [pid for pid in processes if alive(pid)]
    for pid in left:  # not to leave them to the next run either
        os.kill(pid, signal.SIGKILL)
    assert left == []


def test_a_test_not_marked_system_cannot_start_a_process(monkeypatch):
    from tests.support import processes

    monkeypatch.setattr(processes, "SYSTEM_TESTS", set())  # as if no test were marked
    with pytest.raises(RuntimeError, match="is not a system test: ask for the `launch` fixture"):
        processes.Process(["true"])
