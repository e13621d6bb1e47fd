"""The deploy tools (motorlab.deploy.units, motorlab.deploy.nginx_config) as the tests run them: the
units they write, and the environment they run in, without the settings of the test run."""

from __future__ import annotations

import os

UNITS = [
    "motorlab-backup.service", "motorlab-backup.timer", "motorlab-check.service",
    "motorlab-check.timer", "motorlab-sender.service", "motorlab-web-blue.service",
]  # fmt: skip
# Settings of the test run or a developer's shell that would move the writable folders.
MOVED = ("OUTBOX_PATH", "OUTBOX_URL", "IMAGE_CACHE_DIR", "MAKEFLAGS", "MAKELEVEL")


def environment(**settings: str) -> dict[str, str]:
    """This environment but MOVED, with `settings` over it."""
    return {**{k: v for k, v in os.environ.items() if k not in MOVED}, **settings}
