"""One deadline per mail attempt, against a server that trickles its replies (no per-read
timeout fires): stalled before the final `.` the row is tried again, after it `uncertain`;
SIGTERM ends the sender by the same rule; /healthz is 503 for a row sending past its deadline."""

import os
import signal
import threading
import time

import pytest

from motorlab import create_app
from motorlab.contact import transport
from motorlab.contact.outbox import open_outbox
from tests.support.app import config_with
from tests.support.contact_support import (
    HEALTHY,
    VALID,
    contact_config,
    deliver,
    site_env,
    stored,
    wait_for,
)

TRICKLE = 0.3  # seconds per byte: a 37-byte reply takes 11 s, each read well within 1 s


def by_name(app) -> dict:
    return {row.name: row for row in stored(app)}


@pytest.mark.parametrize(
    ("step", "status", "error"),
    [("body", "queued", "deadline"), ("reply", "uncertain", "no reply after the message")],
)
def test_a_server_stalling_mid_attempt_costs_the_deadline_not_the_row_behind(
    smtp, tmp_path, step, status, error
):
    """Stalled on the 354 that invites the body, the row is tried again later; on the 250
    after the stored message, it waits `uncertain` for an operator."""
    settings = {"MAIL_TIMEOUT": 1, "MAIL_DATA_TIMEOUT": 1, "MAIL_DEADLINE": 1.5}
    back_off = {"OUTBOX_RETRY_BASE": 30, "OUTBOX_RETRY_MAX": 60}
    app = create_app(contact_config(smtp, tmp_path, **settings, **back_off))
    for name in ("Stalled", "Behind"):
        open_outbox(app.config).add(locale="en", **{**VALID, "name": name})
    smtp.tarpit(step, TRICKLE)
    started = time.monotonic()
    tally = deliver(app)
    assert time.monotonic() - started < 3  # the deadline, not the 11 s trickle
    after_the_dot = step == "reply"
    assert (tally.sent, tally.retry, tally.uncertain) == (1, not after_the_dot, after_the_dot)
    rows = by_name(app)
    stalled = rows["Stalled"]
    assert (stalled.status, stalled.attempts) == (status, 1) and error in stalled.last_error
    assert (stalled.data_at is not None) == after_the_dot
    assert rows["Behind"].status == "sent"  # the row behind it was not held up
    subjects = sorted(m["Subject"].split()[-1] for m in smtp.messages)
    assert subjects == (["Behind", "Stalled"] if after_the_dot else ["Behind"])
    if after_the_dot:
        assert deliver(app).sent == 0  # never sent again by itself: the server has it
        assert app.test_client().get("/healthz").get_json() == {**HEALTHY, "uncertain": 1}
        listed = app.test_cli_runner().invoke(args=["outbox", "list"]).output
        assert f"outbox mark-sent {stalled.id}" in listed
        return
    assert stalled.next_attempt_at - time.time() > 20  # back-off, as any failure
    sent = app.test_cli_runner().invoke(args=["outbox", "send"])  # tried again: now it goes
    assert "1 sent, 0 failed, 0 still queued" in sent.output
    assert by_name(app)["Stalled"].status == "sent"
    subjects = sorted(m["Subject"].split()[-1] for m in smtp.messages)
    assert subjects == ["Behind", "Stalled"]


def test_healthz_is_503_while_a_row_is_sending_past_its_deadline(app, tmp_path):
    app.config.update(OUTBOX_PATH=str(tmp_path / "outbox.sqlite3"), OUTBOX_LOCK_TIMEOUT=0.5)
    client = app.test_client()
    store = open_outbox(app.config)
    store.add(locale="en", **VALID)
    store.add(locale="en", **VALID)
    row = store.claim_next(deadline=1)  # a sender that then hangs
    assert client.get("/healthz").status_code == 200  # within its deadline
    time.sleep(1 + 0.5 + 0.2)  # the deadline, then the time to record an outcome
    store.renew(row)  # a live claim: the deadline counts from the claim, not the renewal
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.headers["Cache-Control"] == "no-store"
    answer = response.get_json()
    assert answer.pop("oldest_unsent_seconds") in (1, 2, 3)  # whole seconds, since the add
    assert answer == {
        "status": "stuck",
        "error": "a contact request is still sending past its deadline",
        "overdue": 1,
        "queued": 1,
        "uncertain": 0,
        "failed": 0,
    }
    store.retry_later(row, "TimeoutError: the mail attempt passed its deadline", time.time())
    answer = client.get("/healthz").get_json()
    assert answer.pop("oldest_unsent_seconds") in (1, 2, 3)
    assert answer == {"status": "ok", "queued": 2, "uncertain": 0, "failed": 0}


