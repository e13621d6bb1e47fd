"""The outbox: every accepted contact request is stored here before any mail is tried.

`open_outbox(config)` gives the store that `OUTBOX_URL` names: the SQLite file
(`OUTBOX_PATH`, the default, for one machine) or PostgreSQL (several machines). Both offer
the same methods and the same row life: queued -> sending -> sent, or -> failed after
`OUTBOX_MAX_ATTEMPTS`. A claim (queued -> sending) is atomic, so two senders never hold the
same row; the sender renews its claim while it works. A claim older than
`OUTBOX_STALE_AFTER` belongs to a sender that died: if it had not reached the message's
final `.` (`data_at` empty), nothing can have been delivered and the row is queued again;
if it had, the server may have taken the message, so the row becomes `uncertain` and waits
for an operator (`outbox resend ID` or `outbox mark-sent ID`). A claim also sets the
attempt's deadline (`deadline_at`): a row overdue (past it, and past the lock timeout to
record the outcome) is taken back the same way, and `/healthz` reports it until then.
Any fault of the store itself (locked past `OUTBOX_LOCK_TIMEOUT`, unwritable, corrupted)
raises `OutboxUnavailable`.

The package: `base` (statuses, `Row`, the `Outbox` protocol, the shared SQL), `sqlite` and
`postgres` (the two stores, each importing only `base` of this package), and here `open_outbox`.
"""

from __future__ import annotations

from motorlab.contact.outbox.base import (
    FAILED,
    QUEUED,
    SENDING,
    SENT,
    STATUSES,
    UNCERTAIN,
    UNCERTAIN_REASON,
    BackupRefused,
    Outbox,
    OutboxUnavailable,
    Row,
    SqlOutbox,
    now_iso,
)
from motorlab.contact.outbox.sqlite import SqliteOutbox

__all__ = [
    "BackupRefused",
    "FAILED",
    "QUEUED",
    "SENDING",
    "SENT",
    "STATUSES",
    "UNCERTAIN",
    "UNCERTAIN_REASON",
    "Outbox",
    "OutboxUnavailable",
    "Row",
    "SqlOutbox",
    "SqliteOutbox",
    "now_iso",
    "open_outbox",
]


def open_outbox(config, *, lock_timeout: float | None = None) -> Outbox:
    """The store for this configuration (a Flask config mapping); `lock_timeout` overrides
    `OUTBOX_LOCK_TIMEOUT` (a request that already spent part of its deadline)."""
    url = config.get("OUTBOX_URL") or ""
    if lock_timeout is None:
        lock_timeout = float(config.get("OUTBOX_LOCK_TIMEOUT", 3))
    if url.startswith(("postgresql://", "postgres://")):
        from motorlab.contact.outbox.postgres import PostgresOutbox  # psycopg: only here

        return PostgresOutbox(url, lock_timeout=lock_timeout)
    path = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else None
    return SqliteOutbox(path or config["OUTBOX_PATH"], lock_timeout=lock_timeout)
