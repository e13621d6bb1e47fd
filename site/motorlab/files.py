"""Files the app writes and the versions it links them by."""

from __future__ import annotations

import hashlib
import os
import secrets
from functools import lru_cache
from pathlib import Path


def _write_draft(target: Path, data: bytes, mode: int, *, sync: bool = False) -> Path:
    """`data` in a new file beside `target` (its mode `mode` less the umask)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    draft = target.with_name(f".{target.name}.{secrets.token_hex(8)}.part")
    try:
        with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode), "wb") as out:
            out.write(data)
            if sync:
                out.flush()
                os.fsync(out.fileno())
    except BaseException:
        if os.path.exists(draft):
            os.unlink(draft)
        raise
    return draft


def write_atomically(target: Path, data: bytes, *, replace: bool = True, mode: int = 0o666) -> bool:
    """Write `data` aside, then move it into place: no reader sees a half-written file. With
    `replace=False` an existing file wins: returns whether this call's data is in place."""
    draft = None
    try:
        draft = _write_draft(target, data, mode)
        if replace:
            os.replace(draft, target)
            return True
        try:
            os.link(draft, target)
        except FileExistsError:
            return False
        return True
    finally:
        if draft is not None and os.path.exists(draft):
            os.unlink(draft)


def create_private(path: Path) -> None:
    """Create `path` empty and readable by its owner alone, unless it exists, whatever the
    umask: an SQLite file of visitors' data (SQLite gives its -wal and -shm the same mode)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))


def replace_all(texts: dict[Path, bytes]) -> None:
    """Write every file aside, each on disk (fsync), before any is moved into place: a failure
    while writing leaves every target as it was, a crash after the renames no empty file."""
    drafts: dict[Path, Path] = {}
    try:
        for target, data in texts.items():
            drafts[target] = _write_draft(target, data, 0o666, sync=True)
        for target, draft in drafts.items():
            os.replace(draft, target)
        for folder in {target.parent for target in drafts}:  # the renames themselves
            fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
    finally:
        for draft in drafts.values():
            if os.path.exists(draft):
                os.unlink(draft)


def file_digest(path: Path) -> bytes:
    """The file's sha256, read again only when its size or time changes."""
    stat = path.stat()
    return _digest(str(path), stat.st_mtime_ns, stat.st_size)


def file_version(path: Path) -> str:
    """A short hash of the file's bytes: the `?v=` that changes whenever the file does."""
    return file_digest(path).hex()[:12]


fingerprint = file_version  # motorlab.rendering.assets's name for it


@lru_cache(maxsize=4096)
def _digest(path: str, mtime_ns: int, size: int) -> bytes:
    return hashlib.sha256(Path(path).read_bytes()).digest()
