"""Bad settings stop the commands that serve the site (gunicorn as its unit runs it, the sender,
the export), each with one line and status 3, as an incomplete catalog does (motorlab.startup)."""

from __future__ import annotations

import os
import sqlite3
import time

import pytest

from motorlab import startup
from tests.support.contact_support import wait_for
from tests.support.deploy_tools import refusals, serving_commands
from tests.support.processes import app_environment, free_port

# Each bad setting, as an operator's file may hold it, and the one line it gets.
BAD = {
    "no SITE_URL": (
        {"SITE_URL": None},
        "SITE_URL is not set: set it to the site's public address, e.g."
        " https://www.motorlab.example (docs/operations.md)",
    ),
    "a typo for SITE_URL": (
        {"SITE_URL": None, "SITE_ULR": "https://x.example"}, "SITE_URL is not set"
    ),
    "no SECRET_KEY": (
        {"SECRET_KEY": None}, "SECRET_KEY is not set: set it to a long random string"
    ),
    "a word for a number": (
        {"PROXY_FIX_HOPS": "one"}, "PROXY_FIX_HOPS must be a whole number, not 'one'"
    ),
    "two numbers": ({"MAIL_PORT": "25 25"}, "MAIL_PORT must be a whole number, not '25 25'"),
    "seconds": ({"MAIL_DEADLINE": "soon"}, "MAIL_DEADLINE must be a number of seconds, not 'soon'"),
    "a misspelt boolean": (
        {"MAIL_USE_TLS": "ture"},
        "MAIL_USE_TLS must be 1 or 0 (true/false, yes/no, on/off), not 'ture'",
    ),
    "an outbox nobody can create": (
        {"OUTBOX_PATH": "/dev/null/outbox.sqlite3"},
        "OUTBOX_PATH: root cannot create files in /dev/null (for /dev/null/outbox.sqlite3):"
        " it belongs to root, mode crw-rw-rw-",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", BAD)
def test_each_bad_setting_stops_gunicorn_the_sender_and_the_export_in_one_line(
    case, tmp_path, launch
):
    if os.geteuid() != 0 and "outbox" in case:
        pytest.skip("the owner's name in the line is root's")
    changes, said = BAD[case]
    env = {**app_environment(tmp_path / "outbox.sqlite3"), **changes}
    env = {name: value for name, value in env.items() if value is not None}
    for name, lines in refusals(launch, env, tmp_path / "export", free_port()).items():
        assert len(lines) == 1 and lines[0].startswith(f"motorlab: not starting. {said}"), name
    assert not (tmp_path / "export").exists()
    assert not (tmp_path / "outbox.sqlite3").exists()


def test_the_development_server_keeps_its_defaults(monkeypatch):
    monkeypatch.delenv("SITE_URL", raising=False)
    monkeypatch.setenv("SECRET_KEY", "x")  # else the development key is written to instance/
    monkeypatch.setenv("FLASK_DEBUG", "1")
    assert startup.refusal() is None
    monkeypatch.delenv("FLASK_DEBUG")
    assert startup.refusal().startswith("SITE_URL is not set")


def test_the_outbox_is_named_with_its_owner_when_the_service_user_cannot_open_it(session_dir):
    """As the service user (nobody, in a child process), an outbox root created, 0600."""
    if os.geteuid() != 0:
        pytest.skip("needs root to make a file another user cannot open")
    folder = session_dir / "root-outbox"  # a folder every user may enter
    folder.mkdir(mode=0o755)
    outbox = folder / "outbox.sqlite3"
    sqlite3.connect(outbox).close()
    outbox.chmod(0o600)
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (the child's: it never returns to pytest)
        try:
            os.close(reading)
            os.setgid(65534)
            os.setuid(65534)
            os.write(writing, (startup.outbox_refusal(outbox) or "").encode())
        except BaseException as error:
            os.write(writing, repr(error).encode())
        finally:
            os._exit(0)
    os.close(writing)
    said = os.read(reading, 4096).decode()
    os.waitpid(child, 0)
    assert said == f"OUTBOX_PATH: nobody cannot open {outbox}: it belongs to root, mode -rw-------"


def test_the_sender_says_once_a_minute_that_the_outbox_cannot_be_opened(tmp_path, launch):
    """The outbox taken away under a running sender: one line, then one a minute at most."""
    outbox = tmp_path / "outbox" / "outbox.sqlite3"
    env = app_environment(outbox, OUTBOX_POLL_INTERVAL="0.1")
    log = tmp_path / "sender.log"
    sender = launch.process(serving_commands(tmp_path / "export")["sender"], env=env, log=log)
    try:
        wait_for(lambda: "delivering from" in log.read_text(), timeout=30)
        os.rename(outbox.parent, tmp_path / "gone")
        (tmp_path / "outbox").write_text("")  # a file where the outbox's folder was
        time.sleep(8)  # 80 polls
    finally:
        sender.stop()
    errors = [line for line in log.read_text().splitlines() if "Outbox unavailable" in line]
    assert len(errors) == 1, log.read_text()


def test_an_export_into_a_folder_it_cannot_write_says_so_in_one_line(tmp_path, launch):
    blocked = tmp_path / "file"
    blocked.write_text("")
    env = app_environment(tmp_path / "outbox.sqlite3")
    process = launch.process(serving_commands(blocked / "site")["export"], env=env, capture=True)
    lines = process.finish(timeout=120).splitlines()
    assert process.poll() == 1
    assert lines == [f"motorlab export: {blocked / 'site'} not written: [Errno 20] Not a directory:"
                     f" '{blocked / 'site'}'"]  # fmt: skip
