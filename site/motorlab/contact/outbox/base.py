"""What both stores share: the statuses, a row, the store protocol, and the SQL updates
guarded by a row's claim."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

QUEUED, SENDING, SENT, FAILED = "queued", "sending", "sent", "failed"
UNCERTAIN = "uncertain"
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
    """A backup that would overwrite the outbox itself; the message says so."""


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
    """What both SQL stores share: the updates guarded by a row's claim, and the listings.
    A store names its driver's placeholder (`PARAM`) and gives `_run(work)`, which runs
    `work(connection)` in one transaction and turns store faults into OutboxUnavailable."""

    PARAM = "?"
    lock_timeout: float  # seconds any wait for the store may take (each store sets it)

    def _run(self, work: Callable):
        raise NotImplementedError

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self.PARAM)

    def _insert(self, *, locale: str, name: str, email: str, description: str) -> tuple:
        """The statement and values that store a new request, queued and due at once."""
        statement = self._sql(
            "INSERT INTO outbox (uuid, created_at, locale, name, email, description,"
            " status, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        )
        values = (uuid.uuid4().hex, now_iso(), locale, name, email, description, QUEUED,
                  time.time())  # fmt: skip
        return statement, values

    def _update(self, assignments: str, values: tuple, row: Row) -> bool:
        statement = self._sql(f"UPDATE outbox SET {assignments} WHERE id = ? AND claim = ?")
        return self._run(
            lambda db: db.execute(statement, (*values, row.id, row.claim)).rowcount == 1
        )

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
        """The message's end went out and no reply came: the server may have it, so the
        row waits for an operator, as one whose sender died there."""
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
        """Rows whose sender died or hangs (its claim not renewed within `stale_after`, or its
        attempt overdue): queued again if it had not sent the message's end, else uncertain.
        A sender that comes back finds its claim gone before it could send that end."""
        expired = "status = ? AND (claimed_at < ? OR deadline_at < ?)"
        limits = (SENDING, now - stale_after, self._past_deadline(now))
        db.execute(
            self._sql(
                f"UPDATE outbox SET status = ?, last_error = ? WHERE {expired}"
                " AND data_at IS NOT NULL"
            ),
            (UNCERTAIN, UNCERTAIN_REASON, *limits),
        )
        db.execute(
            self._sql(
                "UPDATE outbox SET status = ?, claim = NULL,"
                " last_error = COALESCE(last_error, 'claim expired')"
                f" WHERE {expired} AND data_at IS NULL"
            ),
            (QUEUED, *limits),
        )

    def resend(self, row_id: int) -> bool:
        """An operator's choice for an uncertain row: queue it again (same Message-ID)."""
        statement = self._sql(
            "UPDATE outbox SET status = ?, claim = NULL, data_at = NULL, attempts = 0,"
            " next_attempt_at = ?, last_error = ? WHERE id = ? AND status = ?"
        )
        values = (QUEUED, time.time(), "resent by an operator", row_id, UNCERTAIN)
        return self._run(lambda db: db.execute(statement, values).rowcount == 1)

    def confirm_sent(self, row_id: int) -> bool:
        """An operator's choice for an uncertain row: the mail arrived, record it sent."""
        statement = self._sql(
            "UPDATE outbox SET status = ?, claim = NULL, sent_at = ?, last_error = ?"
            " WHERE id = ? AND status = ?"
        )
        values = (SENT, now_iso(), "marked sent by an operator", row_id, UNCERTAIN)
        return self._run(lambda db: db.execute(statement, values).rowcount == 1)

    def requeue_failed(self) -> int:
        statement = self._sql(
            "UPDATE outbox SET status = ?, attempts = 0, next_attempt_at = ? WHERE status = ?"
        )
        return self._run(lambda db: db.execute(statement, (QUEUED, time.time(), FAILED)).rowcount)

    def waiting(self) -> dict[str, int]:
        """The queued and uncertain counts (GET /healthz)."""
        counts = self.counts()
        return {status: counts.get(status, 0) for status in WAITING}

    FAILED_COUNT = "SELECT COUNT(*) AS n FROM outbox WHERE status = ?"
    UNSENT = "SELECT id, created_at FROM outbox WHERE status IN (?, ?)"

    def backlog(self, now: float) -> dict:
        """The failed count; how long (whole seconds at `now`) the oldest request not sent yet
        (queued, or being sent) has waited, None for none; and the ids of those whose
        `created_at` is not a time (`unreadable`: a row written by hand, say), which the age
        leaves out (GET /healthz, `outbox check`)."""
        return self._run(lambda db: self._backlog(db, now))

    def _backlog(self, db, now: float) -> dict:
        failed = db.execute(self._sql(self.FAILED_COUNT), (FAILED,)).fetchone()["n"]
        # Each time parsed, not the least string: one row's odd value ("12") would sort
        # first and hide the oldest, or stop the check.
        oldest, unreadable = None, []
        for found in db.execute(self._sql(self.UNSENT), (QUEUED, SENDING)):
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

    OVERDUE = "SELECT COUNT(*) AS n FROM outbox WHERE status = ? AND deadline_at < ?"

    def overdue(self, now: float) -> int:
        """Rows still `sending` although their attempt is overdue at `now` (GET /healthz): their
        sender hangs, or died, and no sender has taken them back since."""
        statement, limit = self._sql(self.OVERDUE), self._past_deadline(now)
        return self._run(lambda db: db.execute(statement, (SENDING, limit)).fetchone()["n"])

    def rows(self, status: str | None = None) -> list[Row]:
        query, args = "SELECT * FROM outbox ORDER BY id", ()
        if status is not None:
            query, args = self._sql("SELECT * FROM outbox WHERE status = ? ORDER BY id"), (status,)
        return self._run(lambda db: [Row(**found) for found in db.execute(query, args)])


class Outbox(Protocol):
    def add(self, *, locale: str, name: str, email: str, description: str) -> Row: ...

    def claim_next(
        self,
        *,
        after_id: int = 0,
        due_only: bool = True,
        stale_after: float = 900,
        deadline: float | None = None,
    ) -> Row | None: ...

    def renew(self, row: Row) -> bool: ...

    def start_data(self, row: Row) -> bool: ...

    def mark_sent(self, row: Row) -> bool: ...

    def resend(self, row_id: int) -> bool: ...

    def confirm_sent(self, row_id: int) -> bool: ...

    def mark_uncertain(self, row: Row, error: str) -> None: ...

    def retry_later(self, row: Row, error: str, at: float) -> None: ...

    def mark_failed(self, row: Row, error: str) -> None: ...

    def requeue_failed(self) -> int: ...

    def rows(self, status: str | None = None) -> list[Row]: ...

    def counts(self) -> dict[str, int]: ...

    def waiting(self) -> dict[str, int]: ...

    def overdue(self, now: float) -> int: ...

    def backlog(self, now: float) -> dict: ...
