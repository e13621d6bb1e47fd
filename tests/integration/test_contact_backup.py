"""`outbox backup FILE`: a consistent snapshot while the sender delivers, restored row for row
by the guide (docs/operations.md); a copy no one else can have a hand in, never the outbox."""

import os
import shutil
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest

from motorlab.contact.outbox import BackupRefused, SqliteOutbox, open_outbox
from tests.support.contact_support import VALID, site_env, wait_for

REQUESTS = 40
REQUEST = {"locale": "en", "name": "Ana", "email": "ana@example.com", "description": "An app."}


def table(path: Path) -> list[tuple]:
    """Every row of the file's outbox, as stored, read with sqlite3 alone."""
    with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as db:
        return db.execute("SELECT * FROM outbox ORDER BY id").fetchall()


def test_a_backup_is_a_private_file_of_its_own_never_the_outbox_nor_a_planted_draft(tmp_path):
    """The draft once had a fixed name, opened without O_EXCL: another user could own it."""
    path = tmp_path / "outbox.sqlite3"
    outbox = SqliteOutbox(str(path))
    outbox.add(**REQUEST)
    before = table(path)
    for suffix in ("", "-wal", "-shm"):
        with pytest.raises(BackupRefused, match="is the outbox itself"):
            outbox.backup(tmp_path / "." / f"outbox.sqlite3{suffix}")
        assert table(path) == before
    backups = tmp_path / "backups"
    backups.mkdir(mode=0o777)
    planted = backups / ".outbox-3.sqlite3.part"  # the old fixed draft name
    planted.write_text("someone else's")
    planted.chmod(0o666)
    assert outbox.backup(backups / "outbox-3.sqlite3") == 1
    assert planted.read_text() == "someone else's"  # neither removed nor written through
    copy = backups / "outbox-3.sqlite3"
    assert oct(copy.stat().st_mode & 0o777) == "0o600" and copy.stat().st_uid == os.geteuid()
    assert table(copy) == before
    assert sorted(p.name for p in backups.iterdir()) == [planted.name, copy.name]


def test_a_backup_taken_while_the_sender_runs_restores_the_same_rows(
    tmp_path, launch, sender, slow_smtp
):
    smtp = slow_smtp(delay=0.05)  # 40 mails take 2 s or more
    # A claim not renewed for 2 s is stale (a live sender renews it every 0.5 s): in the
    # restored outbox the claim the copy caught has no sender, and expires soon.
    env = site_env(tmp_path, smtp.port, MAIL_DEADLINE="30", OUTBOX_STALE_AFTER="2")
    outbox, backup = Path(env["OUTBOX_PATH"]), tmp_path / "backups" / "outbox-1.sqlite3"
    backup.parent.mkdir()
    store = open_outbox({"OUTBOX_PATH": str(outbox)})
    for index in range(REQUESTS):
        store.add(locale="en", **{**VALID, "name": f"Visitor {index}"})
    # The mail server holds one message, taken and not yet answered, while the copy is made:
    # the sender is in the middle of a send, past the message's final `.`.
    held, release = threading.Event(), threading.Event()
    first = sender(env)
    try:
        assert wait_for(lambda: store.counts()["sent"] >= 3, timeout=30), store.counts()
        smtp.at("stored", lambda: (held.set(), release.wait(30)))
        assert held.wait(30)
        sent_before = store.counts()["sent"]
        copy = launch.flask(env, "outbox", "backup", str(backup), capture=True)
        output = copy.finish()
        assert copy.handle.returncode == 0, output
        assert output == f"{backup}: {REQUESTS} contact requests\n"
        assert store.counts()["sent"] == sent_before < REQUESTS
        release.set()
        assert wait_for(lambda: store.counts()["sent"] > sent_before + 1, timeout=30)
    finally:
        release.set()
        first.stop()
    # A file of its own, for the owner alone, whole, and the sender's state at one moment.
    assert sorted(path.name for path in backup.parent.iterdir()) == [backup.name]
    assert backup.stat().st_mode & 0o777 == 0o600
    with closing(sqlite3.connect(backup)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    saved = table(backup)
    assert [row[0] for row in saved] == list(range(1, REQUESTS + 1))
    statuses = [row[7] for row in saved]
    assert set(statuses) <= {"queued", "sending", "sent"}
    assert statuses.count("sent") == sent_before
    (caught,) = [row for row in saved if row[7] == "sending"]  # the one held, mid-send
    assert table(outbox) != saved  # the sender went on after the copy

    # The guide's restore: services stopped (above), the old -wal and -shm gone, the copy
    # back in place; the restored outbox is the backup's, row for row.
    for stale in (outbox.with_name(outbox.name + "-wal"), outbox.with_name(outbox.name + "-shm")):
        stale.unlink(missing_ok=True)
    shutil.copy(backup, outbox)
    assert table(outbox) == saved
    restored = store.rows()
    assert [tuple(row.__dict__.values()) for row in restored] == saved
    # Started again, the sender delivers every request the backup had not seen sent; one the
    # copy caught past its final `.` becomes uncertain once its claim is stale (the server
    # may have it: an operator settles it), as after any sender that stopped there.
    after_the_dot = [row.id for row in restored if row.status == "sending" and row.data_at]
    sender(env)
    assert wait_for(lambda: store.counts()["sent"] == REQUESTS - len(after_the_dot), timeout=30), (
        store.counts()
    )
    assert after_the_dot == [caught[0]]
    assert [row.id for row in store.rows() if row.status == "uncertain"] == after_the_dot


def test_an_outbox_in_postgresql_is_backed_up_with_pg_dump(tmp_path, launch):
    env = site_env(tmp_path, 25, OUTBOX_URL="postgresql://nobody@127.0.0.1:1/outbox")
    copy = launch.flask(env, "outbox", "backup", str(tmp_path / "copy"), capture=True)
    output = copy.finish()
    assert copy.handle.returncode == 1
    assert output == "Error: the outbox is in PostgreSQL (OUTBOX_URL): back it up with pg_dump\n"
    assert list(tmp_path.iterdir()) == []
