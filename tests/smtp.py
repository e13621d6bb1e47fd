"""A real SMTP server on a free loopback port (aiosmtpd), for the contact tests and the load
script. It can be stopped and started again on the same port, and keeps every mail it took."""

from __future__ import annotations

import email
import socket
import threading
import time
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage

from aiosmtpd.controller import Controller


@dataclass(frozen=True)
class Received:
    mail_from: str
    rcpt_tos: tuple[str, ...]
    message: EmailMessage


class _Collector:
    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.received: list[Received] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        if self.delay:
            time.sleep(self.delay)  # a slow server: widens the window for races
        message = email.message_from_bytes(envelope.original_content, policy=policy.default)
        with self.lock:
            self.received.append(Received(envelope.mail_from, tuple(envelope.rcpt_tos), message))
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SmtpServer:
    def __init__(self, delay: float = 0.0) -> None:
        self.port = free_port()
        self._collector = _Collector(delay)
        self._controller: Controller | None = None

    @property
    def messages(self) -> list[EmailMessage]:
        with self._collector.lock:
            return [item.message for item in self._collector.received]

    @property
    def envelopes(self) -> list[Received]:
        with self._collector.lock:
            return list(self._collector.received)

    def start(self) -> SmtpServer:
        if self._controller is None:
            self._controller = Controller(
                self._collector, hostname="127.0.0.1", port=self.port, ready_timeout=10
            )
            self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None
