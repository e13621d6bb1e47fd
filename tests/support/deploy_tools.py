"""The deploy tools (motorlab.deploy.units, motorlab.deploy.nginx_config) as the tests run them:
the units they write, their [Service] sections, and an environment without the test run's
settings. Standard library only: tests/support/systemctl.py imports it as a script."""

from __future__ import annotations

import os
from pathlib import Path

UNITS = [
    "motorlab-backup.service", "motorlab-backup.timer", "motorlab-check.service",
    "motorlab-check.timer", "motorlab-sender.service", "motorlab-web-blue.service",
]  # fmt: skip
# Settings of the test run or a developer's shell that would move the writable folders.
MOVED = ("OUTBOX_PATH", "OUTBOX_URL", "IMAGE_CACHE_DIR", "MAKEFLAGS", "MAKELEVEL")


def environment(**settings: str) -> dict[str, str]:
    """This environment but MOVED, with `settings` over it."""
    return {**{k: v for k, v in os.environ.items() if k not in MOVED}, **settings}


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
