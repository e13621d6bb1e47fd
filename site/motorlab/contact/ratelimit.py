"""The contact form's rate limit: `CONTACT_RATE_LIMIT` accepted requests per client address.

Only requests that are stored are counted. The count is taken in one atomic step (`limits`'
fixed-window `hit`: increment, then compare) just before the row is stored, and given back
when the request is refused by the limit or its row cannot be stored (`release()`), so an
outbox fault never turns into a 429.
This is why the site has no Flask-Limiter: its `deduct_when` counts after the response and
checks before it, so 40 concurrent posts would all pass the check: it cannot promise
"exactly 5", nor give a slot back when the store fails.

Storage is `RATELIMIT_STORAGE_URI`; by default a table in the outbox's SQLite file
(`sqlite:///<path>`, the backend below), which every gunicorn worker on the machine shares.
With several machines, point it at Redis (`redis://host:6379`).
"""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

from flask import Flask, current_app, g, request
from limits import parse_many
from limits.storage import Storage, storage_from_string
from limits.strategies import FixedWindowRateLimiter

from motorlab.files import create_private

# The mark nginx puts on a contact request its own per-address limit refused
# (deploy/nginx.conf): it hands the request over, so the visitor gets the form back with
# their text, and the app refuses it. The mark can only ever refuse: nginx drops a client's
# own header of that name, and one sent straight to gunicorn costs its sender their post.
FRONT_LIMIT_HEADER = "Front-Rate-Limited"

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS ratelimit"
    " (key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires_at REAL NOT NULL)"
)


class SqliteStorage(Storage):
    """A `limits` storage in an SQLite file (`sqlite:///relative` or `sqlite:////absolute`),
    for the fixed-window strategy. Each increment is one IMMEDIATE transaction."""

    STORAGE_SCHEME = ["sqlite"]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions)
        self.path = uri.removeprefix("sqlite:///")
        self.timeout = float(options.get("timeout", 2))

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return (sqlite3.Error, OSError)

    def _connect(self) -> sqlite3.Connection:
        """A ready connection; closed at once if getting it ready fails (not left to GC)."""
        create_private(Path(self.path))
        db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        try:
            db.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute(SCHEMA)
        except BaseException:
            db.close()
            raise
        return db

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("DELETE FROM ratelimit WHERE key = ? AND expires_at <= ?", (key, now))
                db.execute(
                    "INSERT INTO ratelimit (key, count, expires_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (key) DO UPDATE SET count = count + excluded.count",
                    (key, amount, now + expiry),
                )
                count = db.execute("SELECT count FROM ratelimit WHERE key = ?", (key,)).fetchone()
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        return count[0]

    def _row(self, key: str) -> tuple[int, float] | None:
        with closing(self._connect()) as db:
            found = db.execute(
                "SELECT count, expires_at FROM ratelimit WHERE key = ? AND expires_at > ?",
                (key, time.time()),
            ).fetchone()
        return found

    def get(self, key: str) -> int:
        found = self._row(key)
        return found[0] if found else 0

    def get_expiry(self, key: str) -> float:
        found = self._row(key)
        return found[1] if found else time.time()

    def check(self) -> bool:
        try:
            with closing(self._connect()) as db:
                db.execute("SELECT 1").fetchone()
        except (sqlite3.Error, OSError):
            return False
        return True

    def reset(self) -> int | None:
        with closing(self._connect()) as db:
            return db.execute("DELETE FROM ratelimit").rowcount

    def clear(self, key: str) -> None:
        with closing(self._connect()) as db:
            db.execute("DELETE FROM ratelimit WHERE key = ?", (key,))


def default_storage_uri(config) -> str:
    """The outbox's SQLite file: shared by every worker on this machine."""
    return f"sqlite:///{config['OUTBOX_PATH']}"


def init_app(app: Flask) -> None:
    """Fill in the default storage and bind this app's limiter for the contact form."""
    if not app.config.get("RATELIMIT_STORAGE_URI"):
        app.config["RATELIMIT_STORAGE_URI"] = default_storage_uri(app.config)
    uri = app.config["RATELIMIT_STORAGE_URI"]
    # The outbox's lock bound holds for the limit's table too.
    options = {"timeout": app.config["OUTBOX_LOCK_TIMEOUT"]} if uri.startswith("sqlite:") else {}
    storage = storage_from_string(uri, **options)
    app.extensions["contact_rate_limit"] = FixedWindowRateLimiter(storage)


def client_address() -> str:
    """The visitor's address: behind PROXY_FIX_HOPS proxies, ProxyFix has already put the
    forwarded one in `remote_addr`."""
    return request.remote_addr or "127.0.0.1"


def refused_by_the_front() -> bool:
    """Whether nginx's own rate limit refused this request (FRONT_LIMIT_HEADER)."""
    return request.headers.get(FRONT_LIMIT_HEADER) == "1"


def reserve() -> float | None:
    """Count one request for this client. None if it is within every limit (call `release()`
    if it is then not stored), else the seconds until it may try again (nothing counted).
    A storage fault lets the request through (logged): losing a visitor's request is worse
    than a few extra mails."""
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
