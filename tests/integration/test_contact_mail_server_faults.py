"""A slow, late or absent mail server: the visitor never waits for it, and the sender copes
within its timeouts (short ones here, standing in for the real minutes)."""

import smtplib
import time

import pytest

from motorlab import create_app
from motorlab.contact import outbox
from motorlab.contact.outbox import open_outbox
from tests.support.contact_support import VALID, contact_config, csrf_token, deliver, stored
from tests.support.smtp import SmtpServer


@pytest.fixture
def slow_smtp():
    """slow_smtp(**delays) -> a started SmtpServer that answers late, stopped afterwards."""
    started = []

    def start(**delays):
        started.append(SmtpServer(**delays).start())
        return started[-1]

    yield start
    for server in started:
        server.stop()


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
