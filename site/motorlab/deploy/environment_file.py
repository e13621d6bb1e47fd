"""The operator's one source of settings (/etc/motorlab/env), `KEY=value` lines as systemd's
EnvironmentFile= reads them. The deployment tools given it run with its settings and nothing
else of the calling shell's. Standard library only: the deploy command loads it by its path."""

from __future__ import annotations

import os
import re
from pathlib import Path

ASSIGNMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)")
# What a command needs of the calling environment to run at all: no setting of the site's.
PROCESS = ("PATH", "LANG", "LC_ALL", "TZ", "HOME", "TMPDIR")


class EnvironmentFileError(Exception):
    """The file cannot be read, or a line is not `KEY=value`: said in one line."""


def read(path: str | Path) -> dict[str, str]:
    """The file's settings: blank lines and comments skipped, a value's surrounding quotes
    removed, as systemd does."""
    try:
        text = Path(path).read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise EnvironmentFileError(f"cannot read the environment file {path}: {error}") from None
    settings: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        found = ASSIGNMENT.fullmatch(line)
        if found is None:
            raise EnvironmentFileError(f"{path}, line {number}: not a KEY=value line")
        value = found[2].strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        settings[found[1]] = value
    return settings


def environment(path: str | Path) -> dict[str, str]:
    """A process environment of the file's settings and only what a process needs of ours."""
    return {**{name: os.environ[name] for name in PROCESS if name in os.environ}, **read(path)}


def use(path: str | Path) -> None:
    """Make this process's environment the file's (for a command given --environment-file)."""
    settings = environment(path)
    os.environ.clear()
    os.environ.update(settings)
