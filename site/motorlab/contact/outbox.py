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
