"""Delivery of outbox rows outside any request: `deliver` one claimed row and record the
outcome; `send_all` is one pass, `run_worker` the sender beside the web workers."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass

from flask import current_app

from motorlab.contact import mail, transport
from motorlab.contact.outbox import Outbox, OutboxUnavailable, Row

SENT, RETRY, FAILED, LOST, UNCERTAIN = "sent", "retry", "failed", "lost", "uncertain"


class ClaimLost(Exception):
    """The row's claim expired and went to another sender: this one must not go on."""


@dataclass
class Tally:
    sent: int = 0
    retry: int = 0
    failed: int = 0
    lost: int = 0
    uncertain: int = 0

    def add(self, outcome: str) -> None:
        setattr(self, outcome, getattr(self, outcome) + 1)


def retry_delay(attempts: int, config: Mapping) -> float:
    base, ceiling = float(config["OUTBOX_RETRY_BASE"]), float(config["OUTBOX_RETRY_MAX"])
    delay = min(base * 2 ** max(attempts - 1, 0), ceiling)
    return delay * random.uniform(0.9, 1.1)


def _keep_claim(store: Outbox, row: Row, every: float, done: threading.Event, logger) -> None:
    while not done.wait(every):
        try:
            if not store.renew(row):
                return  # lost: start_data or mark_sent will say so
        except OutboxUnavailable as error:
            logger.warning("Contact request %s: claim not renewed: %s", row.uuid, error)


def deliver(store: Outbox, row: Row, stop: threading.Event | None = None) -> str:
    """Send a claimed row and record the outcome; returns SENT, RETRY, FAILED, LOST or
    UNCERTAIN. `stop` set (SIGTERM) ends the attempt within `transport.STOP_GRACE`."""
    config = current_app.config

    def before_end() -> None:
        if not store.start_data(row):
            raise ClaimLost(row.uuid)

    done = threading.Event()
    every = float(config["OUTBOX_STALE_AFTER"]) / 4
    keeper = threading.Thread(
        target=_keep_claim, args=(store, row, every, done, current_app.logger), daemon=True
    )
    keeper.start()
    try:
        transport.send(
            mail.build_message(row), config, before_end, deadline=row.deadline_at, stop=stop
        )
    except ClaimLost:
        current_app.logger.warning("Contact request %s: claim lost, not sent", row.uuid)
        return LOST
    except transport.Unanswered as error:
        current_app.logger.error("Contact request %s may have been delivered: %s", row.uuid, error)
        store.mark_uncertain(row, str(error))
        return UNCERTAIN
    except Exception as error:  # noqa: BLE001 - whatever failed, the row is kept
        reason = f"{type(error).__name__}: {error}"
        if row.attempts >= int(config["OUTBOX_MAX_ATTEMPTS"]):
            current_app.logger.error("Contact request %s failed for good: %s", row.uuid, reason)
            store.mark_failed(row, reason)
            return FAILED
        current_app.logger.warning("Contact request %s not sent: %s", row.uuid, reason)
        store.retry_later(row, reason, time.time() + retry_delay(row.attempts, config))
        return RETRY
    finally:
        done.set()
        keeper.join()
    if not store.mark_sent(row):
        current_app.logger.warning("Contact request %s sent after its claim expired", row.uuid)
    return SENT


def _claim(store: Outbox, **where) -> Row | None:
    config = current_app.config
    stale_after, deadline = float(config["OUTBOX_STALE_AFTER"]), float(config["MAIL_DEADLINE"])
    return store.claim_next(stale_after=stale_after, deadline=deadline, **where)


def send_all(store: Outbox) -> Tally:
    """Try every queued row once, oldest first, due or not; a failure skips to the next."""
    tally, after_id = Tally(), 0
    while row := _claim(store, after_id=after_id, due_only=False):
        after_id = row.id
        tally.add(deliver(store, row))
    return tally


UNAVAILABLE_WAIT = 60  # the longest wait (and log silence) while the outbox cannot be opened


def run_worker(store: Outbox, stop: threading.Event, *, until_idle: bool = False) -> Tally:
    """Deliver due rows until `stop` is set (or, with `until_idle`, none is due). An outbox
    that cannot be opened is retried after a wait doubling up to UNAVAILABLE_WAIT, and logged
    once, then once per UNAVAILABLE_WAIT, and when it opens again."""
    poll, tally = float(current_app.config["OUTBOX_POLL_INTERVAL"]), Tally()
    wait, unavailable_since, said_at = poll, None, 0.0
    while not stop.is_set():
        try:
            row = _claim(store, due_only=True)
        except OutboxUnavailable as error:
            now = time.monotonic()
            if unavailable_since is None or now - said_at >= UNAVAILABLE_WAIT:
                current_app.logger.error("Outbox unavailable: %s", error)
                said_at = now
            unavailable_since = unavailable_since or now
            wait = min(max(wait, poll) * 2, UNAVAILABLE_WAIT)
        else:
            if unavailable_since is not None:
                current_app.logger.warning(
                    "Outbox available again after %.0f s", time.monotonic() - unavailable_since
                )
                unavailable_since, wait = None, poll
            if row is not None:
                tally.add(deliver(store, row, stop))
                continue
        if until_idle:
            break
        stop.wait(wait if unavailable_since is not None else poll)
    return tally
