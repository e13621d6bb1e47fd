"""GET /healthz for load balancers: 200 with the number of queued contact requests, 503 when
the outbox cannot be opened.

It only reads the outbox (SQLite opened read-only, never created), so it can run as often as
a balancer likes while the contact code writes.
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


class OutboxUnavailable(RuntimeError):
    pass


def queued_count(path: str) -> int:
    """Rows waiting for delivery. A file that does not exist yet (no request so far) is an
    empty outbox as long as its folder can hold it."""
    file = Path(path)
    if not file.exists():
        folder = file.parent
        if folder.is_dir() and os.access(folder, os.W_OK | os.X_OK):
            return 0
        raise OutboxUnavailable(f"{folder} is missing or not writable")
    try:
        with closing(
            sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True, timeout=2)
        ) as db:
            db.execute("PRAGMA busy_timeout = 2000")
            return db.execute("SELECT COUNT(*) FROM outbox WHERE status = 'queued'").fetchone()[0]
    except sqlite3.Error as error:
        raise OutboxUnavailable(str(error)) from error


def outbox_queued(config) -> int:
    """The queued count from whichever store OUTBOX_URL selects; SQLite read-only."""
    url = config.get("OUTBOX_URL") or ""
    if url.startswith(("postgresql://", "postgres://")):
        try:
            return open_outbox(config).counts().get("queued", 0)
        except StoreUnavailable as error:
            raise OutboxUnavailable(str(error)) from error
    return queued_count(url.removeprefix("sqlite:///") or config["OUTBOX_PATH"])


@bp.route("/healthz")
def healthz():
    try:
        queued = outbox_queued(current_app.config)
    except OutboxUnavailable as error:
        current_app.logger.error("health check: outbox unavailable: %s", error)
        response = jsonify(status="unavailable", error="outbox cannot be opened")
        response.status_code = 503
    else:
        response = jsonify(status="ok", queued=queued)
    response.headers["Cache-Control"] = "no-store"
    return response
