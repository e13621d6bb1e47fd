"""The systemd units (deploy/*.service), rendered for this checkout as an operator renders
them (`python -m motorlab.deploy_units`): systemd itself finds nothing to say about them, they
sandbox the services to the folders the app writes, give the sender its stop time, and run
gunicorn exactly as `make prod` and the tests do, with motorlab/gunicorn_config.py's settings."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from motorlab.contact.transport import STOP_TIME
from motorlab.deploy_units import STOP_MARGIN
from tests.support.servers import ROOT

SYSTEMD_ANALYZE = shutil.which("systemd-analyze") or "/usr/bin/systemd-analyze"
UNITS = ["motorlab-sender.service", "motorlab-web.service"]
NGINX_DROP_IN = "nginx.service.d/motorlab.conf"
DEBIAN_NGINX = Path("/lib/systemd/system/nginx.service")  # Debian's nginx package's unit
# Settings of the test run or a developer's shell that would move the writable folders.
MOVED = ("OUTBOX_PATH", "OUTBOX_URL", "IMAGE_CACHE_DIR", "MAKEFLAGS", "MAKELEVEL")


def environment(**settings: str) -> dict[str, str]:
    return {**{k: v for k, v in os.environ.items() if k not in MOVED}, **settings}


def render_units(output: Path, **settings: str) -> dict[str, dict[str, list[str]]]:
    """The units written to `output`, each as {key: [values]} of its [Service] section."""
    result = subprocess.run(
        [sys.executable, "-m", "motorlab.deploy_units", "--user", "motorlab",
         "--environment-file", "/etc/motorlab/env", "--nginx-runtime", "/var/lib/motorlab/nginx",
         "--output", str(output)],
        cwd=ROOT, env=environment(**settings), capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    written = [str(Path(line).relative_to(output)) for line in result.stdout.split()]
    assert written == [*UNITS, NGINX_DROP_IN]
    return {name: service_section(output / name) for name in UNITS}


def service_section(path: Path) -> dict[str, list[str]]:
    section, found = None, {}
    for line in path.read_text().splitlines():
        if line.startswith("["):
            section = line
        elif section == "[Service]" and "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


@pytest.fixture(scope="module")
def units(tmp_path_factory):
    return render_units(tmp_path_factory.mktemp("units"))


def test_systemd_analyze_verifies_the_units_rendered_for_this_checkout(tmp_path):
    if not Path(SYSTEMD_ANALYZE).exists():
        pytest.fail("systemd-analyze is missing: apt-get install systemd (make systemd)")
    render_units(tmp_path)
    # The drop-in is read with Debian's unit beside it (systemd reads <unit>.d/ there).
    shutil.copy(DEBIAN_NGINX, tmp_path)
    # --man=no: the units name no documentation to look up. It checks every key and value,
    # and that each ExecStart names an executable file (the checkout's .venv).
    units = [*UNITS, DEBIAN_NGINX.name]
    result = subprocess.run(
        [SYSTEMD_ANALYZE, "verify", "--man=no", *(str(tmp_path / name) for name in units)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_both_run_unprivileged_in_a_sandbox_and_stop_within_the_senders_time(units):
    instance = str(ROOT / "instance")
    for service in units.values():
        assert service["User"] == service["Group"] == ["motorlab"]
        assert service["WorkingDirectory"] == [str(ROOT)]
        assert service["EnvironmentFile"] == ["/etc/motorlab/env"]
        assert service["Restart"] == ["on-failure"]
        assert service["ProtectSystem"] == ["strict"]
        assert service["PrivateTmp"] == service["NoNewPrivileges"] == ["yes"]
        assert service["UMask"] == ["0027"]
        # The outbox and the image cache are under instance/ by default.
        assert service["ReadWritePaths"] == [instance]
    # Both sandboxed alike (deploy/sandbox.inc).
    web, sender = units["motorlab-web.service"], units["motorlab-sender.service"]
    sandbox = {
        key: value for key, value in web.items() if key not in ("ExecStart", "TimeoutStopSec")
    }
    assert sandbox == {key: value for key, value in sender.items() if key in sandbox}
    assert sender["ExecStart"] != web["ExecStart"]
    assert shlex.split(sender["ExecStart"][0]) == [
        str(ROOT / ".venv/bin/flask"), "--app", "wsgi", "outbox", "worker",
    ]  # fmt: skip


def test_systemd_waits_longer_than_each_service_promises_to_take_to_stop(units):
    """The sender stops within STOP_TIME (docs/decisions/0009), gunicorn within its
    graceful_timeout (a worker finishes its request): systemd's SIGKILL comes later."""
    waits = {name: int(service["TimeoutStopSec"][0]) for name, service in units.items()}
    graceful = int(gunicorn_settings()["graceful_timeout"])
    assert graceful >= int(gunicorn_settings()["timeout"])  # a request may take that long
    assert waits == {
        "motorlab-sender.service": STOP_TIME + STOP_MARGIN,
        "motorlab-web.service": graceful + STOP_MARGIN,
    }
    assert STOP_MARGIN >= STOP_TIME / 2


# What an auditor reads first: systemd's own score of the sandbox (0 is a closed box, 10 none).
MOST_EXPOSURE = 2.0
EXPOSURE = re.compile(r"Overall exposure level for (\S+): (\d+\.\d) ")


