"""Delivery through a real SMTP server on loopback that is stopped, slow or late: the visitor
never waits for it, nothing is lost, a failing row is skipped, not a stop, and each row is
delivered once (short timeouts here, standing in for the real minutes)."""

import smtplib
import time

import pytest

from motorlab import create_app
from motorlab.contact import outbox
from motorlab.contact.outbox import open_outbox
from tests.support.contact_support import (
    VALID,
    contact_config,
    csrf_token,
    deliver,
    post_contact,
    site_env,
    stored,
)


def hang_up(smtp) -> None:
    """A QUIT the server never answers: the connection ends after the mail was taken."""
    smtp.close()
    raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


@pytest.mark.parametrize(
    ("delays", "settings", "on_quit"),
    [
        ({"command_delay": 0.5}, {"MAIL_TIMEOUT": 2}, None),  # 4 slow commands: 2 s
        ({"reply_delay": 1.0}, {"MAIL_TIMEOUT": 0.4, "MAIL_DATA_TIMEOUT": 3}, None),
        ({}, {}, hang_up),
    ],
    ids=["slow-commands", "late-final-reply", "failed-quit"],
)
def test_a_mail_the_server_takes_slowly_or_without_a_goodbye_goes_once(
    tmp_path, slow_smtp, monkeypatch, delays, settings, on_quit
):
    """The visitor never waits for the server; a late final reply is waited for; a mail taken
    is sent, never twice."""
    if on_quit is not None:
        monkeypatch.setattr(smtplib.SMTP, "quit", on_quit)
    server = slow_smtp(**delays)
    app = create_app(contact_config(server, tmp_path, **settings))
    client = app.test_client()
    token = csrf_token(client)
    started = time.perf_counter()
    response = client.post("/contact", data={**VALID, "csrf_token": token})
    assert response.status_code == 303
    assert time.perf_counter() - started < 1
    assert stored(app)[0].status == outbox.QUEUED
    runner = app.test_cli_runner()
    first = runner.invoke(args=["outbox", "send"])
    assert first.exit_code == 0 and "1 sent, 0 failed" in first.output
    for _ in range(2):
        assert "0 sent, 0 failed" in runner.invoke(args=["outbox", "send"]).output
    assert len(server.messages) == 1
    (row,) = stored(app)
    assert row.status == outbox.SENT and row.attempts == 1


def test_a_server_slower_than_the_timeout_backs_off_and_ends_failed(tmp_path, slow_smtp):
    config = contact_config(
        slow_smtp(command_delay=0.6), tmp_path, MAIL_TIMEOUT=0.2, OUTBOX_MAX_ATTEMPTS=3
    )
    config.OUTBOX_RETRY_BASE, config.OUTBOX_RETRY_MAX = 30, 60
    app = create_app(config)
    open_outbox(app.config).add(locale="es", **VALID)
    runner = app.test_cli_runner()
    assert deliver(app).retry == 1
    (row,) = stored(app)
    assert row.status == outbox.QUEUED and row.attempts == 1
    assert "timed out" in row.last_error
    # 30 s ± 10 %, less the moments since it was stored (27 s is a possible jitter).
    assert 26 < row.next_attempt_at - time.time() <= 33
    assert deliver(app).retry == 0  # nothing due: the sender leaves it alone
    send = runner.invoke(args=["outbox", "send"])  # an operator's run tries it anyway
    assert "0 sent, 1 failed, 1 still queued" in send.output
    (row,) = stored(app)
    assert row.attempts == 2 and 53 < row.next_attempt_at - time.time() <= 66  # 60 s ± 10 %
    final = runner.invoke(args=["outbox", "send"])
    assert "0 sent, 1 failed, 0 still queued" in final.output
    (row,) = stored(app)
    assert row.status == outbox.FAILED and row.attempts == 3
    listed = runner.invoke(args=["outbox", "list", "--status", "failed"]).output
    assert "failed" in listed and "attempts=3" in listed and "timed out" in listed
    assert runner.invoke(args=["outbox", "requeue"]).output.strip() == "1 queued again"
    assert stored(app)[0].status == outbox.QUEUED


