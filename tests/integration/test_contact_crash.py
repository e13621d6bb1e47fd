"""A sender killed (SIGKILL) at each point of the SMTP exchange: no row stays `sending`; rows
whose final `.` had not gone out are sent again, the others wait `uncertain` for an operator;
every copy of a request carries the same Message-ID."""

import os
import signal
import sqlite3
import threading
import time
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest

from motorlab import create_app
from motorlab.contact.outbox import open_outbox
from motorlab.contact.outbox import postgres as postgres_store
from motorlab.contact.outbox import sqlite as sqlite_store
from tests.support.app import config_with
from tests.support.contact_support import HEALTHY, site_env, wait_for
from tests.support.processes import Process
from tests.support.services import postgres_bin
from tests.support.smtp import SmtpServer

# Senders started as processes and killed midway, and PostgreSQL.
pytestmark = pytest.mark.system

# Where each sender dies, one row each: before its connection is answered, after the
# greeting, after MAIL, mid-body (the body sent, its final `.` not yet), after the final `.`,
# after the server's final reply.
POINTS = ("connect", "EHLO", "MAIL", "mid-body", "DATA", "reply")
# The server's step at which a point's kill is arranged, when it is not the point itself.
HOLD_AT = {"mid-body": "body", "reply": "stored"}


def kill_at(smtp: SmtpServer, point: str, sender: Process, outbox: Path) -> None:
    """Arrange for `sender` to die at `point`; for HOLD_AT's points the outbox is locked from
    that step until the kill, so the sender dies waiting to record (data_at, or sent)."""
    if point not in HOLD_AT:
        smtp.at(point, lambda: os.kill(sender.pid, signal.SIGKILL))
        return

    def hold_then_kill() -> None:
        locker = sqlite3.connect(outbox, isolation_level=None, timeout=10, check_same_thread=False)
        locker.execute("BEGIN IMMEDIATE")

        def later() -> None:
            time.sleep(0.8)  # the body (or the 250 and QUIT) go by; the record waits
            os.kill(sender.pid, signal.SIGKILL)
            sender.wait()
            locker.execute("ROLLBACK")
            locker.close()

        threading.Thread(target=later).start()

    smtp.at(HOLD_AT[point], hold_then_kill)


def test_a_sender_killed_at_each_point_leaves_no_row_in_limbo(
    tmp_path, launch, smtp, stalled, sender
):
    outbox = tmp_path / "outbox.sqlite3"
    # A claim lives 60 s while the senders are killed, so no restart takes another's row.
    env = site_env(tmp_path, smtp.port, OUTBOX_STALE_AFTER="60", OUTBOX_LOCK_TIMEOUT="5")
    app = create_app(config_with(OUTBOX_PATH=str(outbox), MAIL_PORT=smtp.port))
    store = open_outbox(app.config)
    rows = {}
    for point in POINTS:
        rows[point] = store.add(
            locale="en", name=f"Killed at {point}", email="ana@example.com",
            description=f"Killed at {point}.",
        )  # fmt: skip
        if point == "connect":  # a server that never answers: killed while connecting
            doomed = sender({**env, "MAIL_PORT": str(stalled.port)})
            assert wait_for(lambda: store.rows()[-1].status == "sending")
            os.kill(doomed.pid, signal.SIGKILL)
        else:
            doomed = sender(env)
            kill_at(smtp, point, doomed, outbox)
        assert doomed.wait(timeout=30) == -signal.SIGKILL
    assert [row.status for row in store.rows()] == ["sending"] * 6
    assert store.rows()[POINTS.index("mid-body")].data_at is None  # not marked
    assert len(smtp.messages) == 1  # only the one killed after the final reply
    assert "Killed at reply" in smtp.messages[0].get_body(("plain",)).get_content()

    # Restarted (stale claims after 1 s): what cannot have arrived is sent again.
    sender({**env, "OUTBOX_STALE_AFTER": "1"})
    assert wait_for(lambda: store.counts()["sent"] == 4, timeout=30), store.counts()
    by_id = {row.id: row for row in store.rows()}
    states = {point: by_id[row.id].status for point, row in rows.items()}
    assert states == {"connect": "sent", "EHLO": "sent", "MAIL": "sent", "mid-body": "sent",
                      "DATA": "uncertain", "reply": "uncertain"}  # fmt: skip
    assert len(smtp.messages) == 5  # reply's first copy, then the four retried

    def outbox_command(*args: str) -> str:  # an operator's command
        return launch.flask(env, "outbox", *args, capture=True).finish()

    listed = outbox_command("list").strip().splitlines()
    assert listed[-1] == "0 queued, 0 sending, 4 sent, 0 failed, 2 uncertain"
    for point in ("DATA", "reply"):
        (line,) = [x for x in listed if x.lstrip().startswith(f"{rows[point].id} ")]
        assert "uncertain" in line and "may have been delivered" in line
        assert f"outbox resend {rows[point].id}" in line
    assert app.test_client().get("/healthz").get_json() == {**HEALTHY, "uncertain": 2}

    # The operator: DATA's mail never came, so resend; reply's came, but is resent too here,
    # to show that both copies carry one Message-ID.
    assert "queued again" in outbox_command("resend", str(rows["DATA"].id))
    assert "queued again" in outbox_command("resend", str(rows["reply"].id))
    assert wait_for(lambda: store.counts()["sent"] == 6, timeout=30), store.counts()
    assert len(smtp.messages) == 7
    ids = {}
    for message in smtp.messages:
        text = message.get_body(("plain",)).get_content()
        point = next(p for p in POINTS if f"Killed at {p}." in text)
        ids.setdefault(point, []).append(message["Message-ID"])
    # mid-body once: the body the server had without its final `.` was discarded.
    assert {point: len(found) for point, found in ids.items()} == {
        "connect": 1, "EHLO": 1, "MAIL": 1, "mid-body": 1, "DATA": 1, "reply": 2,
    }  # fmt: skip
    assert ids["reply"][0] == ids["reply"][1]
    assert ids["reply"][0].startswith(f"<contact-{rows['reply'].uuid}@")


