"""The mail server's name is resolved within the attempt's deadline and the sender's stop,
with the transport's `resolve` replaced by a lookup that never answers (getaddrinfo cannot)."""

import os
import signal
import socket
import sys
import threading
import time
from email.message import EmailMessage

import pytest

from motorlab import create_app
from motorlab.contact import transport
from motorlab.contact.outbox import open_outbox
from tests.support.app import config_with
from tests.support.contact_support import VALID, site_env, wait_for

NAME = "mail.motorlab.example"  # no resolver knows it


def never_answers(host, port):
    threading.Event().wait()


def config(port: int, deadline: float) -> dict:
    return {
        "MAIL_SERVER": NAME, "MAIL_PORT": port, "MAIL_USE_SSL": False, "MAIL_USE_TLS": False,
        "MAIL_TIMEOUT": 30, "MAIL_DATA_TIMEOUT": 30, "MAIL_DEADLINE": deadline,
    }  # fmt: skip


def message() -> EmailMessage:
    mail = EmailMessage()
    mail["From"], mail["To"] = "web@motorlab.example", "team@motorlab.example"
    mail["Subject"] = "Hi"
    mail.set_content("Hello")
    return mail


@pytest.mark.parametrize(
    ("deadline", "stop_after", "why", "longest"),
    [(1.5, None, "deadline", 2.0), (60, 0.5, "the sender was stopped", 1 + transport.STOP_GRACE)],
)
def test_a_lookup_that_never_answers_ends_at_the_deadline_or_the_stop(
    monkeypatch, deadline, stop_after, why, longest
):
    monkeypatch.setattr(transport, "resolve", never_answers)
    stop = threading.Event()
    if stop_after is not None:
        threading.Timer(stop_after, stop.set).start()
    started = time.monotonic()
    with pytest.raises(TimeoutError, match=why):
        transport.send(message(), config(25, deadline), stop=stop)
    assert min(deadline, stop_after or deadline) - 0.1 < time.monotonic() - started < longest


def test_the_resolved_address_is_the_one_connected_to(monkeypatch, smtp):
    looked_up = []

    def loopback(host, port):
        looked_up.append((host, port))
        return socket.getaddrinfo("127.0.0.1", port, type=socket.SOCK_STREAM)

    monkeypatch.setattr(transport, "resolve", loopback)
    transport.send(message(), config(smtp.port, 10))
    assert looked_up == [(NAME, smtp.port)]
    assert [m["Subject"] for m in smtp.messages] == ["Hi"]


# The worker as an operator runs it, with the resolver replaced before the CLI starts.
WORKER = """
import pathlib, sys, threading
from flask.cli import main
from motorlab.contact import transport
looking = pathlib.Path(sys.argv[1])
def never_answers(host, port):
    looking.touch()
    threading.Event().wait()
transport.resolve = never_answers
sys.argv = ["flask", "--app", "wsgi", "outbox", "worker"]
main()
"""


def test_sigterm_during_the_lookup_stops_the_worker_in_time_and_queues_the_row(tmp_path, launch):
    env = site_env(tmp_path, 25, MAIL_SERVER=NAME, MAIL_DEADLINE="3")
    app = create_app(config_with(OUTBOX_PATH=str(tmp_path / "outbox.sqlite3")))
    store = open_outbox(app.config)
    store.add(locale="en", **VALID)
    looking = tmp_path / "looking-up"
    command = [sys.executable, "-c", WORKER, str(looking)]
    sender = launch.process(command, env={**os.environ, **env}, log=tmp_path / "worker.log")
    try:
        assert wait_for(looking.exists, timeout=20)
        time.sleep(2)
        started = time.monotonic()
        os.kill(sender.pid, signal.SIGTERM)
        assert sender.wait(timeout=10) == 0
        assert time.monotonic() - started < transport.STOP_TIME
        (row,) = store.rows()
        assert (row.status, row.attempts, row.data_at) == ("queued", 1, None)
        assert "TimeoutError" in row.last_error
    finally:
        sender.stop()
