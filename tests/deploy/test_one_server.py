"""docs/operations.md, "One server, start to finish" and "Keeping the server": every command of
the guide, in its order, run for real where a test machine can run it (the deploy command,
the units through tests/support/systemctl.py, nginx, curl, SMTP, upgrades, failing deploys, a
rollback, backup and restore, with requests through nginx all along), else checked. A command
no handler knows fails the test. Moved for a test machine: paths under a temporary folder,
free loopback ports, aiosmtpd without TLS, the test's own user."""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
import os
import pwd
import re
import shlex
import shutil
import sqlite3
import ssl
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest
from bs4 import BeautifulSoup

from tests.support.contact_support import HEALTHY, VALID
from tests.support.servers import ROOT, free_port
from tests.support.smtp import SmtpServer

GUIDE = ROOT / "docs" / "operations.md"
SECTIONS = ("## One server, start to finish", "## Keeping the server")
PUBLIC = "www.motorlab.example"
REPOSITORY = "https://github.com/motorlab/website.git"
# What each release of the test's repository changes (a new stylesheet and boot script: both
# inline in every page, so each release's pages need their own policy), or breaks.
RELEASES = {
    "two": {
        "site/motorlab/styles/site.css": "\n.release-two{outline:1px solid}\n",
        "widgets/boot.js": "\ndocument.documentElement.dataset.release = 'two';\n",
    },
    "three": {
        "site/motorlab/styles/site.css": "\n.release-three{outline:2px solid}\n",
        "widgets/boot.js": "\ndocument.documentElement.dataset.release = 'three';\n",
    },
    "no-answer": {"wsgi.py": "\nraise SystemExit('this release does not start')\n"},
}
LOOP_PATHS = ("/", "/en/services", "/contact", "/healthz")
# Between two of the loop's requests: about 15 a second, under nginx's 20 a second per address
# on the paths that reach the app (over it, 429).
PAUSE = 0.05


def guide_commands() -> list[str]:
    """The sections' shell commands in order: one per line, a here-document with its lines."""
    text = GUIDE.read_text()
    commands: list[str] = []
    for title in SECTIONS:
        section = text.partition(title)[2].partition("\n## ")[0]
        for block in re.findall(r"```sh\n(.*?)```", section, re.DOTALL):
            lines = [line.strip() for line in block.splitlines() if line.strip()]
            while lines:
                line = lines.pop(0)
                if line.endswith("<<EOF"):
                    end = lines.index("EOF")
                    line = "\n".join([line, *lines[:end], "EOF"])
                    del lines[: end + 1]
                commands.append(line)
    return commands


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=900, **kwargs)


def make_repository(folder: Path) -> Path:
    """A repository of this checkout as it is (its files, tracked or new, edits included), with
    a branch per release of RELEASES and one whose Spanish catalog lacks an entry."""
    repo = folder / "website"
    listed = run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT).stdout
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, repo / name)
    git = ["git", "-C", str(repo), "-c", "user.name=test", "-c", "user.email=test@example.com"]
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "one"]):
        assert run([*git, *args]).returncode == 0
    for branch, changes in RELEASES.items():
        run([*git, "checkout", "-qb", branch, "main"])
        for path, addition in changes.items():
            with (repo / path).open("a") as source:
                source.write(addition)
        assert run([*git, "commit", "-qam", branch]).returncode == 0
    run([*git, "checkout", "-qb", "catalog-gap", "main"])
    catalog = repo / "translations/es/LC_MESSAGES/messages.po"
    text = catalog.read_text()
    entry = re.search(r'\nmsgid "(?!")[^\n]*"\nmsgstr "([^"\n]+)"\n', text)
    catalog.write_text(text.replace(entry[0], entry[0].replace(entry[1], ""), 1))
    assert run([*git, "commit", "-qam", "a catalog entry left empty"]).returncode == 0
    run([*git, "checkout", "-q", "main"])
    return repo


