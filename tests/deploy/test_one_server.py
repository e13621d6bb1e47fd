"""Every command of docs/operations.md's one-server guide, in order, run for real on a moved
machine (tests/support/one_server.py) with visitors through nginx all along, or else checked."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.support.contact_support import HEALTHY, VALID
from tests.support.one_server import (
    LOOP_PATHS,
    PUBLIC,
    REPOSITORY,
    Machine,
    RequestLoop,
    guide_commands,
    post_contact_request,
    rows,
    run,
    write_settings,
)
from tests.support.smtp import SmtpServer


def apt_get(machine: Machine, args: list[str]) -> None:
    if args[1] == "update":
        return
    packages = [arg for arg in args[2:] if not arg.startswith("-")]
    assert {"nginx", "libnginx-mod-http-brotli-static", "libnginx-mod-http-js"} <= set(packages)
    assert {"python3-venv", "nodejs", "certbot", "make", "git", "curl", "sqlite3"} <= set(packages)
    unknown = [name for name in packages if run(["apt-cache", "show", name]).returncode]
    assert unknown == []
    for folder in ("/etc/nginx", "/var/log/nginx", "/run"):  # as on a Debian machine with nginx
        machine.path(folder).mkdir(parents=True)


def useradd(machine: Machine, args: list[str]) -> None:
    assert "--system" in args and args[args.index("--shell") + 1] == "/usr/sbin/nologin"
    assert args[-1] == "motorlab"


def heredoc(machine: Machine, command: str) -> None:
    """The environment file as bash writes it, then moved for the test machine: its folders,
    its ports, the mail server."""
    target = re.match(r"cat > (\S+) <<EOF", command)[1]
    assert target == "/etc/motorlab/env"
    file = machine.path(target)
    assert run(["bash", "-c", command.replace(target, str(file), 1)]).returncode == 0
    lines = dict(line.split("=", 1) for line in file.read_text().splitlines())
    assert re.fullmatch(r"[0-9a-f]{64}", lines["SECRET_KEY"])
    assert lines["SITE_URL"] == f"https://{PUBLIC}"
    assert all(
        lines[name].startswith("/var/lib/motorlab/") for name in ("OUTBOX_PATH", "IMAGE_CACHE_DIR")
    )
    moved = {
        "MAIL_SERVER": "127.0.0.1", "MAIL_PORT": str(machine.smtp.port), "MAIL_USE_TLS": "0",
        "NGINX_LISTEN": f"127.0.0.1:{machine.ports.http}",
        "NGINX_HTTPS_LISTEN": f"127.0.0.1:{machine.ports.https}",
        "WEB_CONCURRENCY": "2",
    }  # fmt: skip
    for name in ("OUTBOX_PATH", "IMAGE_CACHE_DIR", "NGINX_TLS_CERTIFICATE", "NGINX_TLS_KEY",
                 "NGINX_ACME_WEBROOT"):  # fmt: skip
        moved[name] = str(machine.path(lines[name]))
    lines = {k: v for k, v in lines.items() if k not in ("MAIL_USERNAME", "MAIL_PASSWORD")}
    machine.settings = {**lines, **moved}
    write_settings(machine, machine.settings)


def certbot(machine: Machine, args: list[str]) -> None:
    """The certificate where certbot puts it: the throwaway CA's."""
    assert args[1:3] == ["certonly", "--webroot"]
    domain = args[args.index("-d") + 1]
    assert domain == PUBLIC
    assert args[args.index("--deploy-hook") + 1] == "systemctl reload nginx"
    webroot = args[args.index("-w") + 1]
    assert machine.settings["NGINX_ACME_WEBROOT"] == str(machine.path(webroot))
    machine.path(webroot).mkdir(parents=True)
    live = machine.path(f"/etc/letsencrypt/live/{domain}")
    live.mkdir(parents=True)
    shutil.copyfile(machine.ca.certificate, live / "fullchain.pem")
    shutil.copyfile(machine.ca.key, live / "privkey.pem")
    assert machine.settings["NGINX_TLS_CERTIFICATE"] == str(live / "fullchain.pem")


def git(machine: Machine, args: list[str]) -> None:
    assert args[1] == "clone" and args[2] == REPOSITORY
    cloned = run(["git", "clone", "-q", str(machine.repository), str(machine.path(args[3]))])
    assert cloned.returncode == 0, cloned.stderr


def link_the_command(machine: Machine) -> None:
    link = machine.path("/usr/local/sbin/motorlab")
    link.parent.mkdir(parents=True)
    link.symlink_to(machine.path("/srv/motorlab/current/deploy/motorlab"))


