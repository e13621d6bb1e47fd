"""GET /healthz for load balancers: 200 with the number of queued contact requests and of
`uncertain` ones (a sender died mid-send: an operator must look), 503 when the outbox cannot
be written within `OUTBOX_LOCK_TIMEOUT` (missing folder, unwritable, corrupted, or locked
that long: a visitor's post would get a 503 too). The store answers both (`waiting()`).
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from motorlab.contact.outbox import OutboxUnavailable, open_outbox

bp = Blueprint("health", __name__)


@bp.route("/healthz")
def healthz():
    try:
        counts = open_outbox(current_app.config).waiting()
    except OutboxUnavailable as error:
        current_app.logger.error("health check: outbox unavailable: %s", error)
        response = jsonify(status="unavailable", error="outbox cannot be opened")
        response.status_code = 503
    else:
        response = jsonify(status="ok", **counts)
    response.headers["Cache-Control"] = "no-store"
    return response