class Machine:
    """The guide's machine, moved under `folder` (readable by nginx's workers)."""

    def __init__(self, folder: Path, smtp: SmtpServer, ca) -> None:
        self.folder = folder
        self.smtp = smtp
        self.ca = ca
        self.user = pwd.getpwuid(os.geteuid()).pw_name
        self.ports = SimpleNamespace(
            http=free_port(), https=free_port(), blue=free_port(), green=free_port()
        )
        self.repository = make_repository(folder)
        self.bin = folder / "bin"  # systemctl's stand-in, first on the PATH
        self.bin.mkdir()
        stand_in = self.bin / "systemctl"
        stand_in.write_text(
            f'#!/bin/sh\nexec {sys.executable} {ROOT / "tests/support/systemctl.py"} "$@"\n'
        )
        stand_in.chmod(0o755)
        self.cache = self.path("/var/cache/motorlab")  # pip's and npm's caches, reused
        self.cache.mkdir(parents=True)
        (self.cache / ".cache").mkdir()
        (self.cache / ".cache" / "pip").symlink_to(
            run([str(ROOT / ".venv/bin/pip"), "cache", "dir"]).stdout.strip()
        )
        (self.cache / ".npm").symlink_to(run(["npm", "config", "get", "cache"]).stdout.strip())
        self.settings: dict[str, str] = {}
        self.deploys: list[tuple[str, float, int, str]] = []  # (what, seconds, status, line)
        self.loop: RequestLoop | None = None
        self.delivered = False

    def path(self, guide_path: str) -> Path:
        return self.folder / guide_path.lstrip("/")

    def environment(self) -> dict[str, str]:
        """The deploy command's: root's PATH with the stand-in first, and where the stand-in
        finds the units, nginx's config and its own state."""
        return {
            "PATH": f"{self.bin}:{os.environ['PATH']}",
            "LANG": "C.UTF-8",
            "SYSTEMCTL_UNITS": str(self.path("/etc/systemd/system")),
            "SYSTEMCTL_STATE": str(self.folder / "systemd-state"),
            "SYSTEMCTL_NGINX_CONF": str(self.path("/etc/nginx/nginx.conf")),
            "SYSTEMCTL_NGINX_LOG": str(self.path("/var/log/nginx/error.log")),
        }

    def layout(self) -> list[str]:
        """The deploy command's folders, moved; gunicorn's slots on free ports."""
        moved = {
            "--base": "/srv/motorlab", "--environment-file": "/etc/motorlab/env",
            "--systemd": "/etc/systemd/system", "--nginx-conf": "/etc/nginx/nginx.conf",
            "--nginx-runtime": "/var/lib/motorlab/nginx", "--nginx-pid": "/run/nginx.pid",
            "--nginx-logs": "/var/log/nginx", "--backups": "/var/backups/motorlab",
            "--cache": "/var/cache/motorlab",
        }  # fmt: skip
        flags = [arg for flag, path in moved.items() for arg in (flag, str(self.path(path)))]
        slots = f"blue=127.0.0.1:{self.ports.blue},green=127.0.0.1:{self.ports.green}"
        return [*flags, "--user", self.user, "--slots", slots]

    def motorlab(self, command: Path, *args: str) -> tuple[int, str]:
        """The deploy command, timed: its status and its last line."""
        started = time.monotonic()
        result = run([str(command), *self.layout(), *args], env=self.environment())
        said = (result.stdout + result.stderr).strip().splitlines()
        assert len(said) == 1, said  # one line, whatever happened
        line = said[0]
        if "did not answer /healthz" in line:  # what the unit said, for the failure's message
            logs = sorted((self.folder / "systemd-state").glob("*.log"))
            line += f"\nstate: {sorted(p.name for p in (self.folder / 'systemd-state').glob('*'))}"
            line += "".join(f"\n{log.name}: {log.read_text()[-1500:]}" for log in logs)
        self.deploys.append((" ".join(args[:1] + args[2:]), time.monotonic() - started,
                             result.returncode, line))  # fmt: skip
        return result.returncode, line

    def systemctl(self, *args: str) -> subprocess.CompletedProcess:
        return run(["systemctl", *args], env=self.environment())

    def curl(self, *args: str) -> subprocess.CompletedProcess:
        """curl with the public name resolved to nginx on loopback, trusting the test CA."""
        return run([
            "curl", "--connect-to", f"{PUBLIC}:443:127.0.0.1:{self.ports.https}",
            "--connect-to", f"{PUBLIC}:80:127.0.0.1:{self.ports.http}",
            "--cacert", str(self.ca.ca), *args,
        ])  # fmt: skip

    def live(self) -> Path:
        return Path(os.path.realpath(self.path("/srv/motorlab/current")))

    def nginx_conf(self) -> bytes:
        return self.path("/etc/nginx/nginx.conf").read_bytes()

    def stop(self) -> None:
        if self.loop:
            self.loop.stop()
        state = self.folder / "systemd-state"
        for pid_file in state.glob("*.pid") if state.exists() else []:
            self.systemctl("stop", pid_file.stem)
        pid = self.path("/run/nginx.pid")
        if pid.exists():
            subprocess.run(["kill", pid.read_text().strip()], capture_output=True)


def inline_hashes(page: str) -> dict[str, str]:
    """The policy source each inline block of a page needs: {directive: 'sha256-…'}."""
    soup = BeautifulSoup(page, "html.parser")
    blocks = {"style-src": soup.select_one("style[data-stylesheet]"),
              "script-src": soup.select_one("script[data-script]")}  # fmt: skip
    digests = {d: hashlib.sha256(b.string.encode()).digest() for d, b in blocks.items() if b}
    return {d: f"'sha256-{base64.b64encode(digest).decode()}'" for d, digest in digests.items()}


def allowed(page: str, policy: str) -> bool:
    directives = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.split()}
    return all(source in directives.get(d, []) for d, source in inline_hashes(page).items())


