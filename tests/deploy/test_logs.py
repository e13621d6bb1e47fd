"""nginx runs and logs as Debian's, so Debian's own /etc/logrotate.d/nginx rotates its logs,
moved here to the tests' nginx: its `invoke-rc.d nginx rotate` becomes the same USR1."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from tests.support.contact_support import wait_for
from tests.support.deploy_tools import motorlab

LOGROTATE = shutil.which("logrotate") or "/usr/sbin/logrotate"
DEBIAN = Path("/etc/logrotate.d/nginx")  # Debian's nginx package's


def render(tmp_path: Path, logs: Path) -> Path:
    """Debian's file, moved to the tests' logs folder and pid file."""
    text = DEBIAN.read_text()
    assert text.startswith("/var/log/nginx/*.log {") and "invoke-rc.d nginx rotate" in text
    moved = text.replace("/var/log/nginx", str(logs)).replace(
        "invoke-rc.d nginx rotate", f'kill -USR1 "$(cat {logs}/nginx.pid)"'
    )
    target = tmp_path / "logrotate-nginx"
    target.write_text(moved)
    return target


def logrotate(config: Path, *flags: str) -> subprocess.CompletedProcess:
    if not Path(LOGROTATE).exists():
        pytest.fail("logrotate is missing: apt-get install logrotate (make nginx)")
    state = config.with_name("logrotate.state")
    return subprocess.run(
        [LOGROTATE, *flags, "--state", str(state), str(config)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_nginx_logs_where_debians_logrotate_reads_its_two_logs(tmp_path):
    (tmp_path / "env").write_text("SECRET_KEY=x\n")
    result = motorlab("nginx-config", "--environment-file", tmp_path / "env", "--runtime", tmp_path)
    lines = result.stdout.splitlines()
    assert {"pid /run/nginx.pid;", "error_log /var/log/nginx/error.log warn;"} <= set(lines)
    assert "    access_log /var/log/nginx/access.log combined buffer=64k flush=1s;" in lines
    runtime = tmp_path / "nginx"
    runtime.mkdir()
    for name in ("access.log", "error.log"):
        (runtime / name).write_text("a line\n")
    config = render(tmp_path, runtime)
    result = logrotate(config, "--debug", "--force")
    assert result.returncode == 0, result.stderr
    said = result.stdout + result.stderr
    assert "error:" not in said.lower()
    assert f"considering log {runtime}/access.log" in said
    assert f"considering log {runtime}/error.log" in said
    assert sorted(path.name for path in runtime.iterdir()) == ["access.log", "error.log"]


def test_nginx_writes_to_fresh_logs_after_a_rotation(tmp_path, exported_site, launch):
    """On USR1 nginx's workers, as nginx's user, open the new logs: the folders must let them
    through, as /var/log/nginx does (pytest's are 0700)."""
    workdir = Path(tempfile.mkdtemp(prefix="motorlab-logs-"))
    server, base = launch.start_nginx(exported_site[0], "127.0.0.1:9", workdir)
    try:
        runtime = Path(server.handle.args[server.handle.args.index("-e") + 1]).parent
        for folder in (workdir, runtime):
            folder.chmod(0o755)
        urllib.request.urlopen(base + "/robots.txt?before", timeout=10).close()
        access = runtime / "access.log"
        # nginx flushes its access log buffer every second.
        wait_for(lambda: "before" in access.read_text(), timeout=10)
        config = render(tmp_path, runtime)
        result = logrotate(config, "--force")
        assert result.returncode == 0, result.stderr
        rotated = runtime / "access.log.1"
        assert "GET /robots.txt?before " in rotated.read_text()
        # nginx reopens its logs (USR1; its workers a moment after the master): from then on
        # requests land in a new access.log, which a nginx never told would not create.
        deadline, tries = time.monotonic() + 10, 0
        while "after" not in (access.read_text() if access.exists() else ""):
            assert time.monotonic() < deadline, "nginx kept writing to the rotated log"
            tries += 1
            urllib.request.urlopen(base + f"/robots.txt?after-{tries}", timeout=10).close()
            time.sleep(0.3)
        assert "before" not in access.read_text()
        assert server.poll() is None  # the same nginx, never restarted
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
