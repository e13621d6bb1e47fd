"""`make run`'s SMTP sink: mail only from a client with this run's login (530 without, 535
with another password), and no control character reaches the terminal raw."""

from __future__ import annotations

import io
import smtplib

import pytest

from motorlab.dev.mail_sink import MailSink

# A forged "contact request": the terminal's clipboard (OSC 52), its screen cleared (CSI 2 J),
# its title set (OSC 0), text hidden (SGR 8), and C1's one-byte CSI.
FORGED = (
    b"From: web@motorlab.example\r\nTo: hola@motorlab.example\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n"
    b"Subject: Contact \x1b]0;owned\x07\r\n\r\n"
    b"Hello\x1b]52;c;aWQgPiAvdG1wL3B3bmVkCg==\x07\x1b[2J\x1b[8mhidden\x1b[0m \xc2\x9b2J\r\n"
)


def test_mail_needs_the_runs_login_and_is_printed_with_control_characters_escaped():
    out = io.StringIO()
    sink = MailSink(out).start()
    try:
        with smtplib.SMTP(sink.host, sink.port, timeout=10) as client:
            with pytest.raises(smtplib.SMTPSenderRefused) as refused:
                client.sendmail("a@example.com", ["b@example.com"], FORGED)
            assert refused.value.smtp_code == 530
        with smtplib.SMTP(sink.host, sink.port, timeout=10) as client:
            client.ehlo()
            client.user, client.password = sink.username, "guessed"
            with pytest.raises(smtplib.SMTPAuthenticationError) as wrong:
                client.auth("PLAIN", client.auth_plain)
            assert wrong.value.smtp_code == 535
            with pytest.raises(smtplib.SMTPSenderRefused) as refused:
                client.sendmail("a@example.com", ["b@example.com"], FORGED)
            assert refused.value.smtp_code == 530
        assert out.getvalue() == "", "refused mail was printed"
        with smtplib.SMTP(sink.host, sink.port, timeout=10) as client:
            client.login(sink.username, sink.password)
            client.sendmail("web@motorlab.example", ["hola@motorlab.example"], FORGED)
    finally:
        sink.stop()
    printed = out.getvalue()
    assert "\x1b" not in printed and "\x07" not in printed and "\x9b" not in printed
    assert printed.splitlines() == [
        "=" * 72,
        "From: web@motorlab.example",
        "To: hola@motorlab.example",
        "Subject: Contact \\x1b]0;owned\\x07",
        "",
        "--- text/plain ---",
        "Hello\\x1b]52;c;aWQgPiAvdG1wL3B3bmVkCg==\\x07\\x1b[2J\\x1b[8mhidden\\x1b[0m \\x9b2J",
        "=" * 72,
    ]
