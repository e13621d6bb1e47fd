"""`motorlab deploy|rollback|restore` refuses, in one line and before it touches anything,
what it cannot do well (the whole runs: test_one_server.py)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys

import pytest

from tests.support.processes import ROOT

COMMAND = ROOT / "deploy" / "motorlab"


def motorlab(tmp_path, *args: str) -> subprocess.CompletedProcess:
    layout = [
        "--base", str(tmp_path / "srv"), "--environment-file", str(tmp_path / "env"),
        "--systemd", str(tmp_path / "systemd"), "--backups", str(tmp_path / "backups"),
    ]  # fmt: skip
    return subprocess.run(
        [str(COMMAND), *layout, *args], capture_output=True, text=True, timeout=60,
        env={"PATH": os.environ["PATH"]},
    )  # fmt: skip


def test_a_bad_settings_file_state_inside_the_releases_or_a_second_operation_is_refused(
    tmp_path,
):
    result = motorlab(tmp_path, "deploy", str(ROOT))
    assert (result.returncode, result.stderr) == (1, (
        f"motorlab deploy: nothing switched: cannot read the environment file {tmp_path / 'env'}:"
        f" [Errno 2] No such file or directory: '{tmp_path / 'env'}'\n"
    ))  # fmt: skip
    (tmp_path / "env").write_text("SITE_URL https://www.motorlab.example\n")
    result = motorlab(tmp_path, "deploy", str(ROOT))
    assert result.stderr.endswith(f"{tmp_path / 'env'}, line 1: not a KEY=value line\n")
    # State the next release would lose (before, the outbox's default in instance/).
    outbox = tmp_path / "srv" / "releases" / "1" / "instance" / "outbox.sqlite3"
    (tmp_path / "env").write_text(f"OUTBOX_PATH={outbox}\nIMAGE_CACHE_DIR={tmp_path}/images\n")
    result = motorlab(tmp_path, "deploy", str(ROOT))
    assert (result.returncode, result.stderr) == (1, (
        f"motorlab deploy: nothing switched: {outbox.parent} is inside {tmp_path / 'srv'}: the"
        " next release would lose it\n"
    ))  # fmt: skip
    assert not (tmp_path / "srv" / "releases").exists()
    with open(tmp_path / "srv" / ".deploy.lock", "w") as lock:  # one operation at a time
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = motorlab(tmp_path, "rollback")
    assert result.stderr == (
        "motorlab rollback: nothing switched: another deploy or rollback is under way\n"
    )


def test_a_venv_the_service_user_cannot_run_is_refused_with_what_to_do(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("needs root to run a command as another user")
    sys.path.insert(0, str(ROOT / "site" / "motorlab" / "deploy"))
    try:
        import release as deploy_release
    finally:
        sys.path.pop(0)
    private = tmp_path / "private"
    (private / ".venv" / "bin").mkdir(parents=True)
    # An interpreter only root may run (as one under /root, 0700, is for the services: the
    # guide's reviewer had one).
    interpreter = private / "python3.11"
    interpreter.write_text("#!/bin/sh\nexit 0\n")
    interpreter.chmod(0o700)
    (private / ".venv" / "bin" / "python").symlink_to(interpreter)
    with pytest.raises(deploy_release.DeployError) as refused:
        deploy_release.check_interpreter(private, "nobody")
    assert str(refused.value) == (
        f"{private / '.venv/bin/python'} ({interpreter}) cannot be run by nobody: make the venv"
        " with an interpreter every user can read, e.g. PYTHON=/usr/bin/python3"
    )
    deploy_release.check_interpreter(private, "root")  # root can
