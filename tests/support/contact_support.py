"""Fixtures and helpers for the contact tests: an app wired to a real SMTP server on
loopback and to its own outbox file, a way to post the form with a real CSRF token, and that
site served to Chromium with its sender running."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager

import pytest

from motorlab import create_app
from motorlab.config import TestConfig
from motorlab.contact import delivery
from motorlab.contact.outbox import Row, open_outbox
from tests.support.app import config_with, soup_of
from tests.support.browser import serving
from tests.support.smtp import SmtpServer, StalledServer

VALID = {
    "name": "José Núñez",
    "email": "jose.nunez@example.com",
    "description": "We need a booking app for the workshops of three brands.",
}

# A description other than VALID's: a refused post must give it back word for word.
TEXT = "Una app de citas para los talleres de tres marcas, con recordatorios."

# GET /healthz of an outbox with nothing to send and nothing to settle.
HEALTHY = {"status": "ok", "queued": 0, "uncertain": 0, "failed": 0, "oldest_unsent_seconds": None}
# What `outbox check` says of it.
ALL_CLEAR = "OK: 0 queued, none waiting; none failed or uncertain"


def contact_config(smtp: SmtpServer, tmp_path, **overrides) -> TestConfig:
    defaults = {
        "MAIL_PORT": smtp.port,
        "OUTBOX_PATH": str(tmp_path / "outbox.sqlite3"),
        "CONTACT_RECIPIENTS": ["equipo@motorlab.example", "ventas@motorlab.example"],
        "CONTACT_RATE_LIMIT": "1000/minute",
        "OUTBOX_RETRY_BASE": 0.05,  # back-off in fractions of a second
        "OUTBOX_RETRY_MAX": 0.2,
        "OUTBOX_POLL_INTERVAL": 0.02,
    }
    return config_with(**{**defaults, **overrides})


def site_env(tmp_path, mail_port: int, **extra) -> dict[str, str]:
    """The environment of the site served by gunicorn with several workers (and its sender),
    its outbox in `tmp_path`, its mail to `mail_port` on loopback."""
    return {
        "SECRET_KEY": "workers-test-secret",
        "SITE_URL": "http://127.0.0.1",
        "OUTBOX_PATH": str(tmp_path / "outbox.sqlite3"),
        "MAIL_SERVER": "127.0.0.1",
        "MAIL_PORT": str(mail_port),
        "MAIL_TIMEOUT": "3",
        "OUTBOX_POLL_INTERVAL": "0.05",
        **extra,
    }


@pytest.fixture
def smtp():
    server = SmtpServer().start()
    yield server
    server.stop()


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


@pytest.fixture
def stalled():
    """An SMTP server that takes connections and never answers."""
    server = StalledServer()
    yield server
    server.stop()


@pytest.fixture
def sender(launch):
    """sender(env) -> a `flask outbox worker` process; every one started is stopped after."""
    started = []

    def start(env):
        started.append(launch.flask(env, "outbox", "worker"))
        return started[-1]

    yield start
    for process in started:
        process.stop()


@pytest.fixture
def contact_app(smtp, tmp_path):
    return create_app(contact_config(smtp, tmp_path))


@pytest.fixture
def contact_client(contact_app):
    return contact_app.test_client()


def csrf_token(client, path: str = "/contact") -> str:
    """The token of the form on `path`, as a browser gets it: right after a send the page
    is the confirmation (no form), whose "send another" link is the page again."""
    for _ in range(2):
        response = client.get(path)
        assert response.status_code == 200
        field = soup_of(response).find("input", attrs={"name": "csrf_token"})
        if field is not None:
            return field["value"]
    raise AssertionError(f"no form on {path}, twice")


def post_contact(
    client, data=None, *, path="/contact", as_json=False, token=True, headers=None, **kwargs
):
    """Post the form as a browser would: with the token of the page it was rendered on."""
    form = dict(VALID if data is None else data)
    if token:
        form["csrf_token"] = csrf_token(client, path)
    accept = {"Accept": "application/json" if as_json else "text/html"}
    return client.post(path, data=form, headers={**accept, **(headers or {})}, **kwargs)


def stored(app) -> list[Row]:
    return open_outbox(app.config).rows()


def wait_for(predicate, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def deliver(app) -> delivery.Tally:
    """Run the sender until no row is due: what `flask outbox worker` does in production."""
    with app.app_context():
        return delivery.run_worker(open_outbox(app.config), threading.Event(), until_idle=True)


@pytest.fixture(scope="module")
def contact_server(tmp_path_factory):
    """(base URL, SMTP server) of the site, its sender running beside it as in production."""
    smtp = SmtpServer().start()
    app = create_app(contact_config(smtp, tmp_path_factory.mktemp("browser-contact")))
    stop = threading.Event()

    def sender():
        with app.app_context():
            delivery.run_worker(open_outbox(app.config), stop)

    sending = threading.Thread(target=sender, daemon=True)
    sending.start()
    try:
        with serving(app) as base:
            yield base, smtp
    finally:
        stop.set()
        sending.join(timeout=10)
        smtp.stop()


@contextmanager
def opened(browser, javascript=False, width=320, height=720):
    """A page in a context of its own, closed afterwards."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, java_script_enabled=javascript, bypass_csp=True
    )
    try:
        yield context.new_page()
    finally:
        context.close()
