"""The deploy tools write their files whole or not at all (nginx's config checked by `nginx -t`
first), from the environment file alone: a failure leaves the live files as they were."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.support.deploy_tools import UNITS, motorlab

PREVIOUS = b"# the previous file, which nginx or systemd is using\n"
SETTINGS = "SECRET_KEY=x\nSITE_URL=https://www.motorlab.example\n"


@pytest.fixture
def nginx_files(tmp_path):
    config, runtime = tmp_path / "etc" / "nginx.conf", tmp_path / "runtime"
    for folder in (runtime, config.parent, tmp_path / "logs"):
        folder.mkdir()
    config.write_bytes(PREVIOUS)
    (tmp_path / "env").write_text(SETTINGS)
    return config


def deploy_config(tmp_path: Path, *args: str, **shell: str) -> subprocess.CompletedProcess:
    where = [
        "--runtime", str(tmp_path / "runtime"), "--pid", str(tmp_path / "nginx.pid"),
        "--logs", str(tmp_path / "logs"), "--environment-file", str(tmp_path / "env"),
    ]  # fmt: skip
    return motorlab("nginx-config", *where, *args, **shell)


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `folder`: its bytes and inode (a rename in place changes the inode)."""
    return {
        str(path.relative_to(folder)): (path.read_bytes(), path.stat().st_ino)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_the_output_option_writes_a_config_nginx_takes_and_the_module_it_names(
    tmp_path, nginx_files
):
    written = deploy_config(tmp_path, "--output", str(nginx_files))
    assert (written.returncode, written.stdout, written.stderr) == (0, "", "")
    [module] = (tmp_path / "runtime").glob("root_language-*.js")
    assert f"js_import root_language from {module};" in nginx_files.read_text()
    assert oct(nginx_files.stat().st_mode & 0o777) == "0o644"
    assert sorted(os.listdir(nginx_files.parent)) == ["nginx.conf"]  # no draft left
    # What nginx -t says of it: nothing (before, `duplicate MIME type "text/html"` at each reload).
    checked = subprocess.run(
        ["/usr/sbin/nginx", "-t", "-q", "-e", "stderr", "-c", str(nginx_files)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert (checked.returncode, checked.stderr) == (0, "")
    text = nginx_files.read_text()
    assert "\nuser www-data;\n" in text and "\ninclude /etc/nginx/modules-enabled/*.conf;\n" in text
    assert f"error_log {tmp_path / 'logs'}/error.log warn;" in text


def test_a_certificate_path_typo_or_an_unwritable_file_leaves_the_live_config(
    tmp_path, nginx_files, throwaway_ca
):
    before = snapshot(nginx_files.parent)
    typo = f"{throwaway_ca.certificate}x"
    result = deploy_config(
        tmp_path, "--tls-certificate", typo, "--tls-key", str(throwaway_ca.key), "--output",
        str(nginx_files),
    )  # fmt: skip
    assert result.returncode == 1
    [line] = result.stderr.splitlines()
    assert line.startswith(f"deploy_config: {nginx_files} left as it was: nginx -t: ")
    assert typo in line  # without it the same run succeeds: the next test's first run
    assert snapshot(nginx_files.parent) == before
    assert list((tmp_path / "runtime").iterdir()) == []  # no module without its config
    # A config file that cannot be written: the live one stays too.
    (tmp_path / "not-a-folder").write_bytes(PREVIOUS)
    result = deploy_config(tmp_path, "--output", str(tmp_path / "not-a-folder" / "nginx.conf"))
    assert result.returncode == 1
    assert "left as it was" in result.stderr and len(result.stderr.splitlines()) == 1
    assert snapshot(nginx_files.parent) == before


def test_the_settings_are_the_environment_files_never_the_shells(
    tmp_path, nginx_files, throwaway_ca
):
    """A SITE_URL left in the operator's shell does not reach the config; a file it cannot
    read is named."""
    result = deploy_config(
        tmp_path, "--tls-certificate", str(throwaway_ca.certificate), "--tls-key",
        str(throwaway_ca.key), "--output", str(nginx_files), SITE_URL="http://127.0.0.1:5000",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "return 301 https://www.motorlab.example$request_uri;" in nginx_files.read_text()
    assert "127.0.0.1:5000" not in nginx_files.read_text()
    (tmp_path / "env").unlink()
    before = snapshot(nginx_files.parent)
    missing = deploy_config(tmp_path, "--output", str(nginx_files))
    assert missing.returncode == 2
    assert f"cannot read the environment file {tmp_path / 'env'}" in missing.stderr.splitlines()[-1]
    assert snapshot(nginx_files.parent) == before


def test_units_that_cannot_all_be_written_leave_every_live_unit(tmp_path):
    output = tmp_path / "systemd"
    output.write_bytes(PREVIOUS)
    env_file = tmp_path / "env"
    env_file.write_text(SETTINGS)
    result = motorlab("units", "--environment-file", env_file, "--output", output / "units")
    assert result.returncode == 1
    assert result.stderr.startswith("deploy_units: nothing written: [Errno 20] Not a directory")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["env", "systemd"]
    output.unlink()
    assert motorlab("units", "--environment-file", env_file, "--output", output).returncode == 0
    assert sorted(p.name for p in output.iterdir()) == UNITS
