"""The systemd units rendered for this checkout as an operator renders them: systemd finds
nothing to say of them, they sandbox the services to the folders the app writes, and run
gunicorn exactly as `make prod` and the tests do, with gunicorn_config's settings."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import tempfile
import urllib.request
from pathlib import Path

import pytest

from motorlab.contact.transport import STOP_TIME
from motorlab.deploy.units import STOP_MARGIN
from tests.support.contact_support import wait_for
from tests.support.deploy_tools import UNITS, environment, make, motorlab, service_section
from tests.support.processes import ROOT

SYSTEMD_ANALYZE = shutil.which("systemd-analyze") or "/usr/bin/systemd-analyze"
SERVICES = [name for name in UNITS if name.endswith(".service")]


def render_units(output: Path, **settings: str) -> dict[str, dict[str, list[str]]]:
    """Each service's [Service] section, rendered into `output` from an environment file there
    with `settings` (the live release: this checkout)."""
    env_file = output / "env"
    env_file.write_text("".join(f"{k}={v}\n" for k, v in {"SECRET_KEY": "x", **settings}.items()))
    result = motorlab("units", "--user", "motorlab", "--environment-file", env_file,
                      "--current", ROOT, "--output", output)  # fmt: skip
    assert result.returncode == 0, result.stderr
    written = [str(Path(line).relative_to(output)) for line in result.stdout.split()]
    assert written == UNITS
    return {name: service_section(output / name) for name in SERVICES}


@pytest.fixture(scope="module")
def units(tmp_path_factory):
    return render_units(tmp_path_factory.mktemp("units"))


# What an auditor reads first: systemd's own score of the sandbox (0 is a closed box, 10 none).
MOST_EXPOSURE = 2.0
EXPOSURE = re.compile(r"Overall exposure level for (\S+): (\d+\.\d) ")


def test_systemd_verifies_the_units_and_scores_their_exposure_within_what_an_auditor_signs(
    tmp_path,
):
    if not Path(SYSTEMD_ANALYZE).exists():
        pytest.fail("systemd-analyze is missing: apt-get install systemd (make systemd)")
    render_units(tmp_path)
    # --man=no: the units name no documentation to look up. It checks every key and value,
    # and that each ExecStart names an executable file (the checkout's .venv).
    result = subprocess.run(
        [SYSTEMD_ANALYZE, "verify", "--man=no", *(str(tmp_path / name) for name in UNITS)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    scores = {}
    for name in SERVICES:
        result = subprocess.run(
            [SYSTEMD_ANALYZE, "security", "--offline=yes", "--no-pager", str(tmp_path / name)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        (found,) = EXPOSURE.findall(result.stdout)
        scores[found[0]] = float(found[1])
    assert scores.keys() == set(SERVICES)
    assert all(score <= MOST_EXPOSURE - 0.3 for score in scores.values()), scores


def test_every_service_runs_unprivileged_in_the_same_sandbox(units):
    instance = str(ROOT / "instance")
    for name, service in units.items():
        assert service["User"] == service["Group"] == ["motorlab"]
        assert service["WorkingDirectory"] == [str(ROOT)]
        assert [Path(file).name for file in service["EnvironmentFile"]] == ["env"]
        # The outbox and the image cache are under instance/ by default; the backup also
        # writes its folder.
        backups = " /var/backups/motorlab" if name == "motorlab-backup.service" else ""
        assert service["ReadWritePaths"] == [instance + backups], name
    web, sender = units["motorlab-web-blue.service"], units["motorlab-sender.service"]
    assert web["Restart"] == sender["Restart"] == ["on-failure"]
    # Each reads what it needs: the mail password is the sender's alone.
    assert web["UnsetEnvironment"] == ["MAIL_PASSWORD"] and "UnsetEnvironment" not in sender
    kinds = ("Protect", "Restrict", "Private", "System", "Capability", "NoNew", "UMask", "Lock",
             "Remove", "Device")  # fmt: skip
    sandbox = {key: value for key, value in web.items() if key.startswith(kinds)}
    assert sandbox["ProtectSystem"] == ["strict"] and sandbox["UMask"] == ["0027"]
    assert sandbox["PrivateTmp"] == sandbox["NoNewPrivileges"] == ["yes"]
    for service in units.values():
        assert {key: service.get(key) for key in sandbox} == sandbox
    assert shlex.split(sender["ExecStart"][0]) == [
        str(ROOT / ".venv/bin/flask"), "--app", "wsgi", "outbox", "worker",
    ]  # fmt: skip
    backup = units["motorlab-backup.service"]["ExecStart"][0]
    assert backup == (
        "/bin/sh -c 'exec .venv/bin/flask --app wsgi outbox backup"
        " /var/backups/motorlab/outbox-$$(date +%%u).sqlite3'"
    )
    check = shlex.split(units["motorlab-check.service"]["ExecStart"][0])
    assert check == [str(ROOT / ".venv/bin/flask"), "--app", "wsgi", "outbox", "check",
                     "--max-age", "15m"]  # fmt: skip


def test_gunicorn_runs_with_its_configs_settings_and_systemd_waits_longer_than_it_promises(
    units,
):
    """gunicorn's settings as it prints them; the sender's STOP_TIME (docs/decisions/0009) and
    gunicorn's graceful_timeout, each with STOP_MARGIN in the units."""
    settings = gunicorn_settings()
    expected = {
        "worker_class": "sync", "timeout": "30", "forwarder_headers": "[]", "accesslog": "-",
        "errorlog": "-", "workers": str(2 * os.cpu_count() + 1),
    }  # fmt: skip
    assert {name: settings[name] for name in expected} == expected
    assert gunicorn_settings(WEB_CONCURRENCY="7")["workers"] == "7"
    waits = {name: int(service["TimeoutStopSec"][0]) for name, service in units.items()
             if "TimeoutStopSec" in service}  # fmt: skip
    graceful = int(settings["graceful_timeout"])
    assert graceful >= int(settings["timeout"])  # a request may take that long
    assert waits == {
        "motorlab-sender.service": STOP_TIME + STOP_MARGIN,
        "motorlab-web-blue.service": graceful + STOP_MARGIN,
    }
    assert STOP_MARGIN >= STOP_TIME / 2


