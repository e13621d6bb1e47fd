"""Faults of the mail server, of the outbox and of the input, each against a real
SMTP server on loopback, with short timeouts standing in for the real minutes."""

import gc
import os
import sqlite3
import time
from pathlib import Path

import pytest

from motorlab import create_app
from motorlab.contact import outbox
from motorlab.contact.outbox import open_outbox
from tests.support.app import soup_of, visible_text
from tests.support.contact_support import (
    HEALTHY,
    VALID,
    contact_config,
    csrf_token,
    deliver,
    post_contact,
    stored,
)
from tests.support.smtp import SmtpServer

TEXT = "Una app de citas para los talleres de tres marcas, con recordatorios."


def server(**delays):
    return SmtpServer(**delays).start()


# A slow server: the visitor never waits for it; the sender copes within its timeouts.


def test_a_slow_server_neither_holds_the_visitor_nor_stalls_delivery(tmp_path):
    slow = server(command_delay=0.5)
    try:
        app = create_app(contact_config(slow, tmp_path, MAIL_TIMEOUT=2))
        client = app.test_client()
        token = csrf_token(client)
        started = time.perf_counter()
        response = client.post("/contact", data={**VALID, "csrf_token": token})
        assert response.status_code == 303
        assert time.perf_counter() - started < 1  # its 4 slow commands alone take 2 s
        (row,) = stored(app)
        assert row.status == outbox.QUEUED
        assert deliver(app).sent == 1 and len(slow.messages) == 1
    finally:
        slow.stop()


def test_a_server_slower_than_the_timeout_backs_off_and_ends_failed(tmp_path):
    slow = server(command_delay=0.6)
    try:
        config = contact_config(slow, tmp_path, MAIL_TIMEOUT=0.2, OUTBOX_MAX_ATTEMPTS=3)
        config.OUTBOX_RETRY_BASE, config.OUTBOX_RETRY_MAX = 30, 60
        app = create_app(config)
        store = open_outbox(app.config)
        store.add(locale="es", **VALID)
        runner = app.test_cli_runner()
        assert deliver(app).retry == 1
        (row,) = stored(app)
        assert row.status == outbox.QUEUED and row.attempts == 1
        assert "timed out" in row.last_error
        # 30 s ± 10 %, less the moments since it was stored (27 s is a possible jitter).
        assert 26 < row.next_attempt_at - time.time() <= 33
        assert deliver(app).retry == 0  # nothing due: the sender leaves it alone
        send = runner.invoke(args=["outbox", "send"])  # an operator's run tries it anyway
        assert "0 sent, 1 failed, 1 still queued" in send.output
        (row,) = stored(app)
        assert row.attempts == 2 and 53 < row.next_attempt_at - time.time() <= 66  # 60 s ± 10 %
        final = runner.invoke(args=["outbox", "send"])
        assert "0 sent, 1 failed, 0 still queued" in final.output
        (row,) = stored(app)
        assert row.status == outbox.FAILED and row.attempts == 3
        listed = runner.invoke(args=["outbox", "list", "--status", "failed"]).output
        assert "failed" in listed and "attempts=3" in listed and "timed out" in listed
        assert runner.invoke(args=["outbox", "requeue"]).output.strip() == "1 queued again"
        assert stored(app)[0].status == outbox.QUEUED
    finally:
        slow.stop()


# A late final reply after DATA: waited for, so the message is delivered exactly once.


def test_a_late_final_reply_is_waited_for_and_gives_exactly_one_copy(tmp_path):
    late = server(reply_delay=1.0)
    try:
        config = contact_config(late, tmp_path, MAIL_TIMEOUT=0.4, MAIL_DATA_TIMEOUT=3)
        app = create_app(config)
        open_outbox(app.config).add(locale="es", **VALID)
        runner = app.test_cli_runner()
        first = runner.invoke(args=["outbox", "send"])
        assert first.exit_code == 0 and "1 sent, 0 failed" in first.output
        for _ in range(2):
            assert "0 sent, 0 failed" in runner.invoke(args=["outbox", "send"]).output
        assert len(late.messages) == 1
        (row,) = stored(app)
        assert row.status == outbox.SENT and row.attempts == 1
    finally:
        late.stop()


