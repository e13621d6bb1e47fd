"""Hand one message to the SMTP server by one deadline (docs/contact.md): a watchdog shuts
the socket down then (smtplib only times single operations)."""

from __future__ import annotations

import contextlib
import re
import smtplib
import socket
import ssl
import threading
import time
from collections.abc import Callable, Mapping
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses

STOP_GRACE = 2.0  # seconds an attempt may go on once the sender is told to stop
STOP_TIME = 5  # seconds the whole sender takes at most to stop on SIGTERM (decisions/0009)
WATCH_EVERY = 0.1  # seconds between the watchdog's looks at `stop`


def resolve(host: str, port: int) -> list[tuple]:
    """The server's stream addresses (the tests replace it with a resolver that never answers)."""
    return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)


class Unanswered(Exception):
    """The message's final `.` went out and no reply came: the server may have taken it."""


class _Watchdog:
    """Shuts the attempt's socket down at the deadline, or `STOP_GRACE` after `stop` is set,
    through a duplicate of its descriptor (the same connection, whatever wraps it: TLS)."""

    def __init__(self, deadline: float, stop: threading.Event | None) -> None:
        self.deadline = time.monotonic() + (deadline - time.time())
        self.stop = stop
        self.reason: str | None = None  # why the attempt was cut short, once it was
        self.stopping = False  # `stop` was seen: the deadline is STOP_GRACE away at most
        self._socket: socket.socket | None = None
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> _Watchdog:
        self._thread.start()
        return self

    def __exit__(self, *_) -> None:
        self._done.set()
        self._thread.join()
        self.watch(None)

    def watch(self, sock: socket.socket | None) -> None:
        with self._lock:
            if self._socket is not None:
                self._socket.close()
            self._socket = sock.dup() if sock is not None else None

    def left(self, most: float) -> float:
        """`most` seconds, or less if the deadline is nearer; raises once it has passed."""
        remaining = self.deadline - time.monotonic()
        if self.reason is not None or remaining <= 0:
            raise TimeoutError(self.reason or self._why())
        return min(most, remaining)

    def _why(self) -> str:
        return "the sender was stopped" if self.stopping else "the mail attempt passed its deadline"

    def resolve(self, host: str, port: int) -> list[tuple]:
        """`resolve` by the deadline, in a thread left behind if it hangs (no timeout)."""
        answer: list = []
        done = threading.Event()

        def lookup() -> None:
            try:
                answer.append(resolve(host, port))
            except Exception as error:  # noqa: BLE001 - raised again in the attempt
                answer.append(error)
            done.set()

        threading.Thread(target=lookup, daemon=True).start()
        while not done.wait(self.left(WATCH_EVERY)):
            pass
        if isinstance(answer[0], Exception):
            raise answer[0]
        return answer[0]

    def _watch(self) -> None:
        while not self._done.wait(max(0.0, min(WATCH_EVERY, self.deadline - time.monotonic()))):
            if not self.stopping and self.stop is not None and self.stop.is_set():
                self.deadline = min(self.deadline, time.monotonic() + STOP_GRACE)
                self.stopping = True
            if time.monotonic() >= self.deadline:
                self.reason = self._why()
                # Not connected (yet, or any more): nothing to end.
                with self._lock, contextlib.suppress(OSError):
                    if self._socket is not None:
                        self._socket.shutdown(socket.SHUT_RDWR)
                return


