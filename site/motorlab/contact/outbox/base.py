"""What both stores share: the statuses, a row, and every statement. A store gives `_run(work)`
(one transaction, faults as OutboxUnavailable), `PARAM` and its claim's lock (`CLAIM_LOCK`)."""

from __future__ import annotations

import contextlib
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

QUEUED, SENDING, SENT, FAILED, UNCERTAIN = "queued", "sending", "sent", "failed", "uncertain"
STATUSES = (QUEUED, SENDING, SENT, FAILED, UNCERTAIN)
WAITING = (QUEUED, UNCERTAIN)  # waiting for the sender, waiting for an operator
UNCERTAIN_REASON = (
    "the sender stopped after handing the message to the mail server: it may have been"
    " delivered; check the mailbox, then `outbox mark-sent ID` or `outbox resend ID`"
)

# The request's own columns, the same in every store's table (each adds its typed rest).
REQUEST_COLUMNS = """uuid TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    locale TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    description TEXT NOT NULL,"""


class OutboxUnavailable(Exception):
    """The store cannot be read or written right now; the message says why."""


class BackupRefused(Exception):
    """A backup not taken (it would overwrite the outbox, or pg_dump's); the message says why."""


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
    data_at: float | None = None  # when this claim's holder sent the message's end (None: not yet)
    deadline_at: float | None = None  # when this claim's attempt must be over (None: no limit)


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _timestamp(value: object) -> float | None:
    """A stored `created_at` as a POSIX time, None for a value that is not an ISO time."""
    try:
        return datetime.fromisoformat(value).timestamp()
    except (TypeError, ValueError, OverflowError):
        return None


