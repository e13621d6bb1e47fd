"""The outbox: every accepted contact request is stored here before any mail is tried.

One SQLite file (OUTBOX_PATH) in WAL mode, shared by every gunicorn worker and by the
`flask outbox send` command. A row moves queued -> sending -> sent. Moving a row to
"sending" (a claim) happens inside a BEGIN IMMEDIATE transaction and only from "queued",
so two senders never hold the same row; a claim older than OUTBOX_STALE_AFTER (a worker
that died mid-send) is queued again.
"""

from __future__ import annotations

import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

QUEUED, SENDING, SENT = "queued", "sending", "sent"

SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    locale TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    description TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'sent')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    claim TEXT,
    claimed_at REAL,
    sent_at TEXT
);
CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, id);
"""


@dataclass(frozen=True)
class Row:
    id: int
    uuid: str
    created_at: str
    locale: str
    name: str
    email: str
    description: str
    status: str
    attempts: int
    last_error: str | None
    claim: str | None
    claimed_at: float | None
    sent_at: str | None


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


_ready: set[str] = set()


@contextmanager
def connect(path: str, *, durable: bool = True) -> Iterator[sqlite3.Connection]:
    """A connection in autocommit mode (transactions are explicit), closed on exit.

    A durable connection syncs each commit to disk: a stored request survives a power cut.
    Status changes may skip that sync (WAL keeps them safe from a crashed process); losing
    one to a power cut only means a row is tried again (Message-ID lets receivers dedupe)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    if not Path(path).exists():
        _ready.discard(path)  # a new (or replaced) file needs its table
    with closing(sqlite3.connect(path, timeout=30, isolation_level=None)) as db:
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA busy_timeout = 30000")
        db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
        if path not in _ready:  # once per process and file: WAL mode and the table persist
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            db.executescript(SCHEMA)
            _ready.add(path)
        yield db


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


def add_claimed(path: str, *, locale: str, name: str, email: str, description: str) -> Row:
    """Store a new request, already claimed by the caller, who tries to send it at once."""
    claim = uuid.uuid4().hex
    with connect(path) as db:
        cursor = db.execute(
            "INSERT INTO outbox (uuid, created_at, locale, name, email, description, status,"
            " attempts, claim, claimed_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
            (uuid.uuid4().hex, _now_iso(), locale, name, email, description, SENDING, claim,
             time.time()),
        )  # fmt: skip
        return _get(db, cursor.lastrowid)


def _get(db: sqlite3.Connection, row_id: int) -> Row:
    return Row(**db.execute("SELECT * FROM outbox WHERE id = ?", (row_id,)).fetchone())


def claim_next(path: str, *, after_id: int = 0, stale_after: float = 600) -> Row | None:
    """Claim the oldest queued row with an id above `after_id`, or None when there is none."""
    claim = uuid.uuid4().hex
    now = time.time()
    with connect(path) as db, _immediate(db):
        db.execute(
            "UPDATE outbox SET status = ?, claim = NULL,"
            " last_error = COALESCE(last_error, 'claim expired')"
            " WHERE status = ? AND claimed_at < ?",
            (QUEUED, SENDING, now - stale_after),
        )
        found = db.execute(
            "SELECT id FROM outbox WHERE status = ? AND id > ? ORDER BY id LIMIT 1",
            (QUEUED, after_id),
        ).fetchone()
        if found is None:
            return None
        db.execute(
            "UPDATE outbox SET status = ?, claim = ?, claimed_at = ?, attempts = attempts + 1"
            " WHERE id = ? AND status = ?",
            (SENDING, claim, now, found["id"], QUEUED),
        )
        return _get(db, found["id"])


def mark_sent(path: str, row: Row) -> bool:
    """Record a delivery; False if the claim was lost meanwhile (it expired)."""
    with connect(path, durable=False) as db:
        cursor = db.execute(
            "UPDATE outbox SET status = ?, sent_at = ?, claim = NULL, last_error = NULL"
            " WHERE id = ? AND claim = ?",
            (SENT, _now_iso(), row.id, row.claim),
        )
        return cursor.rowcount == 1


def release(path: str, row: Row, error: str) -> None:
    """Put a row back in the queue after a failed attempt, keeping the error."""
    with connect(path, durable=False) as db:
        db.execute(
            "UPDATE outbox SET status = ?, claim = NULL, last_error = ? WHERE id = ? AND claim = ?",
            (QUEUED, error[:500], row.id, row.claim),
        )


def rows(path: str, status: str | None = None) -> list[Row]:
    query, args = "SELECT * FROM outbox ORDER BY id", ()
    if status is not None:
        query, args = "SELECT * FROM outbox WHERE status = ? ORDER BY id", (status,)
    with connect(path) as db:
        return [Row(**found) for found in db.execute(query, args)]


def counts(path: str) -> dict[str, int]:
    with connect(path) as db:
        found = dict(db.execute("SELECT status, COUNT(*) FROM outbox GROUP BY status").fetchall())
    return {status: found.get(status, 0) for status in (QUEUED, SENDING, SENT)}