def test_a_failing_row_is_skipped_not_a_stop(tmp_path, smtp):
    app = create_app(contact_config(smtp, tmp_path))
    store = open_outbox(app.config)
    store.add(locale="es", **{**VALID, "email": "first@example.com"})
    store.add(locale="es", **VALID)
    smtp.stop()
    runner = app.test_cli_runner()
    result = runner.invoke(args=["outbox", "send"])  # the old run stopped at the first failure
    assert "0 sent, 2 failed, 2 still queued" in result.output
    assert [row.attempts for row in stored(app)] == [1, 1]
    smtp.start()
    time.sleep(0.25)
    assert deliver(app).sent == 2 and len(smtp.messages) == 2


# An outbox that cannot be written: 503, the text kept, the contact address offered.


def _assert_unavailable(client, path="/en/contact"):
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


def parent_is_a_file(path: Path) -> Path:
    path.write_text("not a directory")
    return path / "outbox.db"


def a_directory(path: Path) -> Path:
    path.mkdir()  # where the file should be: unwritable even for root
    return path


def noise(path: Path) -> Path:
    path.write_bytes(b"this is not an SQLite database, just noise " * 200)
    return path


@pytest.mark.parametrize("broken", [parent_is_a_file, a_directory, noise])
def test_an_outbox_that_cannot_be_written_gives_a_503_that_keeps_the_text(tmp_path, smtp, broken):
    config = contact_config(smtp, tmp_path, OUTBOX_PATH=str(broken(tmp_path / "outbox.sqlite3")))
    config.RATELIMIT_STORAGE_URI = f"sqlite:///{tmp_path / 'limits.sqlite3'}"
    app = create_app(config)
    _assert_unavailable(app.test_client())
    result = app.test_cli_runner().invoke(args=["outbox", "list"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    (line,) = result.output.strip().splitlines()
    assert line.startswith("Error: the outbox cannot be opened:")


def test_a_locked_outbox_gives_a_503_within_the_bound(tmp_path, smtp):
    contact_app = create_app(contact_config(smtp, tmp_path, OUTBOX_LOCK_TIMEOUT=0.3))
    contact_client = contact_app.test_client()
    open_outbox(contact_app.config).counts()  # the file exists, in WAL mode
    locker = sqlite3.connect(contact_app.config["OUTBOX_PATH"], isolation_level=None)
    try:
        locker.execute("BEGIN EXCLUSIVE")
        _assert_unavailable(contact_client)
    finally:
        locker.close()
    assert post_contact(contact_client).status_code == 303  # lock gone: stored again


@pytest.mark.parametrize("how", ["deleted", "truncated"])
def test_an_outbox_that_vanishes_gets_its_schema_again(contact_app, contact_client, how):
    assert post_contact(contact_client).status_code == 303
    path = contact_app.config["OUTBOX_PATH"]
    for suffix in ("-wal", "-shm", ""):
        target = Path(path + suffix)
        if how == "deleted":
            target.unlink(missing_ok=True)
        elif target.exists():
            target.write_bytes(b"")
    assert post_contact(contact_client).status_code == 303
    assert len(stored(contact_app)) == 1


# Names and descriptions that would make staff read something else.


def test_bidi_and_invisible_characters_are_refused_in_the_name(contact_client, contact_app):
    for name in ("Ana \u202egnp.exe", "Ana\u200dMaría", "Ana\u2066x\u2069", "Ana\u200b"):
        response = post_contact(
            contact_client, {**VALID, "name": name}, path="/en/contact", as_json=True
        )
        assert response.status_code == 422, name
        assert "invisible formatting characters" in response.get_json()["errors"]["name"][0]
    assert stored(contact_app) == []


def test_encoded_words_stay_literal_and_format_characters_show(contact_client, contact_app, smtp):
    """An encoded word in the name stays literal in the Subject; format characters in the
    description are shown escaped in both parts."""
    name = "=?utf-8?b?4oCuZ25wLmV4ZQ==?= invoice"
    description = "Invoice attached: Ana \u202egnp.exe and a\u200bhidden space."
    data = {**VALID, "name": name, "description": description}
    assert post_contact(contact_client, data).status_code == 303
    deliver(contact_app)
    (message,) = smtp.messages
    assert message["Subject"] == f"Solicitud de contacto de {name}"
    assert "\u202e" not in message["Subject"]
    raw = message.as_bytes()
    assert b"Subject: =?utf-8?" in raw and b"4oCuZ25wLmV4ZQ==?= invoice" not in raw
    for subtype in ("plain", "html"):
        body = message.get_body((subtype,)).get_content()
        assert "\u202e" not in body and "\u200b" not in body
        assert "Ana [U+202E]gnp.exe" in body and "a[U+200B]hidden" in body
    assert stored(contact_app)[0].description == description  # the record keeps it as typed


# Bodies that are not UTF-8, and browsers that send no cookie.


def test_a_body_that_is_not_utf8_gets_a_400_that_says_so(contact_client, contact_app):
    token = csrf_token(contact_client, "/en/contact")
    body = f"csrf_token={token}&name=Ana%FF&email=ana%40example.com&description=Hola%FFmundo"
    html = contact_client.post(
        "/en/contact", data=body, content_type="application/x-www-form-urlencoded"
    )
    assert html.status_code == 400
    soup = soup_of(html)
    assert "did not send it as UTF-8" in soup.find(class_="c-error-summary").get_text()
    assert soup.find(id="name")["value"] == "Ana\ufffd"
    assert soup.find(id="email")["value"] == "ana@example.com"
    as_json = contact_client.post(
        "/en/contact",
        data=body.encode(),
        content_type="application/x-www-form-urlencoded",
        headers={"Accept": "application/json"},
    )
    assert as_json.status_code == 400 and "UTF-8" in as_json.get_json()["error"]
    assert stored(contact_app) == []


def test_a_browser_without_cookies_is_told_that_cookies_are_needed(contact_app):
    with_cookies = contact_app.test_client()
    token = csrf_token(with_cookies, "/en/contact")
    cookieless = contact_app.test_client(use_cookies=False)
    data = {**VALID, "description": TEXT, "csrf_token": token}
    response = cookieless.post("/en/contact", data=data)
    assert response.status_code == 400
    soup = soup_of(response)
    assert "did not send our cookie" in soup.find(class_="c-error-summary").get_text()
    assert soup.find(id="description").get_text() == TEXT
    spanish = cookieless.post("/contact", data=data, headers={"Accept": "application/json"})
    assert spanish.status_code == 400 and "cookie" in spanish.get_json()["error"]
    assert stored(contact_app) == []


# Issue 21, items 5 and 8: the limit counts stored posts only; one deadline; no leaked files.


def test_posts_refused_by_an_outbox_fault_never_use_up_the_rate_limit(tmp_path, smtp):
    broken = str(parent_is_a_file(tmp_path / "file"))
    config = contact_config(smtp, tmp_path, OUTBOX_PATH=broken, CONTACT_RATE_LIMIT="2/minute")
    config.RATELIMIT_STORAGE_URI = f"sqlite:///{tmp_path / 'limits.sqlite3'}"
    app = create_app(config)
    client = app.test_client()
    statuses = [post_contact(client, as_json=True).status_code for _ in range(5)]
    assert statuses == [503] * 5  # never a 429: none of them was stored
    app.config["OUTBOX_PATH"] = str(tmp_path / "outbox.sqlite3")  # the outbox is back
    statuses = [post_contact(client, as_json=True).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]  # the limit's two slots, both still free


def test_a_locked_outbox_answers_within_one_deadline_and_healthz_says_503(tmp_path, smtp):
    # The limit's table lives in the outbox file: its wait and the store's share one deadline
    # (2 s: two waits that added up would take 4 s; a busy machine adds far less than 1 s).
    app = create_app(contact_config(smtp, tmp_path, OUTBOX_LOCK_TIMEOUT=2))
    client = app.test_client()
    token = csrf_token(client)
    open_outbox(app.config).counts()  # the file exists, in WAL mode
    assert client.get("/healthz").status_code == 200
    locker = sqlite3.connect(app.config["OUTBOX_PATH"], isolation_level=None)
    try:
        locker.execute("BEGIN IMMEDIATE")
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
    finally:
        locker.close()
    assert client.get("/healthz").get_json() == HEALTHY


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


def test_failed_outbox_operations_close_their_connections_at_once(tmp_path, smtp):
    path = noise(tmp_path / "outbox.sqlite3")
    app = create_app(contact_config(smtp, tmp_path, OUTBOX_PATH=str(path)))
    client = app.test_client()
    token = csrf_token(client)
    gc.disable()  # what is still open now is open until someone closes it
    try:
        for _ in range(3):
            answer = client.post("/contact", data={**VALID, "csrf_token": token})
            assert answer.status_code == 503
        assert client.get("/healthz").status_code == 503
        assert open_files(path) == []
    finally:
        gc.enable()
