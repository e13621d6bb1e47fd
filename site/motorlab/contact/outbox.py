"""The outbox: every accepted contact request is stored here before any mail is tried.

`open_outbox(config)` gives the store that `OUTBOX_URL` names: the SQLite file
(`OUTBOX_PATH`, the default, for one machine) or PostgreSQL (several machines). Both offer
the same methods and the same row life: queued -> sending -> sent, or -> failed after
`OUTBOX_MAX_ATTEMPTS`. A claim (queued -> sending) is atomic, so two senders never hold the
same row; a claim older than `OUTBOX_STALE_AFTER` (a sender that died) is queued again.
Any fault of the store itself (locked past `OUTBOX_LOCK_TIMEOUT`, unwritable, corrupted)
raises `OutboxUnavailable`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

QUEUED, SENDING, SENT, FAILED = "queued", "sending", "sent", "failed"
STATUSES = (QUEUED, SENDING, SENT, FAILED)


class OutboxUnavailable(Exception):
    """The store cannot be read or written right now; the message says why."""


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
    next_attempt_at: float


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SqlOutbox:
    """What both SQL stores share: the updates guarded by a row's claim, and the listings.
    A store names its driver's placeholder (`PARAM`) and gives `_run(work)`, which runs
    `work(connection)` in one transaction and turns store faults into OutboxUnavailable."""

    PARAM = "?"

    def _run(self, work: Callable):
        raise NotImplementedError

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self.PARAM)

    def _update(self, assignments: str, values: tuple, row: Row) -> bool:
        statement = self._sql(f"UPDATE outbox SET {assignments} WHERE id = ? AND claim = ?")
        return self._run(
            lambda db: db.execute(statement, (*values, row.id, row.claim)).rowcount == 1
        )

    def mark_sent(self, row: Row) -> bool:
        """Record a delivery; False if the claim was lost meanwhile (it expired)."""
        return self._update(
            "status = ?, sent_at = ?, claim = NULL, last_error = NULL", (SENT, now_iso()), row
        )

    def retry_later(self, row: Row, error: str, at: float) -> None:
        self._update(
            "status = ?, claim = NULL, last_error = ?, next_attempt_at = ?",
            (QUEUED, error[:500], at),
            row,
        )

    def mark_failed(self, row: Row, error: str) -> None:
        self._update("status = ?, claim = NULL, last_error = ?", (FAILED, error[:500]), row)

    def requeue_failed(self) -> int:
        statement = self._sql(
            "UPDATE outbox SET status = ?, attempts = 0, next_attempt_at = ? WHERE status = ?"
        )
        return self._run(lambda db: db.execute(statement, (QUEUED, time.time(), FAILED)).rowcount)

    def rows(self, status: str | None = None) -> list[Row]:
        query, args = "SELECT * FROM outbox ORDER BY id", ()
        if status is not None:
            query, args = self._sql("SELECT * FROM outbox WHERE status = ? ORDER BY id"), (status,)
        return self._run(lambda db: [Row(**found) for found in db.execute(query, args)])


class Outbox(Protocol):
    def add(self, *, locale: str, name: str, email: str, description: str) -> Row: ...

    def claim_next(
        self, *, after_id: int = 0, due_only: bool = True, stale_after: float = 900
    ) -> Row | None: ...

    def mark_sent(self, row: Row) -> bool: ...

    def retry_later(self, row: Row, error: str, at: float) -> None: ...

    def mark_failed(self, row: Row, error: str) -> None: ...

    def requeue_failed(self) -> int: ...

    def rows(self, status: str | None = None) -> list[Row]: ...

    def counts(self) -> dict[str, int]: ...


def open_outbox(config) -> Outbox:
    """The store for this configuration (a Flask config mapping)."""
    url = config.get("OUTBOX_URL") or ""
    lock_timeout = float(config.get("OUTBOX_LOCK_TIMEOUT", 3))
    if url.startswith(("postgresql://", "postgres://")):
        from motorlab.contact.outbox_postgres import PostgresOutbox

        return PostgresOutbox(url, lock_timeout=lock_timeout)
    from motorlab.contact.outbox_sqlite import SqliteOutbox

    path = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else None
    return SqliteOutbox(path or config["OUTBOX_PATH"], lock_timeout=lock_timeout)
