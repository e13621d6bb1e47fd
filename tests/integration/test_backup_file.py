"""`outbox backup FILE` writes its copy where no one else can have a hand in it, and never
onto the outbox itself. Before: the draft had a fixed name (`.FILE.part`), opened after an
unlink without O_EXCL, so in a folder others may write another user could own the copy of
visitors' data (19 of 295 tries, mode 0666); a backup onto OUTBOX_PATH was taken silently."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing

import pytest

from motorlab.contact.outbox import BackupRefused, SqliteOutbox

REQUEST = {"locale": "en", "name": "Ana", "email": "ana@example.com", "description": "An app."}


def rows(path) -> list[tuple]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return db.execute("SELECT id, email FROM outbox ORDER BY id").fetchall()


def test_a_draft_name_planted_in_the_folder_is_never_the_copy(tmp_path):
    outbox = SqliteOutbox(str(tmp_path / "outbox.sqlite3"))
    outbox.add(**REQUEST)
    backups = tmp_path / "backups"
    backups.mkdir(mode=0o777)
    planted = backups / ".outbox-3.sqlite3.part"  # the old fixed draft name
    planted.write_text("someone else's")
    planted.chmod(0o666)
    assert outbox.backup(backups / "outbox-3.sqlite3") == 1
    assert planted.read_text() == "someone else's"  # neither removed nor written through
    copy = backups / "outbox-3.sqlite3"
    assert oct(copy.stat().st_mode & 0o777) == "0o600" and copy.stat().st_uid == os.geteuid()
    assert rows(copy) == rows(tmp_path / "outbox.sqlite3")
    assert sorted(p.name for p in backups.iterdir()) == [
        ".outbox-3.sqlite3.part",
        "outbox-3.sqlite3",
    ]


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_a_backup_onto_the_outbox_itself_is_refused(tmp_path, suffix):
    path = tmp_path / "outbox.sqlite3"
    outbox = SqliteOutbox(str(path))
    outbox.add(**REQUEST)
    before = rows(path)
    with pytest.raises(BackupRefused, match="is the outbox itself"):
        outbox.backup(tmp_path / "." / f"outbox.sqlite3{suffix}")
    assert rows(path) == before
