"""GET /healthz for load balancers: 200 with the number of queued contact requests and of
`uncertain` ones (a sender died mid-send: an operator must look), 503 when the outbox cannot
be written within `OUTBOX_LOCK_TIMEOUT` (missing folder, unwritable, corrupted, or locked
that long: a visitor's post would get a 503 too).

SQLite is opened read-write but never created: the check takes the write lock (an empty
IMMEDIATE transaction, rolled back) because in WAL mode a read succeeds even while a writer
holds the file.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from flask import Blueprint, current_app, jsonify

from motorlab.contact.outbox import OutboxUnavailable as StoreUnavailable
from motorlab.contact.outbox import open_outbox

bp = Blueprint("health", __name__)

COUNTED = ("queued", "uncertain")


class OutboxUnavailable(RuntimeError):
    pass


def waiting_counts(path: str, lock_timeout: float = 3) -> dict[str, int]:
    """Rows waiting for delivery and rows waiting for an operator. A file that does not
    exist yet (no request so far) is an empty outbox as long as its folder can hold it."""
    file = Path(path)
    if not file.exists():
        folder = file.parent
        if folder.is_dir() and os.access(folder, os.W_OK | os.X_OK):
            return dict.fromkeys(COUNTED, 0)
        raise OutboxUnavailable(f"{folder} is missing or not writable")
    try:
        with closing(
            sqlite3.connect(
                f"{file.resolve().as_uri()}?mode=rw",
                uri=True,
                timeout=lock_timeout,
                isolation_level=None,
            )
        ) as db:
            db.execute(f"PRAGMA busy_timeout = {int(lock_timeout * 1000)}")
            db.execute("BEGIN IMMEDIATE")  # writable within the bound, as a post needs
            try:
                found = dict(
                    db.execute(
                        "SELECT status, COUNT(*) FROM outbox"
                        " WHERE status IN ('queued', 'uncertain') GROUP BY status"
                    ).fetchall()
                )
            finally:
                db.execute("ROLLBACK")
    except sqlite3.Error as error:
        raise OutboxUnavailable(str(error)) from error
    return {status: found.get(status, 0) for status in COUNTED}


def outbox_counts(config) -> dict[str, int]:
    """The queued and uncertain counts from whichever store OUTBOX_URL selects."""
    url = config.get("OUTBOX_URL") or ""
    if url.startswith(("postgresql://", "postgres://")):
        try:
            counts = open_outbox(config).counts()
        except StoreUnavailable as error:
            raise OutboxUnavailable(str(error)) from error
        return {status: counts.get(status, 0) for status in COUNTED}
    path = url.removeprefix("sqlite:///") or config["OUTBOX_PATH"]
    return waiting_counts(path, float(config.get("OUTBOX_LOCK_TIMEOUT", 3)))


@bp.route("/healthz")
def healthz():
    try:
        counts = outbox_counts(current_app.config)
    except OutboxUnavailable as error:
        current_app.logger.error("health check: outbox unavailable: %s", error)
        response = jsonify(status="unavailable", error="outbox cannot be opened")
        response.status_code = 503
    else:
        response = jsonify(status="ok", **counts)
    response.headers["Cache-Control"] = "no-store"
    return response