def test_a_stopped_server_loses_nothing_and_send_delivers_each_row_once(
    contact_client, contact_app, smtp
):
    assert post_contact(contact_client).status_code == 303
    assert deliver(contact_app).sent == 1
    smtp.stop()
    response = post_contact(contact_client, {**VALID, "email": "ana@example.com"}, as_json=True)
    assert response.status_code == 200 and response.get_json() == {"ok": True}
    assert post_contact(contact_client, {**VALID, "email": "bea@example.com"}).status_code == 303
    assert [(row.status, row.attempts) for row in stored(contact_app)[1:]] == [
        (outbox.QUEUED, 0)  # the request only stores
    ] * 2

    runner = contact_app.test_cli_runner()
    failed = runner.invoke(args=["outbox", "send"])  # the old run stopped at the first failure
    assert failed.exit_code == 1 and "0 sent, 2 failed, 2 still queued" in failed.output
    for row in stored(contact_app)[1:]:
        assert row.attempts == 1 and "ConnectionRefusedError" in row.last_error
        assert row.next_attempt_at > row.claimed_at  # backed off
    listed = runner.invoke(args=["outbox", "list"]).output
    assert "sent" in listed and "jose.nunez@example.com" in listed
    assert "queued" in listed and "ana@example.com" in listed and "last error:" in listed
    assert listed.strip().endswith("2 queued, 0 sending, 1 sent, 0 failed, 0 uncertain")
    only_queued = runner.invoke(args=["outbox", "list", "--status", "queued"]).output
    assert "bea@example.com" in only_queued and "jose.nunez@" not in only_queued
    assert runner.invoke(args=["outbox", "send"]).exit_code == 1

    smtp.start()
    result = runner.invoke(args=["outbox", "send"])
    assert result.exit_code == 0, result.output
    assert "2 sent, 0 failed, 0 still queued" in result.output
    again = runner.invoke(args=["outbox", "send"])
    assert "0 sent, 0 failed, 0 still queued" in again.output
    assert len(smtp.messages) == 3
    rows = stored(contact_app)
    assert [(row.status, row.attempts, row.last_error) for row in rows] == [
        (outbox.SENT, 1, None),
        (outbox.SENT, 3, None),
        (outbox.SENT, 3, None),
    ]
    assert "ana@example.com" in smtp.messages[1].get_body(("plain",)).get_content()


def test_a_stale_claim_is_queued_again(contact_app, smtp):
    store = open_outbox(contact_app.config)
    store.add(locale="es", **VALID)
    row = store.claim_next()  # a sender that dies while sending
    assert store.claim_next(stale_after=600) is None  # still fresh: left alone
    time.sleep(0.05)
    claimed = store.claim_next(stale_after=0.01)
    assert claimed.id == row.id and claimed.attempts == 2
    assert claimed.last_error == "claim expired"
    assert store.mark_sent(row) is False  # the dead sender's claim no longer counts
    assert store.mark_sent(claimed) is True


def test_two_concurrent_send_runs_deliver_each_row_once(tmp_path, launch, slow_smtp):
    smtp = slow_smtp(delay=0.05)
    env = site_env(tmp_path, smtp.port)
    store = open_outbox({"OUTBOX_PATH": env["OUTBOX_PATH"]})
    for number in range(40):
        store.add(
            locale="en", name=f"Client {number}", email=f"c{number}@example.com",
            description="A project description that is long enough.",
        )  # fmt: skip
    runs = [launch.flask(env, "outbox", "send", capture=True) for _ in range(2)]
    outputs = [run.finish() for run in runs]
    assert [run.handle.returncode for run in runs] == [0, 0], outputs
    sent = [int(output.split(" sent")[0].split()[-1]) for output in outputs]
    assert sum(sent) == 40, outputs
    assert min(sent) > 0, outputs  # the two runs really overlapped
    message_ids = [message["Message-ID"] for message in smtp.messages]
    assert len(message_ids) == 40 and len(set(message_ids)) == 40
    assert store.counts() == {"queued": 0, "sending": 0, "sent": 40, "failed": 0, "uncertain": 0}
