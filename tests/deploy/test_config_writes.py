"""The deploy tools write their files whole or not at all: every file is rendered first,
then written aside and renamed into place, so a failure (a setting missing in the operator's
shell, a folder that cannot be written) leaves the live files as they were, and nginx never
reads half a config (`deploy_config --output`, `deploy_units --output`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.deploy.test_units import NGINX_DROP_IN, UNITS, environment
from tests.support.servers import ROOT

PREVIOUS = b"# the previous file, which nginx or systemd is using\n"
TLS_FLAGS = ("--tls-certificate", "/etc/ssl/site.pem", "--tls-key", "/etc/ssl/site.key")


def deploy_config(*args: str, **settings: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "motorlab.deploy_config", *args],
        cwd=ROOT, env=environment(**settings), capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def deploy_units(output: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "motorlab.deploy_units", "--output", str(output)],
        cwd=ROOT, env=environment(), capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `folder`: its bytes and inode (a rename in place changes the inode)."""
    return {
        str(path.relative_to(folder)): (path.read_bytes(), path.stat().st_ino)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def live_nginx(tmp_path: Path) -> tuple[Path, Path]:
    """A config and a runtime folder holding the module, as a running server has them."""
    config, runtime = tmp_path / "etc" / "nginx.conf", tmp_path / "runtime"
    runtime.mkdir()
    config.parent.mkdir()
    config.write_bytes(PREVIOUS)
    (runtime / "root_language.js").write_bytes(PREVIOUS)
    return config, runtime


def test_the_output_option_writes_the_config_and_its_module_whole(tmp_path):
    config, runtime = live_nginx(tmp_path)
    written = deploy_config("--runtime", str(runtime), "--output", str(config))
    assert (written.returncode, written.stdout) == (0, "")
    printed = deploy_config("--runtime", str(tmp_path / "other"))
    assert config.read_text() == printed.stdout.replace(str(tmp_path / "other"), str(runtime))
    assert (runtime / "root_language.js").read_text().startswith("//")
    assert (runtime / "root_language.js").read_bytes() == (
        tmp_path / "other" / "root_language.js"
    ).read_bytes()
    assert oct(config.stat().st_mode & 0o777) == "0o644"
    assert sorted(os.listdir(config.parent)) == ["nginx.conf"]  # no draft left
    assert sorted(os.listdir(runtime)) == ["root_language.js"]


def test_a_setting_missing_from_the_shell_leaves_the_live_config_and_module(tmp_path):
    """The guide's step 8 in a new shell without /etc/motorlab/env: SITE_URL is the default
    http one, which TLS refuses. A shell redirection would have emptied nginx.conf."""
    config, runtime = live_nginx(tmp_path)
    before = snapshot(tmp_path)
    result = deploy_config(
        *TLS_FLAGS, "--runtime", str(runtime), "--output", str(config), SITE_URL=""
    )
    assert result.returncode == 2 and "SITE_URL must be the https address" in result.stderr
    assert snapshot(tmp_path) == before


def test_a_config_that_cannot_be_written_leaves_the_module_as_it_was(tmp_path):
    """The module is the config's: it is not replaced when the config cannot be."""
    _config, runtime = live_nginx(tmp_path)
    (tmp_path / "not-a-folder").write_bytes(PREVIOUS)
    before = snapshot(tmp_path)
    result = deploy_config(
        "--runtime", str(runtime), "--output", str(tmp_path / "not-a-folder" / "nginx.conf")
    )
    assert result.returncode == 1
    assert result.stderr.startswith("deploy_config: nothing written: [Errno 17] File exists")
    assert snapshot(tmp_path) == before


def test_units_that_cannot_all_be_written_leave_every_live_unit(tmp_path):
    """The drop-in's folder is a file here, and the drop-in comes last: the two services,
    rendered and writable, are not replaced either."""
    for name in UNITS:
        (tmp_path / name).write_bytes(PREVIOUS)
    (tmp_path / Path(NGINX_DROP_IN).parent).write_bytes(PREVIOUS)
    before = snapshot(tmp_path)
    result = deploy_units(tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("deploy_units: nothing written: [Errno 17] File exists")
    assert snapshot(tmp_path) == before
    (tmp_path / Path(NGINX_DROP_IN).parent).unlink()
    assert deploy_units(tmp_path).returncode == 0
    written = snapshot(tmp_path)
    assert sorted(written) == [*UNITS, NGINX_DROP_IN]
    assert all(written[name][0] != PREVIOUS for name in UNITS)
