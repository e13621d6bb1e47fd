"""A local SMTP server for `make run` that prints every mail, decoded, with control
characters escaped; on loopback, taking mail only after SMTP AUTH with this run's password."""

from __future__ import annotations

import email
import logging
import secrets
import socket
import sys
from email import policy
from email.message import EmailMessage
from typing import TextIO

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from motorlab.terminal import escaped

HEADERS = ("From", "To", "Reply-To", "Subject", "Date", "Message-ID")
RULE = "=" * 72
USERNAME = "motorlab-dev"


def free_loopback_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def readable(message: EmailMessage) -> str:
    """The mail as a person reads it: the headers, then each text part under its type."""
    lines = [RULE]
    lines += [f"{name}: {message[name]}" for name in HEADERS if message[name] is not None]
    for part in message.walk():
        if part.get_content_maintype() == "text":
            lines += ["", f"--- {part.get_content_type()} ---", part.get_content().rstrip("\n")]
    lines.append(RULE)
    return escaped("\n".join(lines)) + "\n"


class _Printer:
    """aiosmtpd's handler: 530 before login; each mail printed in one write (no interleaving)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    async def handle_MAIL(self, server, session, envelope, address, mail_options):  # noqa: N802
        # aiosmtpd's own auth_required warns on every connection without TLS: asked here.
        if not session.authenticated:
            return "530 5.7.0 Authentication required"
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        message = email.message_from_bytes(envelope.original_content, policy=policy.default)
        self.out.write(readable(message))
        self.out.flush()
        return "250 Message accepted for delivery"


class MailSink:
    """The SMTP server on a free loopback port, in a thread: mail only after login."""

    host = "127.0.0.1"
    username = USERNAME

    def __init__(self, out: TextIO = sys.stdout) -> None:
        self.port = free_loopback_port()
        self.password = secrets.token_urlsafe(24)
        self._controller = Controller(
            _Printer(out),
            hostname=self.host,
            port=self.port,
            ready_timeout=10,
            authenticator=self._authenticate,
            auth_require_tls=False,  # loopback only: nothing on the wire leaves this machine
        )

    def _authenticate(self, server, session, envelope, mechanism, auth_data) -> AuthResult:
        given = auth_data if isinstance(auth_data, LoginPassword) else None
        valid = given is not None and all(
            secrets.compare_digest(bytes(mine, "utf-8"), theirs)
            for mine, theirs in ((self.username, given.login), (self.password, given.password))
        )
        return AuthResult(success=valid, handled=False)  # aiosmtpd then answers 535

    def start(self) -> MailSink:
        # aiosmtpd logs a warning about its own deprecated attribute at every login.
        logging.getLogger("mail.log").setLevel(logging.ERROR)
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()
