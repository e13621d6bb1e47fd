"""GET /healthz for load balancers (docs/operations.md, "Health check"): the outbox's state,
its figures only for the machine itself and HEALTH_FIGURES_FROM."""

from __future__ import annotations

import ipaddress
import time

from flask import Blueprint, current_app, jsonify, request

from motorlab.contact.outbox import OutboxUnavailable, open_outbox

bp = Blueprint("health", __name__)
# Seconds /healthz waits for the write lock: a clean-up holding it must not hold a sync
# worker per probe for seconds (reads never wait: WAL).
HEALTH_WAIT = 0.5


@bp.route("/healthz")
def healthz():
    config = current_app.config
    try:
        wait = min(HEALTH_WAIT, float(config["OUTBOX_LOCK_TIMEOUT"]))
        now = time.time()
        counts = open_outbox(config, lock_timeout=wait).waiting()
        store = open_outbox(config)
        counts.update(store.backlog(now))
        del counts["unreadable"]  # `outbox check` names them; the age leaves them out
        overdue = store.overdue(now)
    except OutboxUnavailable as error:
        current_app.logger.error("health check: outbox unavailable: %s", error)
        answer = {"status": "unavailable", "error": "outbox cannot be opened"}
    else:
        answer = {"status": "ok", **counts}
        if overdue:
            current_app.logger.error(
                "health check: %d contact request(s) sending past their deadline", overdue
            )
            error = "a contact request is still sending past its deadline"
            answer.update(status="stuck", error=error, overdue=overdue)
    status = 200 if answer["status"] == "ok" else 503
    if not _may_see_figures():
        answer = {"status": "ok" if status == 200 else "error"}
    return jsonify(answer), status, {"Cache-Control": "no-store"}


def _may_see_figures() -> bool:
    config = current_app.config
    if not config["PROXY_FIX_HOPS"] and "X-Forwarded-For" in request.headers:
        return False  # a proxy the app was not told of: its address is not the visitor's
    try:
        address = ipaddress.ip_address(request.remote_addr or "")
    except ValueError:
        return False
    if address.is_loopback:
        return True
    return any(address in network for network in config["HEALTH_FIGURES_FROM"])
