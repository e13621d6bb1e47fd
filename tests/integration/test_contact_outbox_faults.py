"""An outbox that cannot be written, is locked or vanishes: a 503 within one deadline that
keeps the text and offers the contact address; the rate limit untouched; no file left open."""

import gc
import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from motorlab import create_app
from motorlab.contact.outbox import open_outbox
from tests.support.app import soup_of, visible_text
from tests.support.contact_support import (
    ALL_CLEAR,
    HEALTHY,
    TEXT,
    VALID,
    contact_config,
    csrf_token,
    post_contact,
    stored,
)


def assert_unavailable(client, path="/en/contact"):
    token = csrf_token(client, path)
    data = {**VALID, "description": TEXT, "csrf_token": token}
    started = time.perf_counter()
    html = client.post(path, data=data)
    assert time.perf_counter() - started < 2
    assert html.status_code == 503
    soup = soup_of(html)
    assert soup.find(id="description").get_text() == TEXT
    assert soup.find(id="name")["value"] == VALID["name"]
    assert "We could not save your request just now." in visible_text(soup)
    assert "hola@motorlab.example" in soup.find(class_="c-error-summary").get_text()
    as_json = client.post(path, data=data, headers={"Accept": "application/json"})
    assert as_json.status_code == 503
    assert as_json.get_json()["ok"] is False
    assert "hola@motorlab.example" in as_json.get_json()["error"]


@contextmanager
def locked(app):
    """The outbox file (created, in WAL mode) with its write lock held by another connection."""
    open_outbox(app.config).counts()
    locker = sqlite3.connect(app.config["OUTBOX_PATH"], isolation_level=None)
    try:
        locker.execute("BEGIN IMMEDIATE")
        yield
    finally:
        locker.close()


def parent_is_a_file(path: Path) -> Path:
    path.write_text("not a directory")
    return path / "outbox.db"


def a_directory(path: Path) -> Path:
    path.mkdir()  # where the file should be: unwritable even for root
    return path


def noise(path: Path) -> Path:
    path.write_bytes(b"this is not an SQLite database, just noise " * 200)
    return path


def open_files(path: Path) -> list[str]:
    found = []
    for fd in Path("/proc/self/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue  # closed meanwhile (the listing's own descriptor)
        if target.startswith(str(path)):
            found.append(target)
    return found


def broken_app(smtp, tmp_path, outbox_path: Path, **overrides):
    """The site with its outbox at `outbox_path`, its rate limit's counts in a file of its own."""
    config = contact_config(smtp, tmp_path, OUTBOX_PATH=str(outbox_path), **overrides)
    config.RATELIMIT_STORAGE_URI = f"sqlite:///{tmp_path / 'limits.sqlite3'}"
    return create_app(config)


@pytest.mark.parametrize("broken", [parent_is_a_file, a_directory, noise])
def test_an_outbox_that_cannot_be_written_gives_a_503_that_keeps_the_text(tmp_path, smtp, broken):
    """Each 503 leaves no connection open, nor uses up the rate limit (it counts stored posts
    only: issue 21, item 5)."""
    path = broken(tmp_path / "outbox.sqlite3")
    app = broken_app(smtp, tmp_path, path, CONTACT_RATE_LIMIT="2/minute")
    client = app.test_client()
    gc.disable()  # what is still open now is open until someone closes it
    try:
        assert_unavailable(client)
        statuses = [post_contact(client, as_json=True).status_code for _ in range(3)]
        assert statuses == [503] * 3  # never a 429: none of them was stored
        assert client.get("/healthz").status_code == 503
        assert open_files(path) == []
    finally:
        gc.enable()
    result = app.test_cli_runner().invoke(args=["outbox", "list"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    (line,) = result.output.strip().splitlines()
    assert line.startswith("Error: the outbox cannot be opened:")
    app.config["OUTBOX_PATH"] = str(tmp_path / "repaired.sqlite3")  # the outbox is back
    statuses = [post_contact(client, as_json=True).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]  # the limit's two slots, both still free


@pytest.mark.parametrize("how", ["deleted", "truncated"])
def test_an_outbox_that_vanishes_is_empty_until_a_post_gives_it_its_schema(
    contact_app, contact_client, how
):
    assert post_contact(contact_client).status_code == 303
    path = contact_app.config["OUTBOX_PATH"]
    for suffix in ("-wal", "-shm", ""):
        target = Path(path + suffix)
        if how == "deleted":
            target.unlink(missing_ok=True)
        elif target.exists():
            target.write_bytes(b"")
    assert contact_client.get("/healthz").get_json() == HEALTHY
    check = contact_app.test_cli_runner().invoke(args=["outbox", "check"])
    assert (check.exit_code, check.output) == (0, f"{ALL_CLEAR}\n")
    # Looked at, not created.
    assert Path(path).stat().st_size == 0 if how == "truncated" else not Path(path).exists()
    assert post_contact(contact_client).status_code == 303
    assert len(stored(contact_app)) == 1


def test_a_locked_outbox_answers_within_one_deadline_and_healthz_says_503(tmp_path, smtp):
    # The limit's table lives in the outbox file: its wait and the store's share one deadline
    # (2 s: two waits that added up would take 4 s; a busy machine adds far less than 1 s).
    app = create_app(contact_config(smtp, tmp_path, OUTBOX_LOCK_TIMEOUT=2))
    client = app.test_client()
    token = csrf_token(client)
    assert client.get("/healthz").status_code == 200
    with locked(app):
        started = time.perf_counter()
        answer = client.post(
            "/contact", data={**VALID, "csrf_token": token}, headers={"Accept": "application/json"}
        )
        took = time.perf_counter() - started
        assert answer.status_code == 503
        assert 1.9 < took < 3.0, took
        started = time.perf_counter()
        health = client.get("/healthz")
        assert health.status_code == 503 and health.get_json()["status"] == "unavailable"
        assert time.perf_counter() - started < 3.0
    assert client.get("/healthz").get_json() == HEALTHY
    assert post_contact(client).status_code == 303  # lock gone: stored again
