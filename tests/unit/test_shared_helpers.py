"""The helpers several modules share: one atomic write (and the instance key it writes), one
fingerprint, the outbox's counts."""

from __future__ import annotations

import hashlib
import os
import stat

import pytest

from motorlab import config
from motorlab.contact.outbox import OutboxUnavailable, SqliteOutbox
from motorlab.files import fingerprint, write_atomically


def test_write_atomically_replaces_or_keeps_the_first_file_and_leaves_no_draft(tmp_path):
    target = tmp_path / "deep" / "file.bin"
    previous = os.umask(0o027)  # the units' UMask: the mode is left to it
    try:
        assert write_atomically(target, b"one")
        assert write_atomically(target, b"two")
    finally:
        os.umask(previous)
    assert target.read_bytes() == b"two" and target.stat().st_mode & 0o777 == 0o640
    assert os.listdir(target.parent) == ["file.bin"]
    secret = tmp_path / "secret"
    assert write_atomically(secret, b"first", replace=False, mode=0o600)
    assert not write_atomically(secret, b"second", replace=False, mode=0o600)
    assert secret.read_bytes() == b"first" and secret.stat().st_mode & 0o777 == 0o600
    assert sorted(os.listdir(tmp_path)) == ["deep", "secret"]


def test_fingerprint_is_the_short_content_hash(tmp_path):
    path = tmp_path / "a.svg"
    path.write_bytes(b"<svg/>")
    assert fingerprint(path) == hashlib.sha256(b"<svg/>").hexdigest()[:12]


def test_the_store_counts_what_waits_or_says_it_cannot_take_a_post(tmp_path):
    store = SqliteOutbox(str(tmp_path / "outbox.sqlite3"))
    assert store.waiting() == {"queued": 0, "uncertain": 0}  # no file yet: empty
    store.add(locale="es", name="Ana", email="ana@example.com", description="x" * 30)
    assert store.waiting() == {"queued": 1, "uncertain": 0}
    with pytest.raises(OutboxUnavailable):
        SqliteOutbox(str(tmp_path / "missing" / "outbox.sqlite3")).waiting()


def test_workers_share_one_instance_key_unless_the_environment_sets_one(monkeypatch, tmp_path):
    """Without SECRET_KEY, every worker on the machine shares one random key."""
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setattr(config, "INSTANCE", tmp_path / "instance")
    first, second = config.Config().SECRET_KEY, config.Config().SECRET_KEY
    assert first == second and len(first) == 64
    key_file = tmp_path / "instance" / "secret_key"
    assert key_file.read_text() == first
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert [p.name for p in key_file.parent.iterdir()] == ["secret_key"]  # no draft left
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    monkeypatch.setattr(config, "INSTANCE", tmp_path / "other")
    assert config.Config().SECRET_KEY == "from-the-environment"
    assert not (tmp_path / "other").exists(), "the environment wins"