def test_systemd_scores_both_units_well_within_the_exposure_an_auditor_signs(tmp_path):
    render_units(tmp_path)
    scores = {}
    for name in UNITS:
        result = subprocess.run(
            [SYSTEMD_ANALYZE, "security", "--offline=yes", "--no-pager", str(tmp_path / name)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        (found,) = EXPOSURE.findall(result.stdout)
        scores[found[0]] = float(found[1])
    assert scores.keys() == set(UNITS)
    assert all(score <= MOST_EXPOSURE - 0.3 for score in scores.values()), scores


def test_the_services_files_are_their_users_alone_and_gunicorn_starts_without_errors(
    tmp_path, units, launch
):
    """gunicorn and the sender as their units start them (ExecStart, the unit's UMask, a user
    without a home): the instance folder they create is 0750, the outbox 0600 and the image
    cache 0640 (none readable by other users), and gunicorn's log holds no error (before,
    its control server logged `Permission denied` at every start)."""
    from tests.support.servers import Visitor, app_environment, free_port
    from tests.support.smtp import SmtpServer

    instance = tmp_path / "instance"
    umask = units["motorlab-web.service"]["UMask"][0]
    as_unit = ["/bin/sh", "-c", f'umask {umask}; exec "$@"', "unit"]
    smtp = SmtpServer().start()
    env = app_environment(
        instance / "outbox.sqlite3", IMAGE_CACHE_DIR=str(instance / "images"),
        MAIL_PORT=str(smtp.port), OUTBOX_POLL_INTERVAL="0.1", WEB_CONCURRENCY="1",
        HOME="/proc/no-home",  # nothing can be created there, even by root
    )  # fmt: skip
    env.pop("XDG_RUNTIME_DIR", None)
    web = shlex.split(units["motorlab-web.service"]["ExecStart"][0])
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
        deadline = time.monotonic() + 30
        while not smtp.messages and time.monotonic() < deadline:
            time.sleep(0.1)
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
    for service in units.values():
        assert service["ReadWritePaths"] == [f"{ROOT / 'instance'} {images} {outbox}"]
    # With the outbox in PostgreSQL, no outbox folder.
    units = render_units(
        tmp_path, OUTBOX_PATH=str(outbox / "outbox.sqlite3"), OUTBOX_URL="postgresql://db/x"
    )
    assert units["motorlab-web.service"]["ReadWritePaths"] == [str(ROOT / "instance")]


def test_debian_nginx_looks_for_the_pid_where_the_rendered_config_writes_it(tmp_path):
    render_units(tmp_path)
    drop_in = service_section(tmp_path / NGINX_DROP_IN)
    assert drop_in["PIDFile"] == ["/var/lib/motorlab/nginx/nginx.pid"]
    assert drop_in["ExecStop"][0] == ""  # Debian's own ExecStop (its /run/nginx.pid) reset
    from motorlab.deploy_config import render

    config = render(listen="80", root=tmp_path, app="127.0.0.1:8000", runtime=tmp_path / "nginx")
    assert f"pid {tmp_path / 'nginx'}/nginx.pid;" in config.splitlines()


# How every gunicorn of the project starts: its settings from the module, its address alone.
GUNICORN_ARGS = ["--config", "python:motorlab.gunicorn_config", "--bind"]


def test_make_prod_the_unit_and_the_tests_run_gunicorn_with_its_config_alone(units, launch):
    """`make prod`, the unit and the tests' launcher: the config module and an address,
    nothing else (every setting is motorlab/gunicorn_config.py's)."""
    from motorlab.deploy_config import APP_ADDRESS
    from tests.support.servers import app_environment

    host, _, port = APP_ADDRESS.rpartition(":")
    result = subprocess.run(
        ["make", "--no-print-directory", "-n", "prod", "SECRET_KEY=x", f"HOST={host}",
         f"PORT={port}"],
        cwd=ROOT, env=environment(), capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    recipe = result.stdout.replace("\\\n", " ")
    make_prod = shlex.split(recipe[recipe.index(".venv/bin/gunicorn") :].splitlines()[0])
    assert make_prod[1:] == [*GUNICORN_ARGS, APP_ADDRESS, "wsgi:app"]
    web = units["motorlab-web.service"]
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
        cwd=ROOT, env={**base, "SECRET_KEY": "x", **env}, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = (line.partition("=") for line in result.stdout.splitlines())
    return {name.strip(): value.strip() for name, _, value in lines}


def test_gunicorn_runs_with_the_settings_of_its_config():
    """Sync workers, 30 s, no forwarded SCRIPT_NAME or PATH_INFO, logs to stdout and stderr,
    and WEB_CONCURRENCY workers, else two per core plus one."""
    settings = gunicorn_settings()
    expected = {
        "worker_class": "sync", "timeout": "30", "forwarder_headers": "[]", "accesslog": "-",
        "errorlog": "-", "workers": str(2 * os.cpu_count() + 1),
    }  # fmt: skip
    assert {name: settings[name] for name in expected} == expected
    assert gunicorn_settings(WEB_CONCURRENCY="7")["workers"] == "7"
