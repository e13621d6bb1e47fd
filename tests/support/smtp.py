"""A real SMTP server on a free loopback port (aiosmtpd) that keeps every mail it took, stops and
starts again on its port, runs an action at a step of a session (`at`), trickles a reply."""

from __future__ import annotations

import asyncio
import email
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP

from tests.support.processes import free_port


@dataclass(frozen=True)
class Received:
    mail_from: str
    rcpt_tos: tuple[str, ...]
    message: EmailMessage


class _Collector:
    """`delay` blocks before taking a message; EHLO, MAIL and RCPT wait `command_delay`, the
    final reply `reply_delay`."""

    def __init__(self, delay: float, command_delay: float, reply_delay: float) -> None:
        self.delay = delay
        self.command_delay = command_delay
        self.reply_delay = reply_delay
        self.received: list[Received] = []
        self.lock = threading.Lock()
        self.closing = False
        self.connections: set = set()  # the SMTP sessions still open, closed on stop()
        self.actions: dict[str, Callable[[], None]] = {}
        self.trickles: dict[str, float] = {}  # step -> seconds between the bytes of its reply

    def _reached(self, step: str) -> bool:
        action = self.actions.pop(step, None)
        if action is not None:
            action()
        return action is not None

    async def handle_EHLO(self, server, session, envelope, hostname, responses):  # noqa: N802
        self._reached("EHLO")
        await asyncio.sleep(self.command_delay)
        session.host_name = hostname
        return responses

    async def handle_MAIL(self, server, session, envelope, address, options):  # noqa: N802
        self._reached("MAIL")
        await asyncio.sleep(self.command_delay)
        envelope.mail_from = address
        envelope.mail_options.extend(options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, options):  # noqa: N802
        await asyncio.sleep(self.command_delay)
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(options)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        if self.closing:
            return "421 4.3.2 Shutting down"  # not taken: the client must try again later
        if self._reached("DATA"):
            return "451 4.3.0 Transaction aborted"  # the client is gone: nothing taken
        if self.delay:
            time.sleep(self.delay)  # a slow server: widens the window for races
        message = email.message_from_bytes(envelope.original_content, policy=policy.default)
        with self.lock:
            self.received.append(Received(envelope.mail_from, tuple(envelope.rcpt_tos), message))
        self._reached("stored")
        await asyncio.sleep(self.reply_delay)
        return "250 Message accepted for delivery"


class _Session(SMTP):
    """aiosmtpd's session, whose replies at "body" and "reply" reach `at` and `tarpit`."""

    _after_body = False  # the 354 went out: the next reply is the final one
    lost = False  # the connection has ended (set once, by connection_lost)

    def connection_lost(self, exc) -> None:
        super().connection_lost(exc)
        self.lost = True

    async def push(self, status) -> None:
        text = status if isinstance(status, str) else status.decode()
        step = None
        if text.startswith("354"):
            step, self._after_body = "body", True
        elif self._after_body:
            step, self._after_body = "reply", False
        collector: _Collector = self.event_handler
        if step is not None:
            collector._reached(step)
        interval = collector.trickles.pop(step, None) if step is not None else None
        if interval is None:
            await super().push(status)
            return
        for byte in (text + "\r\n").encode():  # a tarpit: one byte at a time
            if self.transport is None or self._writer.is_closing():
                return  # the client gave up
            self._writer.write(bytes([byte]))
            try:
                await self._writer.drain()
            except ConnectionError:
                return
            await asyncio.sleep(interval)


class _TrackingController(Controller):
    """Registers each session as it connects, so stop() closes silent clients too."""

    def factory(self):
        session = _Session(self.handler, **self.SMTP_kwargs)
        self.handler.connections.add(session)
        return session


class SmtpServer:
    def __init__(
        self, delay: float = 0.0, command_delay: float = 0.0, reply_delay: float = 0.0
    ) -> None:
        self.port = free_port()
        self._collector = _Collector(delay, command_delay, reply_delay)
        self._controller: Controller | None = None

    @property
    def messages(self) -> list[EmailMessage]:
        return [item.message for item in self.envelopes]

    @property
    def envelopes(self) -> list[Received]:
        with self._collector.lock:
            return list(self._collector.received)

    def at(self, step: str, action: Callable[[], None]) -> None:
        """Run `action` once, the next time a session reaches `step`: "EHLO", "MAIL", "body"
        (the 354 is about to go out), "DATA" (body and `.` arrived: then refused), "stored" (taken,
        the final reply follows) or "reply" (that reply is about to go out)."""
        self._collector.actions[step] = action

    def tarpit(self, step: str, interval: float) -> None:
        """Trickle the next reply at `step` ("body" or "reply"), a byte every `interval` s."""
        self._collector.trickles[step] = interval

    def start(self) -> SmtpServer:
        if self._controller is None:
            self._controller = _TrackingController(
                self._collector, hostname="127.0.0.1", port=self.port, ready_timeout=10
            )
            self._controller.start()
        return self

    async def _close_connections(self) -> None:
        """In the server's loop: close every session's connection (a transport may come a
        turn after its session), and let the closes finish."""
        for _ in range(3):
            await asyncio.sleep(0.01)
            for session in list(self._collector.connections):
                # aiosmtpd sets a session's transport to None once its connection is lost.
                if session.transport is not None and not session.transport.is_closing():
                    session.transport.close()
        await asyncio.sleep(0.01)

    def stop(self) -> None:
        """A clean shutdown: take no new message, let taken ones' replies out, then close."""
        if self._controller is not None:
            self._collector.closing = True
            listener = self._controller.server  # no new connection: it would stay open
            if listener is not None:
                self._controller.loop.call_soon_threadsafe(listener.close)
            # Sessions still talking may finish, for 0.3 s (by `lost`: a new session may not
            # have its transport yet).
            deadline = time.monotonic() + 0.3
            while time.monotonic() < deadline and not all(
                session.lost for session in list(self._collector.connections)
            ):
                time.sleep(0.005)
            # Python 3.11's asyncio server leaves its clients' connections open: close them.
            closing = asyncio.run_coroutine_threadsafe(
                self._close_connections(), self._controller.loop
            )
            closing.result(timeout=5)
            self._collector.connections.clear()
            self._controller.stop()
            self._collector.closing = False
            self._controller = None


class StalledServer:
    """An SMTP server that has stopped (as under SIGSTOP): connections never answered."""

    def __init__(self) -> None:
        self._socket = socket.socket()
        self._socket.bind(("127.0.0.1", 0))
        self._socket.listen(64)
        self.port = self._socket.getsockname()[1]

    def stop(self) -> None:
        self._socket.close()
