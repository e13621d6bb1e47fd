"""docs/operations.md, "One server, start to finish": every command of the guide, in its order,
run here where a container can run it (its paths moved into a temporary folder, the clone
being this checkout) and otherwise checked against what the other commands and the code say
(the user, the domain, the folders, the certificate's paths). A command this test does not
know fails it: the guide cannot grow a step that nothing exercises. What only a real server
can show (certbot's challenge, nginx on 443) is tests/deploy/test_tls.py's, on loopback."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest

from motorlab.deploy_config import APP_ADDRESS
from tests.deploy.test_units import SYSTEMD_ANALYZE, service_section
from tests.support.servers import NGINX, ROOT, free_port

GUIDE = ROOT / "docs" / "operations.md"
TITLE = "## One server, start to finish"
# Settings of the test run or a developer's shell that the guide's environment file replaces.
UNSET = ("SITE_URL", "EXTRA_HOSTS", "OUTBOX_PATH", "OUTBOX_URL", "IMAGE_CACHE_DIR", "MAKEFLAGS",
         "MAKELEVEL")  # fmt: skip


def guide_commands() -> list[str]:
    """The section's shell commands in order: one per line, a here-document with its lines."""
    section = GUIDE.read_text().partition(TITLE)[2].partition("\n## ")[0]
    commands: list[str] = []
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