# Commands checked word for word, and what the test machine does for each (None: nothing).
EXACT = {
    "chgrp motorlab /etc/motorlab/env": None,
    "chmod 640 /etc/motorlab/env": None,
    "ls -l /var/backups/motorlab": None,
    "install -d -m 750 -g motorlab /etc/motorlab": (
        lambda machine: machine.path("/etc/motorlab").mkdir(parents=True)
    ),
    "rm -r /root/motorlab-first": lambda machine: shutil.rmtree(
        machine.path("/root/motorlab-first")
    ),
    "ln -sfn /srv/motorlab/current/deploy/motorlab /usr/local/sbin/motorlab": link_the_command,
}


def first_deploy(machine: Machine, args: list[str]) -> None:
    """Step 5: the first release, from the checkout's own command."""
    assert args[1:] == ["deploy", REPOSITORY]
    status, line = machine.motorlab(machine.path(args[0]), "deploy", str(machine.repository))
    assert status == 0, line
    assert re.fullmatch(
        r"motorlab deploy: \S+ serves on the blue slot \(127\.0\.0\.1:\d+\) in \d+ s", line
    )
    # Built by the service user, then root's; no key invented in it.
    assert not (machine.live() / "instance" / "secret_key").exists()


def deploy(machine: Machine, args: list[str]) -> None:
    """The guide's upgrade, run for two releases, between deploys that must fail (each leaves
    the live release serving and nginx's config as it was), all while visitors come."""
    assert args == ["motorlab", "deploy", REPOSITORY]
    command = machine.path("/usr/local/sbin/motorlab")
    machine.loop = RequestLoop(machine)
    failing = {
        "catalog-gap": "make export: motorlab: not starting.",
        "no-answer": "the new release did not answer /healthz",
    }
    for ref in ("catalog-gap", "two", "no-answer", "typo", "three"):
        live, config = machine.live(), machine.nginx_conf()
        releases = sorted(machine.path("/srv/motorlab/releases").iterdir())
        settings = dict(machine.settings)
        if ref == "typo":  # a certificate path typo in the settings, for this deploy alone
            settings["NGINX_TLS_CERTIFICATE"] += "x"
        write_settings(machine, settings)
        status, line = machine.motorlab(
            command, "deploy", str(machine.repository), "--ref", "three" if ref == "typo" else ref
        )
        write_settings(machine, machine.settings)
        if ref in ("two", "three"):
            assert status == 0, line
            assert machine.live() != live and machine.live().name in line
            continue
        assert status == 1 and line.startswith("motorlab deploy: nothing switched: "), line
        assert failing.get(ref, "fullchain.pemx") in line
        # The live release serves, nginx's config is the one it had, no new release folder.
        assert (machine.live(), machine.nginx_conf()) == (live, config)
        assert sorted(machine.path("/srv/motorlab/releases").iterdir()) == releases
    # blue (one), green (two), blue (three): the guide's restore names the live slot.
    assert " serves on the blue slot " in machine.deploys[-1][3]


def rollback(machine: Machine, args: list[str]) -> None:
    assert args == ["motorlab", "rollback"]
    before = machine.live()
    status, line = machine.motorlab(machine.path("/usr/local/sbin/motorlab"), "rollback")
    assert status == 0, line
    releases = sorted(p for p in machine.path("/srv/motorlab/releases").iterdir())
    assert machine.live() == releases[releases.index(before) - 1]
    # Every page of the release left still finds its scripts, stylesheet and font.
    page = (before / "build/site/en/services/index.html").read_text()
    names = re.findall(r'/static/build/[^"\')\s]+', page)
    assert names and all((machine.live() / "build/site" / n.lstrip("/")).exists() for n in names)
    machine.loop.stop()
    assert machine.loop.failures == []
    assert set(machine.loop.results) == set(LOOP_PATHS) and min(machine.loop.results.values()) > 10
    state = machine.folder / "systemd-state"
    running = [
        p.stem
        for p in state.glob("*.pid")
        if machine.systemctl("is-active", p.stem).returncode == 0
    ]
    assert sorted(running) == ["motorlab-sender.service", "motorlab-web-green.service"]