# SIGTERM: the sender stops within 5 s, before the final `.` the row goes back to the queue,
# after it the row is uncertain; restarted, the sender delivers what was not delivered.


@pytest.mark.parametrize("step", ["body", "reply"])
def test_sigterm_stops_the_sender_within_5_s_by_the_same_rule(tmp_path, step, smtp, sender):
    # A long deadline: only SIGTERM can end the attempt in time. A short back-off.
    env = site_env(
        tmp_path, smtp.port, MAIL_DEADLINE="60", MAIL_DATA_TIMEOUT="60",
        OUTBOX_RETRY_BASE="0.1", OUTBOX_RETRY_MAX="0.2",
    )  # fmt: skip
    store = open_outbox({"OUTBOX_PATH": env["OUTBOX_PATH"]})
    store.add(locale="en", **VALID)
    stalled = threading.Event()
    smtp.at(step, stalled.set)
    smtp.tarpit(step, TRICKLE)
    first = sender(env)
    assert stalled.wait(20)
    time.sleep(0.5)  # well into the trickle
    started = time.monotonic()
    os.kill(first.pid, signal.SIGTERM)
    assert first.wait(timeout=10) == 0
    assert time.monotonic() - started < transport.STOP_TIME
    (row,) = store.rows()
    assert "the sender was stopped" in row.last_error
    if step == "body":  # nothing can have arrived: queued again, with back-off
        assert row.status == "queued" and row.data_at is None and smtp.messages == []
        sender(env)  # restarted: now it goes
        assert wait_for(lambda: store.counts()["sent"] == 1, timeout=20), store.rows()
    else:  # the server has it: uncertain, and not sent again
        assert row.status == "uncertain" and len(smtp.messages) == 1
        sender(env)
        time.sleep(1)
        assert store.counts()["uncertain"] == 1
    assert len(smtp.messages) == 1


@pytest.mark.parametrize(
    ("point", "status", "mails"), [("body", "sent", 1), ("DATA", "uncertain", 0)]
)
def test_a_killed_senders_row_is_taken_back_once_overdue_not_after_the_stale_time(
    tmp_path, point, status, mails, smtp, sender
):
    # Killed as DATA is accepted (before the mark) or once the final `.` arrived (after it;
    # the server then refuses the message). The claim would go stale only after 15 minutes.
    env = site_env(tmp_path, smtp.port, MAIL_DEADLINE="2", OUTBOX_LOCK_TIMEOUT="1")
    app = create_app(config_with(OUTBOX_PATH=env["OUTBOX_PATH"]))
    client = app.test_client()
    store = open_outbox(app.config)
    store.add(locale="en", **VALID)
    first = sender(env)
    smtp.at(point, lambda: os.kill(first.pid, signal.SIGKILL))
    assert first.wait(timeout=20) == -signal.SIGKILL
    assert store.counts()["sending"] == 1
    assert client.get("/healthz").status_code == 200  # within its deadline
    # The deadline (2 s), then the time to record an outcome (1 s): nobody took it back.
    assert wait_for(lambda: client.get("/healthz").status_code == 503, timeout=10)
    assert client.get("/healthz").get_json()["overdue"] == 1
    sender(env)  # restarted: it takes the row back at once
    assert wait_for(lambda: store.counts()[status] == 1, timeout=10), store.rows()
    time.sleep(0.5)  # a second copy, if any, would arrive now
    assert len(smtp.messages) == mails
    assert client.get("/healthz").get_json()["status"] == "ok"
