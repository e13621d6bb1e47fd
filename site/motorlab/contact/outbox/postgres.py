"""The outbox in PostgreSQL (`OUTBOX_URL=postgresql://…`), for several machines.

Same rows and life as the SQLite store. A claim is one statement that picks the oldest due
row with `FOR UPDATE SKIP LOCKED`: senders on any machine take different rows and never wait
for each other. `lock_timeout` bounds every wait (connection, locks, statements), so a
visitor gets a 503 instead of a hung worker. The table is created on first use (under an
advisory lock, so that processes starting together do not race).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import TypeVar

import psycopg
from psycopg.rows import dict_row

from motorlab.contact.outbox.base import (
    QUEUED,
    REQUEST_COLUMNS,
    SENDING,
    STATUSES,
    OutboxUnavailable,
    Row,
    SqlOutbox,
)

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
    # Added with the `uncertain` status and the attempt's deadline; an older table gets them
    # here.
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

    def __init__(self, url: str, *, lock_timeout: float = 3) -> None:
        self.url = url
        self.lock_timeout = lock_timeout

    def __repr__(self) -> str:
        return "PostgresOutbox(OUTBOX_URL)"  # the URL may hold a password

    def _connect(self) -> psycopg.Connection:
        milliseconds = int(self.lock_timeout * 1000)
        return psycopg.connect(
            self.url,
            connect_timeout=max(1, round(self.lock_timeout)),
            options=f"-c lock_timeout={milliseconds} -c statement_timeout={milliseconds * 2}",
            row_factory=dict_row,
        )

    def _run(self, work: Callable[[psycopg.Connection], T]) -> T:
        """Run `work` in one transaction; the table is created if missing; any fault of the
        database becomes OutboxUnavailable."""
        try:
            with self._connect() as db:
                if self.url not in _ready:
                    with db.transaction():
                        db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                        for statement in SCHEMA:
                            db.execute(statement)
                    _ready.add(self.url)
                with db.transaction():
                    return work(db)
        except psycopg.errors.UndefinedTable as error:
            _ready.discard(self.url)  # dropped under us: created again on the next use
            raise OutboxUnavailable(f"{type(error).__name__}: {error}") from error
        except psycopg.Error as error:
            raise OutboxUnavailable(f"{type(error).__name__}: {error}") from error

    def add(self, *, locale: str, name: str, email: str, description: str) -> Row:
        statement, values = self._insert(
            locale=locale, name=name, email=email, description=description
        )

        def work(db: psycopg.Connection) -> Row:
            return Row(**db.execute(statement + " RETURNING *", values).fetchone())

        return self._run(work)

    def claim_next(
        self,
        *,
        after_id: int = 0,
        due_only: bool = True,
        stale_after: float = 900,
        deadline: float | None = None,
    ) -> Row | None:
        claim, now = uuid.uuid4().hex, time.time()
        deadline_at = None if deadline is None else now + deadline

        def work(db: psycopg.Connection) -> Row | None:
            self._expire_claims(db, now, stale_after)
            found = db.execute(
                "UPDATE outbox SET status = %s, claim = %s, claimed_at = %s, data_at = NULL,"
                " deadline_at = %s, attempts = attempts + 1"
                " WHERE id = (SELECT id FROM outbox WHERE status = %s AND id > %s"
                " AND (%s OR next_attempt_at <= %s) ORDER BY id LIMIT 1"
                " FOR UPDATE SKIP LOCKED) RETURNING *",
                (SENDING, claim, now, deadline_at, QUEUED, after_id, not due_only, now),
            ).fetchone()
            return Row(**found) if found else None

        return self._run(work)

    def counts(self) -> dict[str, int]:
        query = "SELECT status, COUNT(*) AS n FROM outbox GROUP BY status"
        found = self._run(lambda db: {r["status"]: r["n"] for r in db.execute(query)})
        return {status: found.get(status, 0) for status in STATUSES}
