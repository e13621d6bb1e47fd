"""What the commands that serve the site check before they start, each problem in one line;
`make run` (debug mode) keeps its friendly defaults."""

from __future__ import annotations

import os
import pwd
import stat
from pathlib import Path

from motorlab.config import TRUE, Config, SettingError
from motorlab.i18n import catalog_refusal

# Settings production must name: neither has a default that works on a public server.
REQUIRED = {
    "SITE_URL": "the site's public address, e.g. https://www.motorlab.example",
    "SECRET_KEY": "a long random string, the same on every server",
}


def refusal() -> str | None:
    """The first reason not to start with the environment's settings, or None."""
    development = os.environ.get("FLASK_DEBUG", "").strip().lower() in TRUE
    if not development:
        for name, what in REQUIRED.items():
            if not os.environ.get(name, "").strip():
                return f"{name} is not set: set it to {what} (docs/operations.md)"
    try:
        config = Config()
    except SettingError as error:
        return str(error)
    if not development and not config.OUTBOX_URL:
        return outbox_refusal(Path(config.OUTBOX_PATH))
    return None


def catalogs_refusal() -> str | None:
    config = Config()
    return catalog_refusal(Path(config.BABEL_TRANSLATION_DIRECTORIES), config.INCOMPLETE_LANGUAGES)


def outbox_refusal(path: Path) -> str | None:
    """Why this process cannot open or create the SQLite outbox `path` (or its -wal, -shm)."""
    me = _user(os.geteuid())
    files = [path, *(path.with_name(path.name + suffix) for suffix in ("-wal", "-shm"))]
    for file in files:
        if file.exists() and not os.access(file, os.R_OK | os.W_OK):
            return f"OUTBOX_PATH: {me} cannot open {file}: {_owned(file)}"
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"OUTBOX_PATH: {me} cannot create files in {folder} (for {path}): {_owned(folder)}"
    return None


def _owned(path: Path) -> str:
    info = path.stat()
    return f"it belongs to {_user(info.st_uid)}, mode {stat.filemode(info.st_mode)}"


def _user(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"user {uid}"
