"""GET /healthz for load balancers: 200 while the outbox can take a post, with the number of
queued contact requests, of `uncertain` ones (a sender died mid-send: an operator must look)
and of `failed` ones, and how long the oldest request not sent yet has waited
(`oldest_unsent_seconds`, null for none): late mail is no reason to take the site out of a
load balancer, but a monitoring system reads it here or from `flask outbox check`. 503 when
the outbox cannot be written within half a second (missing folder, unwritable,
corrupted, or locked that long: a visitor's post would get a 503 too); a file without the
table yet (zero bytes) is an empty outbox, as the next post makes it. A row whose
`created_at` is not a time is left out of the age (`outbox check` names it). The store
answers (`waiting()`, `backlog()`).

Also 503 when a row is still `sending` past its attempt's deadline (`MAIL_DEADLINE` after
its claim) by more than `OUTBOX_LOCK_TIMEOUT`, the time a sender may take to record the
outcome (`overdue()`): that sender hangs or died, and no running sender has taken the row
back (each does so before its next claim), so nothing is being delivered.

The figures, and what went wrong, only for the machine itself or an address
`HEALTH_FIGURES_FROM` lists (a monitoring host): anyone else gets the same status code with
`{"status": "ok"}` or `{"status": "error"}`, nothing about the mail. The address is the
visitor's as ProxyFix reads it behind `PROXY_FIX_HOPS` proxies (nginx appends the peer it
saw to X-Forwarded-For, so a forged one never reads as loopback); with no proxy configured,
a request that came through one anyway is not the machine's.
"""

from __future__ import annotations

import ipaddress
import time

from flask import Blueprint, current_app, jsonify, request

from motorlab.contact.outbox import OutboxUnavailable, open_outbox

bp = Blueprint("health", __name__)
# Seconds /healthz waits for the outbox's write lock (a post waits OUTBOX_LOCK_TIMEOUT): a
# clean-up holding it must not hold a sync worker per probe for seconds. Its reads never wait
# (WAL), so the whole answer comes within a second.
HEALTH_WAIT = 0.5


@bp.route("/healthz")
def healthz():
    config = current_app.config
    try:
        # The write lock probed with a short wait; `overdue` keeps the store's own lock
        # timeout, part of its rule (a sender has that long to record an outcome).
        wait = min(HEALTH_WAIT, float(config["OUTBOX_LOCK_TIMEOUT"]))
        now = time.time()
        counts = open_outbox(config, lock_timeout=wait).waiting()
        store = open_outbox(config)
        counts.update(store.backlog(now))
        del counts["unreadable"]  # `outbox check` names them; the age leaves them out
        overdue = store.overdue(now)
    except OutboxUnavailable as error:
        current_app.logger.error("health check: outbox unavailable: %s", error)
        response = jsonify(status="unavailable", error="outbox cannot be opened")
        response.status_code = 503
    else:
        if overdue:
            current_app.logger.error(
                "health check: %d contact request(s) sending past their deadline", overdue
            )
            response = jsonify(
                status="stuck",
                error="a contact request is still sending past its deadline",
                overdue=overdue,
                **counts,
            )
            response.status_code = 503
        else:
            response = jsonify(status="ok", **counts)
    if not _may_see_figures():
        public = "ok" if response.status_code == 200 else "error"
        response = jsonify(status=public)
        response.status_code = 200 if public == "ok" else 503
    response.headers["Cache-Control"] = "no-store"
    return response


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
