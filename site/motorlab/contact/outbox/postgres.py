"""The outbox in PostgreSQL (`OUTBOX_URL=postgresql://…`), for several machines: a claim
takes its row `FOR UPDATE SKIP LOCKED`, `lock_timeout` bounds every wait, and the table is
created on first use under an advisory lock."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import psycopg
from psycopg.rows import dict_row

from motorlab.contact.outbox.base import REQUEST_COLUMNS, OutboxUnavailable, SqlOutbox

T = TypeVar("T")
SCHEMA_LOCK = 7_411_011  # advisory lock id for creating the table

SCHEMA = (
    f"""CREATE TABLE IF NOT EXISTS outbox (
        id BIGSERIAL PRIMARY KEY,
        {REQUEST_COLUMNS}
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        claim TEXT,
        claimed_at DOUBLE PRECISION,
        sent_at TEXT,
        next_attempt_at DOUBLE PRECISION NOT NULL DEFAULT 0
    )""",
    # Added with the `uncertain` status and the attempt's deadline, for an older table.
    "ALTER TABLE outbox ADD COLUMN IF NOT EXISTS data_at DOUBLE PRECISION",
    "ALTER TABLE outbox ADD COLUMN IF NOT EXISTS deadline_at DOUBLE PRECISION",
    "ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_status_check",
    "ALTER TABLE outbox ADD CONSTRAINT outbox_status_check"
    " CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'uncertain'))",
    "CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at, id)",
)

_ready: set[str] = set()


class PostgresOutbox(SqlOutbox):
    PARAM = "%s"
    CLAIM_LOCK = " FOR UPDATE SKIP LOCKED"

    def __init__(self, url: str, *, lock_timeout: float = 3) -> None:
        self.url = url
        self.lock_timeout = lock_timeout

    def __repr__(self) -> str:
        return "PostgresOutbox(OUTBOX_URL)"  # the URL may hold a password

    def _run(self, work: Callable[[psycopg.Connection], T], *, durable: bool = False) -> T:
        """Run `work` in one transaction; the table is created if missing; any fault of the
        database becomes OutboxUnavailable."""
        milliseconds = int(self.lock_timeout * 1000)
        try:
            with psycopg.connect(
                self.url,
                connect_timeout=max(1, round(self.lock_timeout)),
                options=f"-c lock_timeout={milliseconds} -c statement_timeout={milliseconds * 2}",
                row_factory=dict_row,
            ) as db:
                if self.url not in _ready:
                    with db.transaction():
                        db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                        for statement in SCHEMA:
                            db.execute(statement)
                    _ready.add(self.url)
                with db.transaction():
                    return work(db)
        except psycopg.Error as error:
            if isinstance(error, psycopg.errors.UndefinedTable):
                _ready.discard(self.url)  # dropped under us: created again on the next use
            raise OutboxUnavailable(f"{type(error).__name__}: {error}") from error