# Issue 21, item 4: an attempt never outlives its claim.


def test_two_senders_and_a_server_slower_than_the_stale_time_send_each_request_once(
    tmp_path, sender, slow_smtp
):
    # Each of EHLO, MAIL and RCPT answered 0.5 s late, the final reply 1.5 s after the
    # message is stored: one attempt lasts about 3 s, three times OUTBOX_STALE_AFTER.
    smtp = slow_smtp(command_delay=0.5, reply_delay=1.5)
    env = site_env(tmp_path, smtp.port, OUTBOX_STALE_AFTER="1", MAIL_DATA_TIMEOUT="10")
    store = open_outbox({"OUTBOX_PATH": env["OUTBOX_PATH"]})
    for index in range(3):
        store.add(locale="en", name=f"N{index}", email="ana@example.com", description="An app.")
    sender(env)
    sender(env)
    assert wait_for(lambda: store.counts()["sent"] == 3, timeout=40), store.rows()
    time.sleep(2)  # a second copy, if any sender had one under way, would arrive now
    message_ids = [message["Message-ID"] for message in smtp.messages]
    assert len(message_ids) == len(set(message_ids)) == 3
    assert [(row.status, row.attempts) for row in store.rows()] == [("sent", 1)] * 3


# The same rules in both stores, on a table made before `uncertain` existed.

OLD_SQLITE_TABLE = (
    sqlite_store.TABLE.replace(", 'uncertain'", "")
    .replace(",\n    deadline_at REAL", "")
    .replace(",\n    data_at REAL", "")
)
OLD_POSTGRES_TABLE = postgres_store.SCHEMA[0].replace(
    "status TEXT NOT NULL,",
    "status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'failed')),",
)


@pytest.fixture(params=["sqlite", "postgresql"])
def old_store(request, tmp_path, launch):
    """A store whose table was created by the previous release, with one queued row."""
    row = ("u0", "2026-11-01T00:00:00+00:00", "en", "Old", "old@example.com", "Old.", "queued")
    insert = (
        "INSERT INTO outbox (uuid, created_at, locale, name, email, description, status)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)"
    )
    if request.param == "sqlite":
        path = tmp_path / "outbox.sqlite3"
        with closing(sqlite3.connect(path)) as db, db:
            db.execute(OLD_SQLITE_TABLE)
            db.execute(insert, row)
            db.execute("PRAGMA user_version = 2")
        yield open_outbox({"OUTBOX_PATH": str(path)})
        return
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed")
    with launch.postgres() as url:
        with psycopg.connect(url) as db:
            db.execute(OLD_POSTGRES_TABLE)
            db.execute(insert.replace("?", "%s"), row)
        yield open_outbox({"OUTBOX_URL": url, "OUTBOX_PATH": ""})


