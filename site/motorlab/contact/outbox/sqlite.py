"""The outbox in one SQLite file (WAL mode) for one machine; a lost or truncated file gets
its schema again, an older schema is migrated in place."""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TypeVar

from motorlab.contact.outbox.base import (
    REQUEST_COLUMNS,
    WAITING,
    BackupRefused,
    OutboxUnavailable,
    SqlOutbox,
)
from motorlab.files import create_private

T = TypeVar("T")
SCHEMA_VERSION = 4

TABLE = f"""
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    {REQUEST_COLUMNS}
    status TEXT NOT NULL
        CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'uncertain')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    claim TEXT,
    claimed_at REAL,
    sent_at TEXT,
    next_attempt_at REAL NOT NULL DEFAULT 0,
    data_at REAL,
    deadline_at REAL
)"""
INDEX = "CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at, id)"
V1_COLUMNS = (
    "id, uuid, created_at, locale, name, email, description, status, attempts, last_error,"
    " claim, claimed_at, sent_at"
)
# The columns each older version had (2: back-off, 3: data_at; 4 adds deadline_at).
OLD_COLUMNS = {
    1: V1_COLUMNS,
    2: V1_COLUMNS + ", next_attempt_at",
    3: V1_COLUMNS + ", next_attempt_at, data_at",
}

_ready: set[str] = set()  # files whose schema this process has checked


@contextmanager
def immediate(db: sqlite3.Connection) -> Iterator[None]:
    """A write transaction that takes the lock up front, so reads inside it stay true."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


@contextmanager
def connect(target: str, timeout: float, **options) -> Iterator[sqlite3.Connection]:
    """A connection in autocommit mode (transactions are explicit), closed on exit."""
    with closing(sqlite3.connect(target, timeout=timeout, isolation_level=None, **options)) as db:
        db.row_factory = sqlite3.Row
        db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        yield db


def _ensure_schema(db: sqlite3.Connection) -> None:
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        db.execute("PRAGMA journal_mode = WAL")
    if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
        return
    with immediate(db):
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version < SCHEMA_VERSION:
            old = _has_table(db)
            if old:
                db.execute("ALTER TABLE outbox RENAME TO outbox_old")
            db.execute(TABLE)
            if old:
                columns = OLD_COLUMNS[max(version, 1)]
                db.execute(f"INSERT INTO outbox ({columns}) SELECT {columns} FROM outbox_old")
                db.execute("DROP TABLE outbox_old")
            db.execute("DROP INDEX IF EXISTS outbox_status")
            db.execute(INDEX)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _has_table(db: sqlite3.Connection) -> bool:
    """Whether the file holds the outbox's table: an empty file is an empty database."""
    found = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'"
    return db.execute(found).fetchone() is not None


class SqliteOutbox(SqlOutbox):
    def __init__(self, path: str, *, lock_timeout: float = 3) -> None:
        self.path = str(path)
        self.lock_timeout = lock_timeout

    def __repr__(self) -> str:
        return f"SqliteOutbox({self.path!r})"

    def _run(self, work: Callable[[sqlite3.Connection], T], *, durable: bool = False) -> T:
        """Run `work`; a table lost under us is recreated once, other faults become
        OutboxUnavailable. Only `durable` work (a new request) syncs each commit to disk."""
        for attempt in (1, 2):
            try:
                if not Path(self.path).exists():
                    _ready.discard(self.path)  # a new (or replaced) file needs its table
                    create_private(Path(self.path))
                with connect(self.path, self.lock_timeout) as db:
                    db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
                    if self.path not in _ready:
                        _ensure_schema(db)
                        _ready.add(self.path)
                    return work(db)
            except sqlite3.OperationalError as error:
                if "no such table" in str(error) and attempt == 1:
                    _ready.discard(self.path)
                    continue
                raise OutboxUnavailable(f"{type(error).__name__}: {error}") from error
            except (sqlite3.Error, OSError) as error:
                raise OutboxUnavailable(f"{type(error).__name__}: {error}") from error
        raise AssertionError("unreachable")

    def _claiming(self, db: sqlite3.Connection):
        return immediate(db)

    @contextmanager
    def _existing(self) -> Iterator[sqlite3.Connection]:
        """The file as it is, never created nor migrated (GET /healthz)."""
        try:
            target = f"{Path(self.path).resolve().as_uri()}?mode=rw"
            with connect(target, self.lock_timeout, uri=True) as db:
                yield db
        except sqlite3.Error as error:
            raise OutboxUnavailable(str(error)) from error

    def _read(self, work: Callable[[sqlite3.Connection], T], empty: T, lock: bool = False) -> T:
        """`work` on the file as it is, never created nor migrated (GET /healthz): `empty` if
        it or its table is missing; `lock` takes the write lock, as a post needs (in WAL mode
        a read succeeds while a writer holds it)."""
        if not Path(self.path).exists():
            return empty
        with self._existing() as db:
            if lock:
                db.execute("BEGIN IMMEDIATE")  # rolled back as `db` closes: nothing written
            return work(db) if _has_table(db) else empty

    def waiting(self) -> dict[str, int]:
        """As the shared `waiting`, and proof that a post could be stored now: a missing file
        is empty if its folder is writable, and the write lock is taken."""
        folder = Path(self.path).parent
        writable = folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)
        if not (Path(self.path).exists() or writable):
            raise OutboxUnavailable(f"{folder} is missing or not writable")
        return self._read(self._waiting, dict.fromkeys(WAITING, 0), lock=True)

    def overdue(self, now: float) -> int:
        """As the shared `overdue`: a table without `deadline_at` (older) has no overdue row."""

        def count(db: sqlite3.Connection) -> int:
            columns = {found[1] for found in db.execute("PRAGMA table_info(outbox)")}
            return self._overdue(db, now) if "deadline_at" in columns else 0

        return self._read(count, 0)

    def backlog(self, now: float) -> dict:
        empty = {"failed": 0, "oldest_unsent_seconds": None, "unreadable": []}
        return self._read(lambda db: self._backlog(db, now), empty)

    def backup(self, target: Path) -> int:
        """Copy the outbox into `target` (0600) in one consistent snapshot, renamed into place
        so `target` is never half a copy; returns the number of requests copied."""
        if not Path(self.path).exists():
            raise OutboxUnavailable(f"{self.path} does not exist")
        live = Path(self.path).resolve()
        if target.resolve() in {live.with_name(live.name + end) for end in ("", "-wal", "-shm")}:
            raise BackupRefused(f"{target} is the outbox itself: back it up into another file")
        # The draft in a 0700 folder of its own: a guessable name could be someone else's.
        folder = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
        draft = folder / target.name
        create_private(draft)
        try:
            with self._existing() as source, closing(sqlite3.connect(draft)) as copy:
                source.backup(copy)  # every page in one step: one snapshot
                copy.execute("PRAGMA journal_mode = DELETE")
                if copy.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                    raise OutboxUnavailable(f"the copy of {self.path} fails its integrity check")
                count = copy.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]
            os.replace(draft, target)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return count