class RequestLoop:
    """Visitors through nginx on https, one request after another on fresh connections, until
    stopped: each answer's status, and for a page whether its policy allows its blocks."""

    def __init__(self, machine: Machine) -> None:
        self.machine = machine
        self.context = ssl.create_default_context(cafile=str(machine.ca.ca))
        self.context.check_hostname = False  # the certificate names PUBLIC, not 127.0.0.1
        self.results: Counter = Counter()
        self.failures: list[str] = []
        self.running = threading.Event()
        self.running.set()
        self.thread = threading.Thread(target=self.visit, daemon=True)
        self.thread.start()

    def visit(self) -> None:
        while self.running.is_set():
            for path in LOOP_PATHS:
                self.request(path)
                time.sleep(PAUSE)

    def request(self, path: str) -> None:
        connection = http.client.HTTPSConnection(
            "127.0.0.1", self.machine.ports.https, context=self.context, timeout=30
        )
        try:
            connection.request("GET", path, headers={"Host": PUBLIC, "Accept-Language": "es"})
            answer = connection.getresponse()
            body = answer.read().decode()
        except OSError as error:
            self.failures.append(f"{path}: {error!r}")
            return
        finally:
            connection.close()
        if answer.status != 200:
            self.failures.append(f"{path}: {answer.status}")
        elif path != "/healthz" and not allowed(body, answer.getheader("Content-Security-Policy")):
            self.failures.append(f"{path}: its inline blocks not allowed by its policy")
        self.results[path] += 1

    def stop(self) -> None:
        self.running.clear()
        self.thread.join(timeout=60)


# One handler per kind of command: it runs the command (paths moved) or checks it.


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
        "OUTBOX_PATH": str(machine.path(lines["OUTBOX_PATH"])),
        "IMAGE_CACHE_DIR": str(machine.path(lines["IMAGE_CACHE_DIR"])),
        "MAIL_SERVER": "127.0.0.1", "MAIL_PORT": str(machine.smtp.port), "MAIL_USE_TLS": "0",
        "NGINX_LISTEN": f"127.0.0.1:{machine.ports.http}",
        "NGINX_HTTPS_LISTEN": f"127.0.0.1:{machine.ports.https}",
        "WEB_CONCURRENCY": "2",
    }  # fmt: skip
    for name in ("NGINX_TLS_CERTIFICATE", "NGINX_TLS_KEY", "NGINX_ACME_WEBROOT"):
        moved[name] = str(machine.path(lines[name]))
    lines = {k: v for k, v in lines.items() if k not in ("MAIL_USERNAME", "MAIL_PASSWORD")}
    machine.settings = {**lines, **moved}
    write_settings(machine, machine.settings)


def write_settings(machine: Machine, settings: dict[str, str]) -> None:
    machine.path("/etc/motorlab/env").write_text("".join(f"{k}={v}\n" for k, v in settings.items()))


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
    assert (
        run(["git", "clone", "-q", str(machine.repository), str(machine.path(args[3]))]).returncode
        == 0
    )


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
        contact_request_is_delivered(machine)
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


def rows(outbox: Path) -> list[tuple]:
    with sqlite3.connect(f"file:{outbox}?mode=ro", uri=True) as db:
        return db.execute("SELECT id, email, description FROM outbox ORDER BY id").fetchall()


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


def post_contact_request(machine: Machine) -> None:
    """A contact request sent through nginx on https, as a browser sends it."""
    jar = str(machine.folder / "cookies.txt")
    page = machine.curl("-fsS", "-c", jar, f"https://{PUBLIC}/en/contact").stdout
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)[1]
    form = [arg for name, value in {**VALID, "csrf_token": token}.items()
            for arg in ("--data-urlencode", f"{name}={value}")]  # fmt: skip
    sent = machine.curl("-sS", "-b", jar, "-o", "/dev/null", "-w", "%{http_code}", *form,
                        f"https://{PUBLIC}/en/contact")  # fmt: skip
    assert sent.stdout == "303", sent.stderr


def contact_request_is_delivered(machine: Machine) -> None:
    """Step 6's last check: the request reaches the SMTP server by the sender's unit."""
    post_contact_request(machine)
    deadline = time.monotonic() + 30
    while not machine.smtp.messages and time.monotonic() < deadline:
        time.sleep(0.2)
    [message] = machine.smtp.messages
    assert VALID["description"] in message.get_body(("plain",)).get_content()
    assert message["To"] == machine.settings["CONTACT_RECIPIENTS"]


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
        "systemctl": systemctl,
    }  # fmt: skip
    commands = guide_commands()
    assert len(commands) > 20, "the guide's sections are missing"
    for command in commands:
        args = shlex.split(command)
        if "<<EOF" in command:
            heredoc(machine, command)
        elif " ".join(args) in EXACT:
            if EXACT[" ".join(args)]:
                EXACT[" ".join(args)](machine)
        elif args[:2] == ["motorlab", "deploy"]:
            deploy(machine, args)
        elif args[:2] == ["motorlab", "rollback"]:
            rollback(machine, args)
        elif args[:2] == ["motorlab", "restore"]:
            restore(machine, args)
        elif args[0] in handlers:
            handlers[args[0]](machine, args)
        else:
            pytest.fail(f"no test exercises the guide's command: {command}")
    print("\n".join(f"motorlab {what}: {seconds:.0f} s, status {status}"
                    for what, seconds, status, _ in machine.deploys))  # fmt: skip
    print(f"requests through nginx meanwhile: {dict(machine.loop.results)}, none failed")