def test_both_stores_requeue_before_data_and_hold_after_it(old_store):
    store = old_store
    data_row = store.claim_next()  # the old row: its sender begins DATA, then dies
    assert data_row.name == "Old" and store.start_data(data_row)
    store.add(locale="en", name="Bea", email="bea@example.com", description="An app.")
    early = store.claim_next()  # its sender dies while connecting
    assert store.renew(early)
    again = store.claim_next(stale_after=0)  # both claims expire
    assert again.id == early.id and again.claim != early.claim
    assert {r.name: r.status for r in store.rows()} == {"Old": "uncertain", "Bea": "sending"}
    assert not store.start_data(early) and not store.renew(early)  # the old claim is gone
    assert store.mark_sent(again)
    assert store.counts()["uncertain"] == 1
    assert not store.resend(again.id)  # only an uncertain row can be settled
    assert store.resend(data_row.id)
    resent = store.claim_next()
    assert resent.uuid == data_row.uuid and resent.data_at is None  # same Message-ID
    assert store.start_data(resent)
    assert store.claim_next(stale_after=0) is None
    assert store.confirm_sent(data_row.id)
    assert [r.status for r in store.rows()] == ["sent", "sent"]


def test_both_stores_keep_each_attempts_deadline_and_take_back_an_overdue_row(old_store):
    store = old_store  # migrated: the old table gains `deadline_at`
    row = store.claim_next(deadline=30)
    assert row.deadline_at == pytest.approx(time.time() + 30, abs=5)
    # Overdue: past its deadline by more than the lock timeout (3 s by default).
    assert store.overdue(time.time()) == 0 and store.overdue(time.time() + 31) == 0
    assert store.overdue(time.time() + 34) == 1
    store.mark_uncertain(row, "no reply after the message: the sender was stopped")
    (found,) = store.rows()
    assert found.status == "uncertain" and found.last_error.startswith("no reply after")
    assert store.overdue(time.time() + 34) == 0

    # A sender that hangs past its deadline, its claim renewed or not, loses the row to the
    # next claim: before the message's end, queued again (and taken); after it, uncertain.
    store.add(locale="en", name="Bea", email="bea@example.com", description="An app.")
    early = store.claim_next(deadline=-5)  # already overdue: it hangs before the end
    assert store.renew(early) and store.overdue(time.time()) == 1
    again = store.claim_next(deadline=-5, stale_after=900)  # it hangs after the end
    assert again.id == early.id and again.claim != early.claim
    assert not store.start_data(early)  # the first sender, back, cannot send the end
    assert store.start_data(again)
    assert store.claim_next(stale_after=900) is None  # not sent again by itself
    assert {r.name: r.status for r in store.rows()} == {"Old": "uncertain", "Bea": "uncertain"}
    assert store.overdue(time.time()) == 0


def test_both_stores_say_how_long_the_oldest_unsent_row_waited_and_how_many_failed(old_store):
    store = old_store  # its one queued row was created 2026-11-01T00:00:00Z
    created = datetime(2026, 11, 1, tzinfo=UTC).timestamp()
    now = created + 3600.5
    assert store.backlog(now) == {"failed": 0, "oldest_unsent_seconds": 3600, "unreadable": []}
    row = store.claim_next()  # being sent: still unsent
    store.add(locale="en", name="Bea", email="bea@example.com", description="An app.")
    assert store.backlog(now) == {"failed": 0, "oldest_unsent_seconds": 3600, "unreadable": []}
    store.mark_failed(row, "refused")
    assert store.backlog(now)["failed"] == 1
    assert store.backlog(time.time())["oldest_unsent_seconds"] in (0, 1)  # Bea's
    # A `created_at` that is not a time ("12" sorts before every real one, issue 43) is
    # named, and hides no readable row's age.
    store.add(locale="en", name="Cy", email="cy@example.com", description="An app.")
    store._execute("UPDATE outbox SET created_at = ? WHERE name = ?", ("12", "Bea"))  # by hand
    bea = next(row for row in store.rows() if row.name == "Bea")
    backlog = store.backlog(time.time())
    assert backlog["unreadable"] == [bea.id]
    assert backlog["oldest_unsent_seconds"] in (0, 1)  # Cy's
