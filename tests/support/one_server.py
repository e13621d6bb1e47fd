"""The machine of docs/operations.md's one-server guide, moved for a test machine (paths under
a temporary folder, free loopback ports, the test's own user), and visitors through its nginx:
what tests/deploy/test_one_server.py runs the guide's commands on."""

from __future__ import annotations

import base64
import hashlib
import http.client
import os
import pwd
import re
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

from bs4 import BeautifulSoup

from tests.support import ROOT
from tests.support.contact_support import VALID
from tests.support.processes import free_port
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


def write_settings(machine: Machine, settings: dict[str, str]) -> None:
    machine.path("/etc/motorlab/env").write_text("".join(f"{k}={v}\n" for k, v in settings.items()))


def rows(outbox: Path) -> list[tuple]:
    with sqlite3.connect(f"file:{outbox}?mode=ro", uri=True) as db:
        return db.execute("SELECT id, email, description FROM outbox ORDER BY id").fetchall()


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
