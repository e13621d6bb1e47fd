"""The outbox in one SQLite file (WAL mode), shared by every gunicorn worker and sender on
one machine.

Claims run inside BEGIN IMMEDIATE, so two senders never take the same row. Every wait for
a lock is bounded by `lock_timeout`. A file that vanished or was truncated gets its schema
again on the next use; a file from an older schema (before the back-off column, before
`uncertain` and `data_at`, or before `deadline_at`) is migrated in place.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TypeVar

from motorlab.contact.outbox.base import (
    QUEUED,
    REQUEST_COLUMNS,
    SENDING,
    STATUSES,
    WAITING,
    BackupRefused,
    OutboxUnavailable,
    Row,
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
OLD_COLUMNS = {
    1: V1_COLUMNS,
    2: V1_COLUMNS + ", next_attempt_at",
    3: V1_COLUMNS + ", next_attempt_at, data_at",
}

_ready: set[str] = set()  # files whose schema this process has checked


def _ensure_schema(db: sqlite3.Connection) -> None:
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        db.execute("PRAGMA journal_mode = WAL")
    if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version < SCHEMA_VERSION:
            old = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'outbox'").fetchone()
            if old:  # 1: no 'failed', no back-off; 2: no 'uncertain', no data_at; 3: no deadline_at
                db.execute("ALTER TABLE outbox RENAME TO outbox_old")
            db.execute(TABLE)
            if old:
                columns = OLD_COLUMNS[max(version, 1)]
                db.execute(f"INSERT INTO outbox ({columns}) SELECT {columns} FROM outbox_old")
                db.execute("DROP TABLE outbox_old")
            db.execute("DROP INDEX IF EXISTS outbox_status")
            db.execute(INDEX)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


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

    @contextmanager
    def _connect(self, durable: bool) -> Iterator[sqlite3.Connection]:
        """A connection in autocommit mode (transactions are explicit), closed on exit.

        A durable connection syncs each commit to disk: a stored request survives a power
        cut. Status changes may skip that sync (WAL keeps them safe from a crashed process);
        losing one only means a row is tried again (the Message-ID lets receivers dedupe)."""
        if not Path(self.path).exists():
            _ready.discard(self.path)  # a new (or replaced) file needs its table
            create_private(Path(self.path))
        with closing(
            sqlite3.connect(self.path, timeout=self.lock_timeout, isolation_level=None)
        ) as db:
            db.row_factory = sqlite3.Row
            db.execute(f"PRAGMA busy_timeout = {int(self.lock_timeout * 1000)}")
            db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
            if self.path not in _ready:
                _ensure_schema(db)
                _ready.add(self.path)
            yield db

    def _run(self, work: Callable[[sqlite3.Connection], T], *, durable: bool = False) -> T:
        """Run `work` on a connection; a table lost under us (file truncated) is recreated
        once; every other fault becomes OutboxUnavailable."""
        for attempt in (1, 2):
            try:
                with self._connect(durable) as db:
                    return work(db)
            except sqlite3.OperationalError as error:
                if "no such table" in str(error) and attempt == 1:
                    _ready.discard(self.path)
                    continue
                raise OutboxUnavailable(f"{type(error).__name__}: {error}") from error
            except (sqlite3.Error, OSError) as error:
                raise OutboxUnavailable(f"{type(error).__name__}: {error}") from error
        raise AssertionError("unreachable")

    @staticmethod
    @contextmanager
    def _immediate(db: sqlite3.Connection) -> Iterator[None]:
        """A write transaction that takes the lock up front, so reads inside it stay true."""
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    @staticmethod
    def _get(db: sqlite3.Connection, row_id: int) -> Row:
        return Row(**db.execute("SELECT * FROM outbox WHERE id = ?", (row_id,)).fetchone())

    def add(self, *, locale: str, name: str, email: str, description: str) -> Row:
        """Store a new request, queued and due at once; returns when it is on disk."""

        statement, values = self._insert(
            locale=locale, name=name, email=email, description=description
        )

        def work(db: sqlite3.Connection) -> Row:
            return self._get(db, db.execute(statement, values).lastrowid)

        return self._run(work, durable=True)

    def claim_next(
        self,
        *,
        after_id: int = 0,
        due_only: bool = True,
        stale_after: float = 900,
        deadline: float | None = None,
    ) -> Row | None:
        """Claim the oldest queued row above `after_id` (only a due one if `due_only`), its
        attempt to be over `deadline` seconds from now (None: no limit)."""
        claim, now = uuid.uuid4().hex, time.time()
        deadline_at = None if deadline is None else now + deadline

        def work(db: sqlite3.Connection) -> Row | None:
            with self._immediate(db):
                self._expire_claims(db, now, stale_after)
                found = db.execute(
                    "SELECT id FROM outbox WHERE status = ? AND id > ?"
                    " AND (? OR next_attempt_at <= ?) ORDER BY id LIMIT 1",
                    (QUEUED, after_id, not due_only, now),
                ).fetchone()
                if found is None:
                    return None
                db.execute(
                    "UPDATE outbox SET status = ?, claim = ?, claimed_at = ?, data_at = NULL,"
                    " deadline_at = ?, attempts = attempts + 1 WHERE id = ? AND status = ?",
                    (SENDING, claim, now, deadline_at, found["id"], QUEUED),
                )
                return self._get(db, found["id"])

        return self._run(work)

    def counts(self) -> dict[str, int]:
        query = "SELECT status, COUNT(*) FROM outbox GROUP BY status"
        found = self._run(lambda db: dict(db.execute(query).fetchall()))
        return {status: found.get(status, 0) for status in STATUSES}

    @contextmanager
    def _existing(self) -> Iterator[sqlite3.Connection]:
        """A connection to the file as it is: opened read-write but never created nor
        migrated (GET /healthz); any fault becomes OutboxUnavailable."""
        uri = f"{Path(self.path).resolve().as_uri()}?mode=rw"
        try:
            with closing(
                sqlite3.connect(uri, uri=True, timeout=self.lock_timeout, isolation_level=None)
            ) as db:
                db.execute(f"PRAGMA busy_timeout = {int(self.lock_timeout * 1000)}")
                yield db
        except sqlite3.Error as error:
            raise OutboxUnavailable(str(error)) from error

    def waiting(self) -> dict[str, int]:
        """The queued and uncertain counts, and proof that a post could be stored now.

        A file that does not exist yet (no request so far) is an empty outbox as long as its
        folder can hold it; so is a file without the table (zero bytes: the next post creates
        it). The check takes the write lock (an empty IMMEDIATE transaction,
        rolled back) because in WAL mode a read succeeds even while a writer holds the file."""
        file = Path(self.path)
        if not file.exists():
            folder = file.parent
            if folder.is_dir() and os.access(folder, os.W_OK | os.X_OK):
                return dict.fromkeys(WAITING, 0)
            raise OutboxUnavailable(f"{folder} is missing or not writable")
        query = "SELECT status, COUNT(*) FROM outbox WHERE status IN (?, ?) GROUP BY status"
        with self._existing() as db:
            db.execute("BEGIN IMMEDIATE")  # writable within the bound, as a post needs
            try:
                found = dict(db.execute(query, WAITING).fetchall()) if _has_table(db) else {}
            finally:
                db.execute("ROLLBACK")
        return {status: found.get(status, 0) for status in WAITING}

    def overdue(self, now: float) -> int:
        """As the shared `overdue`, on the file as it is: one not migrated yet (no
        `deadline_at`) comes from before deadlines, so none of its rows is overdue."""
        if not Path(self.path).exists():
            return 0
        with self._existing() as db:
            columns = {found[1] for found in db.execute("PRAGMA table_info(outbox)")}
            if "deadline_at" not in columns:  # no table at all included
                return 0
            return db.execute(self.OVERDUE, (SENDING, self._past_deadline(now))).fetchone()[0]

    def backlog(self, now: float) -> dict:
        """As the shared `backlog`, on the file as it is (never created: GET /healthz)."""
        empty = {"failed": 0, "oldest_unsent_seconds": None, "unreadable": []}
        if not Path(self.path).exists():
            return empty
        with self._existing() as db:
            if not _has_table(db):
                return empty
            db.row_factory = sqlite3.Row
            return self._backlog(db, now)

    def backup(self, target: Path) -> int:
        """Copy the outbox into `target`, a file of its own (no -wal beside it) readable by its
        owner alone, through SQLite's online backup: one snapshot, consistent while senders and
        workers write (WAL readers never block them). Written aside and renamed into place,
        so `target` is never half a copy; the outbox itself is never created. Returns the
        number of requests copied."""
        if not Path(self.path).exists():
            raise OutboxUnavailable(f"{self.path} does not exist")
        live = Path(self.path).resolve()
        if target.resolve() in {live.with_name(live.name + end) for end in ("", "-wal", "-shm")}:
            raise BackupRefused(f"{target} is the outbox itself: back it up into another file")
        # The draft in a folder of its own, made exclusively and 0700: in a folder others may
        # write, a draft name they can guess could be theirs first (and the copy theirs).
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