def test_the_services_files_are_their_users_alone_and_gunicorn_starts_without_errors(
    tmp_path, units, launch
):
    """gunicorn and the sender as their units start them (ExecStart, UMask, a user without a
    home): nothing they create is readable by other users, and gunicorn logs no error."""
    from tests.support.clients import Visitor
    from tests.support.processes import app_environment, free_port
    from tests.support.smtp import SmtpServer

    instance = tmp_path / "instance"
    umask = units["motorlab-web-blue.service"]["UMask"][0]
    as_unit = ["/bin/sh", "-c", f'umask {umask}; exec "$@"', "unit"]
    smtp = SmtpServer().start()
    env = app_environment(
        instance / "outbox.sqlite3", IMAGE_CACHE_DIR=str(instance / "images"),
        MAIL_PORT=str(smtp.port), OUTBOX_POLL_INTERVAL="0.1", WEB_CONCURRENCY="1",
        HOME="/proc/no-home",  # nothing can be created there, even by root
    )  # fmt: skip
    env.pop("XDG_RUNTIME_DIR", None)
    web = shlex.split(units["motorlab-web-blue.service"]["ExecStart"][0])
    port = free_port()
    web[web.index("--bind") + 1] = f"127.0.0.1:{port}"
    sender = shlex.split(units["motorlab-sender.service"]["ExecStart"][0])
    log = tmp_path / "gunicorn.log"
    processes = [launch.process([*as_unit, *web], env=env, log=log)]
    try:
        base = f"http://127.0.0.1:{port}"
        processes[0].wait_for(base + "/en/contact")  # /healthz: 503 until instance/ exists
        visitor = Visitor(base)
        visitor.fetch_token()
        fields = {"name": "Ana", "email": "ana@example.com", "description": "A booking app, soon."}
        assert visitor.post("/en/contact", fields)[0] == 303  # stored: the thanks page
        with urllib.request.urlopen(base + "/_img/logo-512.png", timeout=30) as image:
            assert image.status == 200  # drawn into the image cache
        processes.append(launch.process([*as_unit, *sender], env=env))
        wait_for(lambda: smtp.messages, timeout=30)
        assert len(smtp.messages) == 1
    finally:
        for process in processes:
            process.stop()
        smtp.stop()
    modes = {
        str(path.relative_to(tmp_path)): oct(path.stat().st_mode & 0o777)
        for path in [instance, *instance.rglob("*")]
    }
    assert modes["instance"] == "0o750"
    assert modes["instance/outbox.sqlite3"] == "0o600"
    assert modes["instance/images"] == "0o750"
    assert {mode for name, mode in modes.items() if name.endswith(".png")} == {"0o640"}
    assert [name for name, mode in modes.items() if int(mode, 8) & 0o007] == []
    text = log.read_text()
    assert "Booting worker" in text
    assert [line for line in text.splitlines() if "error" in line.lower()] == []


