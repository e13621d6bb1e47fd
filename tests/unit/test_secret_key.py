"""Without SECRET_KEY, every worker on the machine shares one random key."""

import stat

from motorlab import config


def test_workers_share_one_instance_key_unless_the_environment_sets_one(monkeypatch, tmp_path):
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
