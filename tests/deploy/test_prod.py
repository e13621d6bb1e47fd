"""`make prod` refuses to start without SECRET_KEY, in one clear line. (How it runs gunicorn:
test_units.py's test_make_prod_the_unit_and_the_tests_run_gunicorn_with_its_config_alone.)"""

from __future__ import annotations

import os
import subprocess

from tests.support import ROOT


def test_make_prod_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "MAKEFLAGS", "MAKELEVEL")}
    result = subprocess.run(
        ["make", "--no-print-directory", "-s", "prod"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode != 0
    assert result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if not line.startswith("make: ***")]
    assert lines == [
        "make prod: SECRET_KEY is not set; set it to the same long random string on every server"
    ]
    assert "Traceback" not in result.stderr
