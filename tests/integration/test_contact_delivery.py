"""Delivery through a real SMTP server on loopback: every field arrives, headers cannot be
injected, a stopped server loses nothing, and `flask outbox send` delivers each row once."""

import time

from motorlab.contact import outbox
from motorlab.contact.outbox import open_outbox
from tests.support.contact_support import VALID, deliver, post_contact, stored
from tests.support.smtp import SmtpServer

RECIPIENTS = ["equipo@motorlab.example", "ventas@motorlab.example"]


def parts(message):
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    return text, html


def test_a_valid_request_arrives_as_one_mail_with_every_field(contact_client, contact_app, smtp):
    description = "Necesitamos una app de citas para los talleres.\nTres marcas, 40 talleres."
    response = post_contact(
        contact_client, {**VALID, "description": description}, path="/en/contact"
    )
    assert response.status_code == 303
    assert deliver(contact_app).sent == 1
    (received,) = smtp.envelopes
    assert sorted(received.rcpt_tos) == RECIPIENTS
    message = received.message
    assert message["Reply-To"].addresses[0].display_name == "José Núñez"
    assert message["Reply-To"].addresses[0].addr_spec == "jose.nunez@example.com"
    assert message["From"].addresses[0].addr_spec == "web@motorlab.example"
    assert message["Subject"] == "Solicitud de contacto de José Núñez"
    (row,) = stored(contact_app)
    assert row.status == outbox.SENT and row.attempts == 1 and row.sent_at
    assert message["Message-ID"] == f"<contact-{row.uuid}@motorlab.example>"
    text, html = parts(message)
    for body in (text, html):
        assert "José Núñez" in body
        assert "jose.nunez@example.com" in body
        assert "Tres marcas, 40 talleres." in body
        assert "English" in body  # the visitor's language
        assert row.created_at[:10] in body  # the time it was received
    assert description in text.replace("\r\n", "\n")


def test_a_name_with_a_bcc_line_adds_no_recipient(contact_client, contact_app, smtp):
    data = {**VALID, "name": "Eve\r\nBcc: victim@example.com"}
    assert post_contact(contact_client, data).status_code == 422
    assert smtp.envelopes == [] and stored(contact_app) == []
    # Even a row that skipped validation (an old row, a bug) cannot add a header.
    open_outbox(contact_app.config).add(
        locale="es", name="Eve\r\nBcc: victim@example.com\r\nX-Evil: 1",
        email="eve@example.com", description="A description that is long enough.",
    )  # fmt: skip
    assert deliver(contact_app).sent == 1
    (received,) = smtp.envelopes
    assert sorted(received.rcpt_tos) == RECIPIENTS
    assert "Bcc" not in received.message and "X-Evil" not in received.message
    assert "\n" not in received.message["Subject"]
    assert received.message["Reply-To"].addresses[0].addr_spec == "eve@example.com"


def test_a_stopped_server_loses_nothing_and_send_delivers_once(contact_client, contact_app, smtp):
    smtp.stop()
    response = post_contact(contact_client, as_json=True)
    assert response.status_code == 200 and response.get_json() == {"ok": True}
    (row,) = stored(contact_app)
    assert row.status == outbox.QUEUED and row.attempts == 0  # the request only stores

    runner = contact_app.test_cli_runner()
    failed = runner.invoke(args=["outbox", "send"])
    assert failed.exit_code == 1 and "0 sent, 1 failed, 1 still queued" in failed.output
    (row,) = stored(contact_app)
    assert row.attempts == 1 and "ConnectionRefusedError" in row.last_error
    assert row.next_attempt_at > row.claimed_at  # backed off
    assert runner.invoke(args=["outbox", "send"]).exit_code == 1

    smtp.start()
    result = runner.invoke(args=["outbox", "send"])
    assert result.exit_code == 0, result.output
    assert "1 sent, 0 failed, 0 still queued" in result.output
    again = runner.invoke(args=["outbox", "send"])
    assert "0 sent, 0 failed, 0 still queued" in again.output
    assert len(smtp.messages) == 1
    (row,) = stored(contact_app)
    assert row.status == outbox.SENT and row.attempts == 3 and row.last_error is None
    assert "José Núñez" in parts(smtp.messages[0])[0]


def test_outbox_list_shows_status_attempts_and_last_error(contact_client, contact_app, smtp):
    assert post_contact(contact_client).status_code == 303
    deliver(contact_app)
    smtp.stop()
    assert post_contact(contact_client, {**VALID, "email": "ana@example.com"}).status_code == 303
    deliver(contact_app)
    runner = contact_app.test_cli_runner()
    listed = runner.invoke(args=["outbox", "list"]).output
    assert "sent" in listed and "jose.nunez@example.com" in listed
    assert "queued" in listed and "ana@example.com" in listed and "last error:" in listed
    assert listed.strip().endswith("1 queued, 0 sending, 1 sent, 0 failed, 0 uncertain")
    only_queued = runner.invoke(args=["outbox", "list", "--status", "queued"]).output
    assert "ana@example.com" in only_queued and "jose.nunez@" not in only_queued


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


def test_address_like_names_and_html_cannot_redirect_or_inject(contact_client, contact_app, smtp):
    evil = "<script>alert(1)</script> please call me"
    data = {
        **VALID,
        "name": 'Ana "Boss", Eve <eve@evil.example>; =?utf-8?q?x?=',
        "description": evil,
    }
    assert post_contact(contact_client, data).status_code == 303
    deliver(contact_app)
    (received,) = smtp.envelopes
    assert sorted(received.rcpt_tos) == RECIPIENTS
    (reply_to,) = received.message["Reply-To"].addresses
    assert reply_to.addr_spec == VALID["email"]
    assert "@" not in reply_to.display_name
    text, html = parts(received.message)
    assert data["name"] in text  # the body keeps the name as typed
    assert evil in text
    assert "<script>" not in html and "&lt;script&gt;" in html  # escaped in the HTML part


def test_a_failed_quit_after_the_mail_was_taken_still_counts_as_sent(
    contact_client, contact_app, smtp, monkeypatch
):
    import smtplib

    def hang_up(self):
        self.close()
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")

    monkeypatch.setattr(smtplib.SMTP, "quit", hang_up)
    assert post_contact(contact_client).status_code == 303
    assert deliver(contact_app).sent == 1
    (row,) = stored(contact_app)
    assert row.status == outbox.SENT and len(smtp.messages) == 1
    result = contact_app.test_cli_runner().invoke(args=["outbox", "send"])
    assert "0 sent" in result.output and len(smtp.messages) == 1  # never sent twice
