"""Delivery through a real SMTP server on loopback: a stopped server loses nothing, a failing
row is skipped, not a stop, and `flask outbox send` delivers each row once."""

import time

from motorlab.contact import outbox
from motorlab.contact.outbox import open_outbox
from tests.support.contact_support import VALID, deliver, post_contact, stored
from tests.support.smtp import SmtpServer


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


def test_two_concurrent_send_runs_deliver_each_row_once(tmp_path, launch):
    smtp = SmtpServer(delay=0.05).start()
    try:
        path = str(tmp_path / "outbox.sqlite3")
        store = open_outbox({"OUTBOX_PATH": path})
        for number in range(40):
            store.add(
                locale="en", name=f"Client {number}", email=f"c{number}@example.com",
                description="A project description that is long enough.",
            )  # fmt: skip
        env = {
            "OUTBOX_PATH": path,
            "MAIL_SERVER": "127.0.0.1",
            "MAIL_PORT": str(smtp.port),
            "SECRET_KEY": "x",
            "SITE_URL": "https://www.motorlab.example",
        }
        runs = [launch.flask(env, "outbox", "send", capture=True) for _ in range(2)]
        outputs = [run.finish() for run in runs]
        assert [run.handle.returncode for run in runs] == [0, 0], outputs
        sent = [int(output.split(" sent")[0].split()[-1]) for output in outputs]
        assert sum(sent) == 40, outputs
        assert min(sent) > 0, outputs  # the two runs really overlapped
        message_ids = [message["Message-ID"] for message in smtp.messages]
        assert len(message_ids) == 40 and len(set(message_ids)) == 40
        assert store.counts() == {
            "queued": 0,
            "sending": 0,
            "sent": 40,
            "failed": 0,
            "uncertain": 0,
        }
    finally:
        smtp.stop()