class Server:
    """The guide's paths, moved: the clone is this checkout, the rest under `folder`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.clone = ""  # the guide's clone folder, once `git clone` names it
        self.state = SimpleNamespace(
            user=None, settings=None, units=[], created=set(), certbot=None, config=None,
            runtime=None, nginx_runtime=None, app=None,
        )  # fmt: skip

    def path(self, guide_path: str) -> Path:
        if self.clone and (guide_path + "/").startswith(self.clone + "/"):
            return ROOT / guide_path[len(self.clone) :].lstrip("/")
        return self.folder / guide_path.lstrip("/")

    def environment(self, **extra: str) -> dict[str, str]:
        base = {k: v for k, v in os.environ.items() if k not in UNSET}
        return {**base, **(self.state.settings or {}), **extra}


def option(args: list[str], name: str) -> str:
    return args[args.index(name) + 1]


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=120, **kwargs)


# One handler per kind of command: it runs the command (paths moved) or checks it.


def apt_get(server: Server, args: list[str]) -> None:
    if args[1] == "update":
        return
    packages = [arg for arg in args[2:] if not arg.startswith("-")]
    # What the deployment tests install (make nginx), and certbot, known to apt.
    assert {"nginx", "libnginx-mod-http-brotli-static", "libnginx-mod-http-js"} <= set(packages)
    assert {"python3-venv", "nodejs", "certbot", "make", "git", "curl"} <= set(packages)
    unknown = [name for name in packages if run(["apt-cache", "show", name]).returncode]
    assert unknown == []


def useradd(server: Server, args: list[str]) -> None:
    assert "--system" in args and option(args, "--shell") == "/usr/sbin/nologin"
    server.state.user = args[-1]


def git(server: Server, args: list[str]) -> None:
    assert args[1] == "clone"
    server.clone = args[3]


def cd(server: Server, args: list[str]) -> None:
    assert args[1] == server.clone


def make(server: Server, args: list[str]) -> None:
    # The targets exist, and install no test or lint tool (requirements-dev.lock) on a server:
    # -B -n prints every command they would run from scratch, and runs none.
    result = run(
        ["make", "--no-print-directory", "-B", "-n", *args[1:]],
        cwd=ROOT, env=server.environment(),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "requirements.lock" in result.stdout
    assert "requirements-dev" not in result.stdout


def install(server: Server, args: list[str]) -> None:
    folder = args[-1] if args[-1].startswith("/") else f"{server.clone}/{args[-1]}"
    if "-o" in args:
        assert option(args, "-o") == option(args, "-g") == server.state.user
    server.path(folder).mkdir(parents=True, exist_ok=True)
    server.state.created.add(folder)


def heredoc(server: Server, command: str) -> None:
    """The environment file: written by bash as the guide writes it, then loaded as step 5
    loads it; the units read the same KEY=value lines."""
    target = re.match(r"cat > (\S+) <<EOF", command)[1]
    assert target == "/etc/motorlab/env"
    moved = command.replace(target, str(server.path(target)), 1)
    assert run(["bash", "-c", moved]).returncode == 0
    loaded = run(["env", "-i", "bash", "-c", f"set -a; . {server.path(target)}; set +a; env -0"])
    names = re.findall(r"^(\w+)=", server.path(target).read_text(), re.MULTILINE)
    values = dict(item.split("=", 1) for item in loaded.stdout.split("\0") if "=" in item)
    server.state.settings = {name: values[name] for name in names}
    assert re.fullmatch(r"[0-9a-f]{64}", server.state.settings["SECRET_KEY"])
    assert server.state.settings["SITE_URL"].startswith("https://")


def chgrp(server: Server, args: list[str]) -> None:
    assert args == ["chgrp", server.state.user, "/etc/motorlab/env"]


def chown(server: Server, args: list[str]) -> None:
    user = server.state.user
    assert args == ["chown", "-R", f"{user}:{user}", "instance"]  # after the export, as root


def chmod(server: Server, args: list[str]) -> None:
    assert args == ["chmod", "640", "/etc/motorlab/env"]  # the user reads it, no one else


def source(server: Server, command: str) -> None:
    assert command == "set -a; . /etc/motorlab/env; set +a"


def python(server: Server, args: list[str]) -> None:
    assert args[0] == ".venv/bin/python" and args[1] == "-m"
    # The module and its flags (up to a redirection), each folder moved; the environment
    # file stays as named: the units only name it.
    moved = list(args[2 : args.index(">") if ">" in args else None])
    for flag in ("--output", "--root", "--runtime", "--nginx-runtime", "--tls-certificate",
                 "--tls-key", "--acme-webroot"):  # fmt: skip
        if flag in moved:
            moved[moved.index(flag) + 1] = str(server.path(option(moved, flag)))
    state = server.state
    if args[2] == "motorlab.deploy_units":
        assert option(args, "--user") == state.user
        assert option(args, "--environment-file") == "/etc/motorlab/env"
        state.nginx_runtime = option(args, "--nginx-runtime")
        result = run([sys.executable, "-m", *moved], cwd=ROOT, env=server.environment())
        assert result.returncode == 0, result.stderr
        output = server.path(option(args, "--output"))
        state.units = [str(Path(line).relative_to(output)) for line in result.stdout.split()]
        state.app = APP_ADDRESS  # the units' default, as the guide leaves it
        return
    assert args[2] == "motorlab.deploy_config"
    target = args[args.index(">") + 1]
    assert target == "/etc/nginx/nginx.conf"
    domain = state.certbot["domain"]
    assert option(args, "--tls-certificate") == f"/etc/letsencrypt/live/{domain}/fullchain.pem"
    assert option(args, "--tls-key") == f"/etc/letsencrypt/live/{domain}/privkey.pem"
    assert option(args, "--acme-webroot") == state.certbot["webroot"]
    assert option(args, "--root") == f"{server.clone}/build/site"
    assert option(args, "--app") == state.app
    state.runtime = option(args, "--runtime")
    assert state.runtime == state.nginx_runtime and state.runtime in state.created
    certificate = server.path(option(args, "--tls-certificate"))
    certificate.parent.mkdir(parents=True, exist_ok=True)
    assert run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
         f"/CN={domain}", "-keyout", str(certificate.parent / "privkey.pem"),
         "-out", str(certificate)],
    ).returncode == 0  # fmt: skip
    result = run([sys.executable, "-m", *moved], cwd=ROOT, env=server.environment())
    assert result.returncode == 0, result.stderr
    state.config = server.path(target)
    state.config.parent.mkdir(parents=True, exist_ok=True)
    state.config.write_text(result.stdout)


def systemd_analyze(server: Server, args: list[str]) -> None:
    assert args[1] == "verify"
    files = [str(server.path(name)) for name in args[2:]]
    written = [unit for unit in server.state.units if unit.startswith("motorlab-")]
    assert sorted(Path(name).name for name in files) == written
    result = run([SYSTEMD_ANALYZE, "verify", "--man=no", *files])
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def systemctl(server: Server, args: list[str]) -> None:
    units = [f"{name}.service" for name in args[2:] if not name.startswith("-")]
    if args[1] == "daemon-reload":
        return
    if args[1] in ("enable", "status"):
        assert sorted(units) == sorted(u for u in server.state.units if u.endswith(".service"))
    else:  # restart nginx: with the drop-in that names the rendered config's pid file
        assert args[1:] == ["restart", "nginx"]
        drop_in = service_section(server.path("/etc/systemd/system/nginx.service.d/motorlab.conf"))
        assert drop_in["PIDFile"] == [f"{server.path(server.state.runtime)}/nginx.pid"]


def nginx(server: Server, args: list[str]) -> None:
    assert args == ["nginx", "-t"]
    runtime = server.path(server.state.runtime)
    result = run([NGINX, "-t", "-c", str(server.state.config), "-p", str(runtime),
                  "-e", str(runtime / "error.log")])  # fmt: skip
    assert result.returncode == 0, result.stderr


def certbot(server: Server, args: list[str]) -> None:
    assert args[1:3] == ["certonly", "--webroot"]
    domain = option(args, "-d")
    assert domain == urlsplit(server.state.settings["SITE_URL"]).hostname
    assert option(args, "--deploy-hook") == "systemctl reload nginx"
    server.state.certbot = {"domain": domain, "webroot": option(args, "-w")}


def curl(server: Server, args: list[str], launch) -> None:
    url = args[-1]
    site = urlsplit(server.state.settings["SITE_URL"])
    if urlsplit(url).hostname != "127.0.0.1":  # through nginx: tests/deploy/test_tls.py
        assert urlsplit(url).hostname == site.hostname
        return
    # The app as its unit runs it (its ExecStart, on a free port), asked as the guide asks.
    assert urlsplit(url).netloc == server.state.app
    unit = service_section(server.path("/etc/systemd/system/motorlab-web.service"))
    command = shlex.split(unit["ExecStart"][0])
    port = free_port()
    command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
    env = server.environment(WEB_CONCURRENCY="1", OUTBOX_PATH=str(server.folder / "outbox.sqlite3"))
    app = launch.process(command, env=env, log=server.folder / "gunicorn.log")
    try:
        moved = [arg.replace(server.state.app, f"127.0.0.1:{port}") for arg in args]
        deadline = time.monotonic() + 30
        while (answer := run(moved)).returncode and time.monotonic() < deadline:
            time.sleep(0.2)
        assert answer.returncode == 0, (answer.stderr, server.folder / "gunicorn.log")
        assert json.loads(answer.stdout)["status"] == "ok"
        # Without the Host header the app refuses: 127.0.0.1 is not SITE_URL's host.
        plain = [arg for arg in moved if arg not in ("-H", f"Host: {site.hostname}")]
        assert run(plain).returncode != 0
    finally:
        app.stop()


def test_every_command_of_the_guide_runs_or_is_checked_in_order(tmp_path, launch):
    server = Server(tmp_path)
    handlers = {
        "apt-get": apt_get, "useradd": useradd, "git": git, "cd": cd, "make": make,
        "install": install, "chgrp": chgrp, "chown": chown, "chmod": chmod,
        ".venv/bin/python": python, "systemd-analyze": systemd_analyze, "systemctl": systemctl,
        "nginx": nginx, "certbot": certbot,
    }  # fmt: skip
    commands = guide_commands()
    assert len(commands) > 20, "the guide's section is missing"
    for command in commands:
        if "<<EOF" in command:
            heredoc(server, command)
            continue
        if command.startswith("set -a"):
            source(server, command)
            continue
        args = shlex.split(command)
        if args[0] == "curl":
            curl(server, args, launch)
        elif args[0] in handlers:
            handlers[args[0]](server, args)
        else:
            pytest.fail(f"no test exercises the guide's command: {command}")
    # Every folder the services and nginx need was created by the guide.
    assert {f"{server.clone}/instance", "/etc/motorlab", server.state.runtime} <= (
        server.state.created
    )