class SqlOutbox:
    PARAM = "?"
    CLAIM_LOCK = ""
    lock_timeout: float  # seconds any wait for the store may take (each store sets it)

    def _run(self, work: Callable, *, durable: bool = False):
        raise NotImplementedError

    def _claiming(self, db) -> contextlib.AbstractContextManager:
        """The write transaction a claim runs in (PostgreSQL's `_run` has opened one)."""
        return contextlib.nullcontext()

    def _sql(self, db, statement: str, values: tuple = ()):
        """Every statement goes through here: written with `?`, run with the store's PARAM."""
        return db.execute(statement.replace("?", self.PARAM), values)

    def _execute(self, statement: str, values: tuple = (), fetch: str | None = None):
        """One statement in its own transaction: its rowcount, or `fetch` ("one", "all")."""

        def work(db):
            cursor = self._sql(db, statement, values)
            return cursor.rowcount if fetch is None else getattr(cursor, f"fetch{fetch}")()

        return self._run(work)

    def add(self, *, locale: str, name: str, email: str, description: str) -> Row:
        """Store a new request, queued and due at once; returns when it is on disk."""
        statement = (
            "INSERT INTO outbox (uuid, created_at, locale, name, email, description,"
            " status, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *"
        )
        values = (uuid.uuid4().hex, now_iso(), locale, name, email, description, QUEUED,
                  time.time())  # fmt: skip
        # fetchall: SQLite ends the statement (and commits) only once every row is read.
        return self._run(
            lambda db: Row(**self._sql(db, statement, values).fetchall()[0]), durable=True
        )

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
        statement = (
            "UPDATE outbox SET status = ?, claim = ?, claimed_at = ?, data_at = NULL,"
            " deadline_at = ?, attempts = attempts + 1"
            " WHERE id = (SELECT id FROM outbox WHERE status = ? AND id > ?"
            f" AND (? OR next_attempt_at <= ?) ORDER BY id LIMIT 1{self.CLAIM_LOCK}) RETURNING *"
        )
        values = (SENDING, claim, now, deadline_at, QUEUED, after_id, not due_only, now)

        def work(db) -> Row | None:
            with self._claiming(db):
                self._expire_claims(db, now, stale_after)
                found = self._sql(db, statement, values).fetchall()
            return Row(**found[0]) if found else None

        return self._run(work)

    def _update(self, assignments: str, values: tuple, row: Row) -> bool:
        statement = f"UPDATE outbox SET {assignments} WHERE id = ? AND claim = ?"
        return self._execute(statement, (*values, row.id, row.claim)) == 1

    def renew(self, row: Row) -> bool:
        """Keep the claim fresh while its attempt runs; False if it was lost."""
        return self._update("claimed_at = ?", (time.time(),), row)

    def start_data(self, row: Row) -> bool:
        """Record, just before the message's final `.`, that it may now be delivered; False
        if the claim was lost (the send must stop: the row is someone else's)."""
        return self._update("data_at = ?", (time.time(),), row)

    def mark_sent(self, row: Row) -> bool:
        """Record a delivery; False if the claim was lost meanwhile. A row made `uncertain`
        keeps its claim, so its sender, if it was only slow, still records the truth."""
        return self._update(
            "status = ?, sent_at = ?, claim = NULL, last_error = NULL", (SENT, now_iso()), row
        )

    def mark_uncertain(self, row: Row, error: str) -> None:
        """No reply after the message's end: the row waits for an operator."""
        reason = f"{error} ({UNCERTAIN_REASON})"[:500]
        self._update("status = ?, last_error = ?", (UNCERTAIN, reason), row)

    def retry_later(self, row: Row, error: str, at: float) -> None:
        self._update(
            "status = ?, claim = NULL, data_at = NULL, last_error = ?, next_attempt_at = ?",
            (QUEUED, error[:500], at),
            row,
        )

    def mark_failed(self, row: Row, error: str) -> None:
        self._update(
            "status = ?, claim = NULL, data_at = NULL, last_error = ?", (FAILED, error[:500]), row
        )

    def _past_deadline(self, now: float) -> float:
        """A `deadline_at` before this is overdue at `now`: the attempt had to be over, and
        its sender has had the lock timeout besides to record the outcome."""
        return now - self.lock_timeout

    def _expire_claims(self, db, now: float, stale_after: float) -> None:
        """Rows whose sender died or hangs (claim not renewed within `stale_after`, or attempt
        overdue): queued again if it had not sent the message's end, else uncertain."""
        expired = "status = ? AND (claimed_at < ? OR deadline_at < ?)"
        limits = (SENDING, now - stale_after, self._past_deadline(now))
        statements = (
            (
                f"UPDATE outbox SET status = ?, last_error = ? WHERE {expired}"
                " AND data_at IS NOT NULL",
                (UNCERTAIN, UNCERTAIN_REASON, *limits),
            ),
            (
                "UPDATE outbox SET status = ?, claim = NULL,"
                " last_error = COALESCE(last_error, 'claim expired')"
                f" WHERE {expired} AND data_at IS NULL",
                (QUEUED, *limits),
            ),
        )
        for statement, values in statements:
            self._sql(db, statement, values)

    def _settle(self, row_id: int, assignments: str, values: tuple) -> bool:
        """An operator's choice for an uncertain row; False if the row is not uncertain."""
        statement = f"UPDATE outbox SET {assignments} WHERE id = ? AND status = ?"
        return self._execute(statement, (*values, row_id, UNCERTAIN)) == 1

    def resend(self, row_id: int) -> bool:
        """The mail did not arrive: queue it again (same Message-ID)."""
        return self._settle(
            row_id,
            "status = ?, claim = NULL, data_at = NULL, attempts = 0, next_attempt_at = ?,"
            " last_error = ?",
            (QUEUED, time.time(), "resent by an operator"),
        )

    def confirm_sent(self, row_id: int) -> bool:
        """The mail arrived: record it sent."""
        return self._settle(
            row_id,
            "status = ?, claim = NULL, sent_at = ?, last_error = ?",
            (SENT, now_iso(), "marked sent by an operator"),
        )

    def requeue_failed(self) -> int:
        statement = (
            "UPDATE outbox SET status = ?, attempts = 0, next_attempt_at = ? WHERE status = ?"
        )
        return self._execute(statement, (QUEUED, time.time(), FAILED))

    def counts(self) -> dict[str, int]:
        found = self._execute(
            "SELECT status, COUNT(*) AS n FROM outbox GROUP BY status", fetch="all"
        )
        found = {row["status"]: row["n"] for row in found}
        return {status: found.get(status, 0) for status in STATUSES}

    def waiting(self) -> dict[str, int]:
        """The queued and uncertain counts (GET /healthz)."""
        return self._run(self._waiting)

    def _waiting(self, db) -> dict[str, int]:
        query = "SELECT status, COUNT(*) AS n FROM outbox WHERE status IN (?, ?) GROUP BY status"
        found = {row["status"]: row["n"] for row in self._sql(db, query, WAITING)}
        return {status: found.get(status, 0) for status in WAITING}

    def backlog(self, now: float) -> dict:
        """The failed count; how long (whole seconds at `now`) the oldest request not sent yet
        has waited, None for none; and the ids of those whose `created_at` is not a time
        (`unreadable`), which the age leaves out (GET /healthz, `outbox check`)."""
        return self._run(lambda db: self._backlog(db, now))

    def _backlog(self, db, now: float) -> dict:
        count = "SELECT COUNT(*) AS n FROM outbox WHERE status = ?"
        failed = self._sql(db, count, (FAILED,)).fetchone()["n"]
        # Each time parsed, not the least string: one odd value ("12") would sort first.
        oldest, unreadable = None, []
        unsent = "SELECT id, created_at FROM outbox WHERE status IN (?, ?)"
        for found in self._sql(db, unsent, (QUEUED, SENDING)):
            created = _timestamp(found["created_at"])
            if created is None:
                unreadable.append(found["id"])
            elif oldest is None or created < oldest:
                oldest = created
        return {
            "failed": failed,
            "oldest_unsent_seconds": None if oldest is None else max(int(now - oldest), 0),
            "unreadable": sorted(unreadable),
        }

    def overdue(self, now: float) -> int:
        """Rows still `sending` although their attempt is overdue at `now` (GET /healthz)."""
        return self._run(lambda db: self._overdue(db, now))

    def _overdue(self, db, now: float) -> int:
        statement = "SELECT COUNT(*) AS n FROM outbox WHERE status = ? AND deadline_at < ?"
        return self._sql(db, statement, (SENDING, self._past_deadline(now))).fetchone()["n"]

    def rows(self, status: str | None = None) -> list[Row]:
        where, values = ("WHERE status = ? ", (status,)) if status else ("", ())
        found = self._execute(f"SELECT * FROM outbox {where}ORDER BY id", values, fetch="all")
        return [Row(**row) for row in found]
