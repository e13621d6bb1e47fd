"""nginx's logs stay in its runtime folder, which Debian's logrotate does not cover: the
rendered logrotate file (deploy/nginx.logrotate, `deploy_units --logrotate`) rotates them, as
`logrotate -d` reads it and as logrotate really does it, with nginx reopening its logs."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from tests.deploy.test_units import environment
from tests.support.servers import ROOT

LOGROTATE = shutil.which("logrotate") or "/usr/sbin/logrotate"


def render(tmp_path: Path, runtime: Path) -> Path:
    """The file as an operator writes it, for nginx's runtime folder `runtime`."""
    target = tmp_path / "motorlab-nginx"
    result = subprocess.run(
        [sys.executable, "-m", "motorlab.deploy_units", "--user", "motorlab",
         "--environment-file", "/etc/motorlab/env", "--nginx-runtime", str(runtime),
         "--output", str(tmp_path / "units"), "--logrotate", str(target)],
        cwd=ROOT, env=environment(), capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == str(target)
    return target


def logrotate(config: Path, *flags: str) -> subprocess.CompletedProcess:
    if not Path(LOGROTATE).exists():
        pytest.fail("logrotate is missing: apt-get install logrotate (make nginx)")
    state = config.with_name("logrotate.state")
    return subprocess.run(
        [LOGROTATE, *flags, "--state", str(state), str(config)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_logrotate_reads_the_rendered_file_for_nginxs_two_logs(tmp_path):
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
    assert f'kill -USR1 "$(cat {runtime}/nginx.pid)"' in said
    assert sorted(path.name for path in runtime.iterdir()) == ["access.log", "error.log"]


def test_nginx_writes_to_fresh_logs_after_a_rotation(tmp_path, exported_site, launch):
    """On USR1 nginx's workers open the new logs themselves, as nginx's user (www-data, or
    nobody here): the runtime folder and the folders above it must let them through, as the
    guide's `install -d` (0755) does; pytest's own folders are private (0700)."""
    workdir = Path(tempfile.mkdtemp(prefix="motorlab-logs-"))
    server, base = launch.start_nginx(exported_site[0], "127.0.0.1:9", workdir)
    try:
        runtime = Path(server.handle.args[server.handle.args.index("-p") + 1])
        for folder in (workdir, runtime):
            folder.chmod(0o755)
        urllib.request.urlopen(base + "/robots.txt?before", timeout=10).close()
        access = runtime / "access.log"
        deadline = time.monotonic() + 10  # nginx flushes its access log buffer every second
        while "before" not in access.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
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
