"""The deploy tools and make as the tests run them, in an environment without the test run's
settings. Standard library only: tests/support/systemctl.py imports it as a script."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

UNITS = [
    "motorlab-backup.service", "motorlab-backup.timer", "motorlab-check.service",
    "motorlab-check.timer", "motorlab-sender.service", "motorlab-web-blue.service",
]  # fmt: skip
# Settings of the test run or a developer's shell that would move the writable folders.
MOVED = ("OUTBOX_PATH", "OUTBOX_URL", "IMAGE_CACHE_DIR", "MAKEFLAGS", "MAKELEVEL")


def environment(**settings: str) -> dict[str, str]:
    """This environment but MOVED, with `settings` over it."""
    return {**{k: v for k, v in os.environ.items() if k not in MOVED}, **settings}


def motorlab(*args, **settings: str) -> subprocess.CompletedProcess:
    """`python -m motorlab ARGS` in this checkout, with `settings` over environment()."""
    command = [sys.executable, "-m", "motorlab", *map(str, args)]
    env = environment(**settings)
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def make(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`make ARGS` in this checkout (`-n`: the commands a target runs, printed, not run)."""
    return subprocess.run(
        ["make", "--no-print-directory", *args], cwd=ROOT, env=env or environment(),
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def service_section(path: Path) -> dict[str, list[str]]:
    """A unit file's [Service] section: {key: [values]}."""
    section, found = None, {}
    for line in path.read_text().splitlines():
        if line.startswith("["):
            section = line
        elif section == "[Service]" and "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def serving_commands(export: Path, port: int = 0) -> dict[str, list[str]]:
    """What serves the site: gunicorn as its unit runs it, the sender, the export to `export`."""
    return {
        "gunicorn": [str(BIN / "gunicorn"), "--config", "python:motorlab.deploy.gunicorn_config",
                     "--bind", f"127.0.0.1:{port}", "wsgi:app"],
        "sender": [str(BIN / "flask"), "--app", "wsgi", "outbox", "worker"],
        "export": [sys.executable, "-m", "motorlab", "export", str(export)],
    }  # fmt: skip


def refusals(launch, env: dict[str, str], export: Path, port: int) -> dict[str, list[str]]:
    """What each serving command said, once it ended with status 3 (as it must), but gunicorn's
    own log lines, which start with a timestamp: "[2026-…] [pid] [INFO] Starting…"."""
    said = {}
    for name, command in serving_commands(export, port).items():
        process = launch.process(command, env=env, capture=True)
        lines = process.finish(timeout=60).splitlines()
        assert process.poll() == 3, (name, lines)
        said[name] = [line for line in lines if not line.startswith("[")]
    return said