class _Client(smtplib.SMTP):
    """Connects within the deadline, shows the watchdog its socket, TLS with MAIL_USE_SSL."""

    def __init__(self, config: Mapping, watchdog: _Watchdog) -> None:
        self.watchdog = watchdog
        self.use_ssl = bool(config["MAIL_USE_SSL"])
        timeout = float(config["MAIL_TIMEOUT"])
        super().__init__(config["MAIL_SERVER"], config["MAIL_PORT"], timeout=timeout)

    def _get_socket(self, host, port, timeout):
        error: OSError = OSError(f"{host}: no address")
        for family, kind, proto, _, address in self.watchdog.resolve(host, port):
            sock = socket.socket(family, kind, proto)
            self.watchdog.watch(sock)  # before connecting: a shutdown ends the connect too
            try:
                sock.settimeout(self.watchdog.left(timeout))
                sock.connect(address)
                sock.settimeout(timeout)
                if self.use_ssl:
                    context = ssl.create_default_context()
                    return context.wrap_socket(sock, server_hostname=host)
                return sock
            except OSError as failed:
                sock.close()
                error = failed
        raise error

    def getreply(self):
        code, message = super().getreply()
        # smtplib takes a line cut short by the shutdown (`250 Mess`) for a whole reply.
        if self.watchdog.reason is not None:
            self.close()
            raise smtplib.SMTPServerDisconnected(f"{self.watchdog.reason}: reply cut short")
        return code, message


def _hand_over(
    smtp: _Client, message: EmailMessage, config: Mapping, before_end: Callable[[], None] | None
) -> None:
    """The envelope and the message, up to its final `.` (`before_end` runs just before)."""
    sender = message["From"].addresses[0].addr_spec
    recipients = [address for _, address in getaddresses([str(message["To"])])]
    smtp.ehlo_or_helo_if_needed()
    if config["MAIL_USE_TLS"]:
        smtp.starttls(context=ssl.create_default_context())
        smtp.ehlo()
    if config.get("MAIL_USERNAME") and config.get("MAIL_PASSWORD"):
        smtp.login(config["MAIL_USERNAME"], config["MAIL_PASSWORD"])
    code, reply = smtp.mail(sender)
    if code != 250:
        raise smtplib.SMTPSenderRefused(code, reply, sender)
    refused = {}
    for recipient in recipients:
        code, reply = smtp.rcpt(recipient)
        if code not in (250, 251):
            refused[recipient] = (code, reply)
    if len(refused) == len(recipients):
        raise smtplib.SMTPRecipientsRefused(refused)
    code, reply = smtp.docmd("DATA")
    if code != 354:
        raise smtplib.SMTPDataError(code, reply)
    # smtplib's `data` sends the body and its `.` at once: here the mark comes between.
    body = re.sub(rb"(?m)^\.", b"..", message.as_bytes(policy=policy.SMTP))  # RFC 5321 4.5.2
    smtp.send(body if body.endswith(b"\r\n") else body + b"\r\n")
    if before_end is not None:
        before_end()
    smtp.send(b".\r\n")


def send(
    message: EmailMessage,
    config: Mapping,
    before_end: Callable[[], None] | None = None,
    *,
    deadline: float | None = None,
    stop: threading.Event | None = None,
) -> None:
    """Deliver `message` to its To header by `deadline` (a time.time(), by default
    `MAIL_DEADLINE` from now); `before_end` runs just before the final `.`."""
    if deadline is None:
        deadline = time.time() + float(config["MAIL_DEADLINE"])
    smtp: _Client | None = None
    ended = False  # the final `.` went out
    with _Watchdog(deadline, stop) as watchdog:
        try:
            smtp = _Client(config, watchdog)
            _hand_over(smtp, message, config, before_end)
            ended = True
            smtp.sock.settimeout(float(config["MAIL_DATA_TIMEOUT"]))
            code, reply = smtp.getreply()
        except BaseException as error:
            if smtp is not None:
                smtp.close()
            if not isinstance(error, Exception):
                raise
            if ended:
                why = watchdog.reason or f"{type(error).__name__}: {error}"
                raise Unanswered(f"no reply after the message: {why}") from error
            if watchdog.reason is not None:
                raise TimeoutError(watchdog.reason) from error
            raise
        # After a 250 the server has the message: a lost QUIT changes nothing.
        with contextlib.suppress(smtplib.SMTPException, OSError):
            if code == 250:
                smtp.sock.settimeout(float(config["MAIL_TIMEOUT"]))
                smtp.quit()
        smtp.close()
        if code != 250:
            raise smtplib.SMTPDataError(code, reply)
