"""A local SMTP server for `make run` that takes every mail and prints it (what Django's
console mail backend gives its users): the mail staff would receive from the contact form,
its headers decoded and each text part (plain and HTML) as readable text, not
quoted-printable. For development only: aiosmtpd is a development dependency.
"""

from __future__ import annotations

import email
import socket
import sys
from email import policy
from email.message import EmailMessage
from typing import TextIO

from aiosmtpd.controller import Controller

HEADERS = ("From", "To", "Reply-To", "Subject", "Date", "Message-ID")
RULE = "=" * 72


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
    return "\n".join(lines) + "\n"


class _Printer:
    """aiosmtpd's handler: every message is taken, and printed whole in one write (one
    event loop, no await while writing: two mails never interleave)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        message = email.message_from_bytes(envelope.original_content, policy=policy.default)
        self.out.write(readable(message))
        self.out.flush()
        return "250 Message accepted for delivery"


class MailSink:
    """The SMTP server on a free loopback port, in a thread of its own: start(), stop()."""

    host = "127.0.0.1"

    def __init__(self, out: TextIO = sys.stdout) -> None:
        self.port = free_loopback_port()
        self._controller = Controller(
            _Printer(out), hostname=self.host, port=self.port, ready_timeout=10
        )

    def start(self) -> MailSink:
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()
