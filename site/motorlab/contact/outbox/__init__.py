"""Every accepted contact request is stored here before any mail is tried (docs/contact.md)."""

from __future__ import annotations

from motorlab.contact.outbox.base import (
    FAILED,
    QUEUED,
    SENT,
    STATUSES,
    UNCERTAIN,
    BackupRefused,
    OutboxUnavailable,
    Row,
    SqlOutbox,
)
from motorlab.contact.outbox.sqlite import SqliteOutbox

Outbox = SqlOutbox  # what `open_outbox` gives, whichever the store
__all__ = [
    "BackupRefused",
    "FAILED",
    "QUEUED",
    "SENT",
    "STATUSES",
    "UNCERTAIN",
    "Outbox",
    "OutboxUnavailable",
    "Row",
    "SqliteOutbox",
    "open_outbox",
]


def open_outbox(config, *, lock_timeout: float | None = None) -> Outbox:
    """The store `OUTBOX_URL` names (PostgreSQL), else the SQLite file `OUTBOX_PATH`;
    `lock_timeout` overrides `OUTBOX_LOCK_TIMEOUT` (a request that spent part of it)."""
    url = config.get("OUTBOX_URL") or ""
    if lock_timeout is None:
        lock_timeout = float(config.get("OUTBOX_LOCK_TIMEOUT", 3))
    if url.startswith(("postgresql://", "postgres://")):
        from motorlab.contact.outbox.postgres import PostgresOutbox  # psycopg: only here

        return PostgresOutbox(url, lock_timeout=lock_timeout)
    path = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else None
    return SqliteOutbox(path or config["OUTBOX_PATH"], lock_timeout=lock_timeout)