def test_the_outboxs_and_the_caches_folders_elsewhere_are_writable_too(tmp_path):
    outbox, images = tmp_path / "outbox", tmp_path / "images"
    units = render_units(
        tmp_path, OUTBOX_PATH=str(outbox / "outbox.sqlite3"), IMAGE_CACHE_DIR=str(images)
    )
    for name in ("motorlab-web-blue.service", "motorlab-sender.service"):
        assert units[name]["ReadWritePaths"] == [f"{images} {outbox}"]
    # With the outbox in PostgreSQL, no outbox folder.
    units = render_units(
        tmp_path, OUTBOX_PATH=str(outbox / "outbox.sqlite3"), OUTBOX_URL="postgresql://db/x",
        IMAGE_CACHE_DIR=str(images),
    )  # fmt: skip
    assert units["motorlab-web-blue.service"]["ReadWritePaths"] == [str(images)]


# How every gunicorn of the project starts: its settings from the module, its address alone.
GUNICORN_ARGS = ["--config", "python:motorlab.deploy.gunicorn_config", "--bind"]


def test_make_prod_the_unit_and_the_tests_run_gunicorn_with_its_config_alone(units, launch):
    """And `make prod` refuses to start without SECRET_KEY, in one clear line."""
    from motorlab.deploy.nginx_config import APP_ADDRESS
    from tests.support.processes import app_environment

    host, _, port = APP_ADDRESS.rpartition(":")
    result = make("-n", "prod", "SECRET_KEY=x", f"HOST={host}", f"PORT={port}")
    assert result.returncode == 0, result.stderr
    recipe = result.stdout.replace("\\\n", " ")
    make_prod = shlex.split(recipe[recipe.index(".venv/bin/gunicorn") :].splitlines()[0])
    assert make_prod[1:] == [*GUNICORN_ARGS, APP_ADDRESS, "wsgi:app"]
    without_key = {k: v for k, v in environment().items() if k != "SECRET_KEY"}
    refused = make("-s", "prod", env=without_key)
    assert refused.returncode != 0 and refused.stdout == "" and "Traceback" not in refused.stderr
    assert [line for line in refused.stderr.splitlines() if not line.startswith("make: ***")] == [
        "make prod: SECRET_KEY is not set; set it to the same long random string on every server"
    ]
    web = units["motorlab-web-blue.service"]
    assert shlex.split(web["ExecStart"][0]) == [
        str(ROOT / ".venv/bin/gunicorn"), *GUNICORN_ARGS, APP_ADDRESS, "wsgi:app",
    ]  # fmt: skip
    assert "Environment" not in web, "no setting of gunicorn's in the unit"
    workdir = Path(tempfile.mkdtemp(prefix="motorlab-launcher-"))
    server, base = launch.start_gunicorn("wsgi:app", app_environment(workdir / "o"), workdir)
    try:
        # The interpreter, then the gunicorn script (its #! line) and its arguments.
        argv = Path(f"/proc/{server.pid}/cmdline").read_bytes().decode().split("\0")[:-1]
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    assert argv[1:] == [
        str(ROOT / ".venv/bin/gunicorn"), *GUNICORN_ARGS, base.removeprefix("http://"),
        "wsgi:app",
    ]  # fmt: skip


def gunicorn_settings(**env: str) -> dict[str, str]:
    """The settings gunicorn runs with, as it prints them (`--print-config`), with `env` and
    no WEB_CONCURRENCY of this shell's."""
    base = {k: v for k, v in environment().items() if k != "WEB_CONCURRENCY"}
    result = subprocess.run(
        [str(ROOT / ".venv/bin/gunicorn"), "--print-config", *GUNICORN_ARGS, "127.0.0.1:1",
         "wsgi:app"],
        cwd=ROOT, env={**base, "SECRET_KEY": "x", "SITE_URL": "http://127.0.0.1", **env},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = (line.partition("=") for line in result.stdout.splitlines())
    return {name.strip(): value.strip() for name, _, value in lines}