def systemctl(machine: Machine, args: list[str]) -> None:
    if args[1] == "status":
        assert args[2:] == ["motorlab-web-blue", "motorlab-sender"]
        for name in args[2:]:
            assert machine.systemctl("is-active", "--quiet", name).returncode == 0, name
        post_contact_request(machine)  # it reaches the SMTP server by the sender's unit
        deadline = time.monotonic() + 30
        while not machine.smtp.messages and time.monotonic() < deadline:
            time.sleep(0.2)
        [message] = machine.smtp.messages
        assert VALID["description"] in message.get_body(("plain",)).get_content()
        assert message["To"] == machine.settings["CONTACT_RECIPIENTS"]
        return
    assert args[1] == "start" and len(args) == 3
    result = machine.systemctl(*args[1:])
    log = (machine.folder / "systemd-state" / f"{args[2]}.log").read_text()
    assert result.returncode == 0, log
    if args[2] == "motorlab-backup.service":
        machine.backup = sorted(machine.path("/var/backups/motorlab").glob("outbox-*.sqlite3"))
        assert [p.name for p in machine.backup] == [f"outbox-{time.strftime('%u')}.sqlite3"]
        assert oct(machine.backup[0].stat().st_mode & 0o777) == "0o600"
        assert rows(machine.backup[0]) == rows(Path(machine.settings["OUTBOX_PATH"]))
        # A request after the backup: the restore takes the outbox back to without it.
        post_contact_request(machine)
        assert len(rows(Path(machine.settings["OUTBOX_PATH"]))) == 2
    else:
        assert args[2] == "motorlab-check.service"
        assert log.splitlines()[-1].startswith("OK: "), log


def restore(machine: Machine, args: list[str]) -> None:
    """The guide's restore, of the copy the backup wrote (the guide names Wednesday's)."""
    assert args[:2] == ["motorlab", "restore"]
    assert re.fullmatch(r"/var/backups/motorlab/outbox-[1-7]\.sqlite3", args[2])
    command = machine.path("/usr/local/sbin/motorlab")
    status, line = machine.motorlab(command, "restore", str(machine.backup[0]))
    assert status == 0, line
    assert rows(Path(machine.settings["OUTBOX_PATH"])) == rows(machine.backup[0])
    assert oct(Path(machine.settings["OUTBOX_PATH"]).stat().st_mode & 0o777) == "0o600"
    for name in ("motorlab-web-green", "motorlab-sender"):  # the live slot, and the sender
        assert machine.systemctl("is-active", "--quiet", name).returncode == 0, name


def curl(machine: Machine, args: list[str]) -> None:
    url = args[-1]
    assert urlsplit(url).hostname == PUBLIC
    answer = machine.curl(*args[1:-1], "-w", "\n%{http_version} %{http_code}", url)
    assert answer.returncode == 0, answer.stderr
    body, _, version_status = answer.stdout.rpartition("\n")
    if url == f"https://{PUBLIC}/healthz":
        resolve = ["--resolve", f"{PUBLIC}:443:127.0.0.1"]  # the machine itself: the figures
        assert args[1:-1] == ["-fsS", "--http2", *resolve] and version_status == "2 200"
        assert json.loads(body) == HEALTHY
    else:
        assert (args[1:-1], url) == (["-sSI"], f"http://{PUBLIC}/services")
        assert version_status == "1.1 301"
        assert f"\nLocation: https://{PUBLIC}/services\n" in body


@pytest.fixture
def machine(session_dir, throwaway_ca):
    if os.geteuid() != 0:
        pytest.skip("the deploy command runs as root")
    smtp = SmtpServer().start()
    folder = session_dir / "one-server"
    folder.mkdir()
    machine = Machine(folder, smtp, throwaway_ca)
    yield machine
    machine.stop()
    smtp.stop()


def test_every_command_of_the_guide_runs_or_is_checked_in_order(machine):
    handlers = {
        "apt-get": apt_get, "useradd": useradd, "certbot": certbot, "git": git,
        "/root/motorlab-first/deploy/motorlab": first_deploy, "curl": curl,
        "systemctl": systemctl, "motorlab deploy": deploy, "motorlab rollback": rollback,
        "motorlab restore": restore,
    }  # fmt: skip
    commands = guide_commands()
    assert len(commands) > 20, "the guide's sections are missing"
    for command in commands:
        args = shlex.split(command)
        kind = " ".join(args[:2]) if args[0] == "motorlab" else args[0]
        if "<<EOF" in command:
            heredoc(machine, command)
        elif " ".join(args) in EXACT:
            if EXACT[" ".join(args)]:
                EXACT[" ".join(args)](machine)
        elif kind in handlers:
            handlers[kind](machine, args)
        else:
            pytest.fail(f"no test exercises the guide's command: {command}")
    print("\n".join(f"motorlab {what}: {seconds:.0f} s, status {status}"
                    for what, seconds, status, _ in machine.deploys))  # fmt: skip
    print(f"requests through nginx meanwhile: {dict(machine.loop.results)}, none failed")
