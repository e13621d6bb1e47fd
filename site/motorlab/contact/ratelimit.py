"""`CONTACT_RATE_LIMIT` stored requests per client address, given back when the row is not
stored (which Flask-Limiter cannot do), in `RATELIMIT_STORAGE_URI` (default: the outbox)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g, request
from limits import parse_many
from limits.storage import Storage, storage_from_string
from limits.strategies import FixedWindowRateLimiter

from motorlab.contact.outbox.sqlite import connect, immediate
from motorlab.files import create_private

# The mark nginx puts on a request its own limit refused, so the app answers with the form
# and its text kept; nginx drops a client's own header of that name.
FRONT_LIMIT_HEADER = "Front-Rate-Limited"

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS ratelimit"
    " (key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires_at REAL NOT NULL)"
)


class SqliteStorage(Storage):
    """A `limits` storage in an SQLite file (`sqlite:///relative`, `sqlite:////absolute`)."""

    STORAGE_SCHEME = ["sqlite"]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions)
        self.path = uri.removeprefix("sqlite:///")
        self.timeout = float(options.get("timeout", 2))

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return (sqlite3.Error, OSError)

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """A ready connection, closed on exit (also when getting it ready fails)."""
        create_private(Path(self.path))
        with connect(self.path, self.timeout) as db:
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute(SCHEMA)
            yield db

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self._db() as db, immediate(db):
            db.execute("DELETE FROM ratelimit WHERE key = ? AND expires_at <= ?", (key, now))
            db.execute(
                "INSERT INTO ratelimit (key, count, expires_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET count = count + excluded.count",
                (key, amount, now + expiry),
            )
            return db.execute("SELECT count FROM ratelimit WHERE key = ?", (key,)).fetchone()[0]

    def _row(self, key: str) -> tuple[int, float]:
        """The key's count and expiry, (0, now) when it has none."""
        now = time.time()
        with self._db() as db:
            found = db.execute(
                "SELECT count, expires_at FROM ratelimit WHERE key = ? AND expires_at > ?",
                (key, now),
            ).fetchone()
        return found or (0, now)

    def get(self, key: str) -> int:
        return self._row(key)[0]

    def get_expiry(self, key: str) -> float:
        return self._row(key)[1]

    def check(self) -> bool:
        try:
            with self._db() as db:
                db.execute("SELECT 1").fetchone()
        except (sqlite3.Error, OSError):
            return False
        return True

    def reset(self) -> int | None:
        with self._db() as db:
            return db.execute("DELETE FROM ratelimit").rowcount

    def clear(self, key: str) -> None:
        with self._db() as db:
            db.execute("DELETE FROM ratelimit WHERE key = ?", (key,))


def init_app(app: Flask) -> None:
    """Fill in the default storage (the outbox's file) and bind this app's limiter."""
    if not app.config.get("RATELIMIT_STORAGE_URI"):
        app.config["RATELIMIT_STORAGE_URI"] = f"sqlite:///{app.config['OUTBOX_PATH']}"
    uri = app.config["RATELIMIT_STORAGE_URI"]
    # The outbox's lock bound holds for the limit's table too.
    options = {"timeout": app.config["OUTBOX_LOCK_TIMEOUT"]} if uri.startswith("sqlite:") else {}
    storage = storage_from_string(uri, **options)
    app.extensions["contact_rate_limit"] = FixedWindowRateLimiter(storage)


def client_address() -> str:
    """The visitor's address (ProxyFix has put the forwarded one in `remote_addr`)."""
    return request.remote_addr or "127.0.0.1"


def reserve() -> float | None:
    """Count one request for this client: None if within every limit, else the seconds until
    it may try again. A storage fault lets it through: better a few extra mails than a loss."""
    limiter: FixedWindowRateLimiter = current_app.extensions["contact_rate_limit"]
    address = client_address()
    g.contact_rate_taken = taken = []
    try:
        for item in parse_many(current_app.config["CONTACT_RATE_LIMIT"]):
            allowed = limiter.hit(item, "contact", address)
            taken.append(item)
            if not allowed:
                reset = limiter.get_window_stats(item, "contact", address).reset_time
                release()  # a refused request is not stored: it does not count
                return max(1.0, reset - time.time())
    except Exception as error:  # noqa: BLE001 - any storage fault: accept, say so in the log
        current_app.logger.warning("Rate limit storage failed, request let through: %r", error)
    return None


def release() -> None:
    """Give back what `reserve()` counted for this request: its row was not stored."""
    limiter: FixedWindowRateLimiter = current_app.extensions["contact_rate_limit"]
    address = client_address()
    taken = g.pop("contact_rate_taken", [])
    try:
        for item in taken:
            limiter.hit(item, "contact", address, cost=-1)
    except Exception as error:  # noqa: BLE001 - a count kept too high only until the window ends
        current_app.logger.warning("Rate limit storage failed, slot not given back: %r", error)
