"""`make prod`: it refuses to start without SECRET_KEY, in one clear line, and runs gunicorn
with the request limits nginx is rendered with (motorlab.deploy.gunicorn_config)."""

from __future__ import annotations

import os
import subprocess

from tests.support import ROOT


def make_prod(*flags: str, **env: str) -> subprocess.CompletedProcess:
    """`make prod` with `flags`, in this environment less SECRET_KEY and make's own, plus `env`."""
    base = {
        k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "MAKEFLAGS", "MAKELEVEL")
    }
    return subprocess.run(
        ["make", "--no-print-directory", *flags, "prod"],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_make_prod_refuses_to_start_without_a_secret_key():
    result = make_prod("-s")
    assert result.returncode != 0
    assert result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if not line.startswith("make: ***")]
    assert lines == [
        "make prod: SECRET_KEY is not set; set it to the same long random string on every server"
    ]
    assert "Traceback" not in result.stderr


def test_make_prod_runs_gunicorn_with_the_shared_limits():
    result = make_prod("-n", SECRET_KEY="x" * 40)  # -n: the commands, printed, not run
    assert result.returncode == 0, result.stderr
    gunicorn = next(line for line in result.stdout.splitlines() if "bin/gunicorn" in line)
    assert "--config python:motorlab.deploy.gunicorn_config" in gunicorn
