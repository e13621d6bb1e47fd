"""docs/operations.md, "One server, start to finish" and its "Upgrade and rollback": every
command of the guide, in its order, run for real where a test machine can run it, and
otherwise checked against what the other commands and the code say (the user, the domain,
the folders, the certificate's paths). A command this test does not know fails it: the guide
cannot grow a step that nothing exercises.

Run for real, with the guide's own environment file (nothing added to the trusted hosts):
each release is a copy of this checkout (its installed .venv and node_modules reused, its
widgets built again), `make export` (the export, the release's build), the units' rendering
and both services from their `ExecStart`, the nginx config from `deploy_config --output` and
nginx itself, step 9's checks with the public name resolved to loopback by curl (a throwaway
CA's certificate), a contact request delivered to a real SMTP server, and the upgrade (a
changed stylesheet) and rollback through the `current` link. Moved for a test machine: every
path under a temporary folder, the ports (free loopback ones), the mail server (aiosmtpd on
loopback, without TLS or login). What only a real server can do (certbot's challenge, apt,
systemd itself) is checked, not run."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import time
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest
from bs4 import BeautifulSoup

from tests.deploy.test_tls import throwaway_ca  # noqa: F401 (a fixture)
from tests.deploy.test_units import SYSTEMD_ANALYZE, service_section
from tests.support.contact_support import HEALTHY, VALID
from tests.support.servers import NGINX, ROOT, Process, free_port
from tests.support.smtp import SmtpServer

GUIDE = ROOT / "docs" / "operations.md"
TITLE = "## One server, start to finish"
PUBLIC = "www.motorlab.example"
# Settings of the test run or a developer's shell that the guide's environment file replaces.
UNSET = ("SITE_URL", "EXTRA_HOSTS", "OUTBOX_PATH", "OUTBOX_URL", "IMAGE_CACHE_DIR", "MAKEFLAGS",
         "MAKELEVEL", "PYTHONPATH", "ANALYTICS_ID")  # fmt: skip
# A release is a clone: none of the checkout's own products, state or caches.
NOT_CLONED = shutil.ignore_patterns(
    ".git", ".venv", "node_modules", "instance", "build", ".pytest_cache", ".ruff_cache",
    "__pycache__",
)  # fmt: skip
# The changes a later release brings: a stylesheet rule and a boot script statement (a new
# hashed site.css and boot.js, both inline in every page).
CHANGES = {
    "site/motorlab/styles/site.css": "\n.release-check{outline:1px solid}\n",
    "widgets/boot.js": "\ndocument.documentElement.dataset.release = 'next';\n",
}
# Step 6's curl asks the app on gunicorn's port directly.
APP_DEFAULT = "127.0.0.1:8000"


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


def named_assets(export: Path) -> list[str]:
    """Every script and font under /static/build/ that the export's pages name: the widgets'
    modules in their <meta> elements (the boot script loads them), the font in the inline
    stylesheet."""
    found: set[str] = set()
    for page in export.rglob("*.html"):
        soup = BeautifulSoup(page.read_text(), "html.parser")
        urls = [tag.get("href") or tag.get("src") for tag in soup.select("link[href], script[src]")]
        urls += [meta["content"] for meta in soup.select('meta[name^="widget-"]')]
        for style in soup.select("style[data-stylesheet]"):
            urls += re.findall(r'url\("?(/static/build/[^")]+)', style.string)
        found.update(urlsplit(url).path for url in urls if url.startswith("/static/build/"))
    return sorted(found)


INLINE = {"style-src": "style[data-stylesheet]", "script-src": "script[data-script]"}


def inline_blocks(export: Path) -> set[str]:
    """The builds of the stylesheet and the boot script that the export's pages inline."""
    return {
        block.get("data-stylesheet") or block["data-script"]
        for page in export.rglob("*.html")
        for block in BeautifulSoup(page.read_text(), "html.parser").select(
            ", ".join(INLINE.values())
        )
    }


class Server:
    """The guide's machine, moved under `folder` (readable by nginx's workers)."""

    def __init__(self, folder: Path, smtp: SmtpServer, ca) -> None:
        self.folder = folder
        self.smtp = smtp
        self.ca = ca
        self.cwd: Path | None = None
        self.releases: list[str] = []  # the guide's release folders, in the order cloned
        self.ports = SimpleNamespace(app=free_port(), http=free_port(), https=free_port())
        self.services: dict[str, Process] = {}
        self.nginx: Process | None = None
        self.exports: list[float] = []  # seconds each `make export` took
        self.switches: list[tuple[str, str]] = []  # (from, to) releases of each switch
        self.delivered = False
        self.state = SimpleNamespace(
            user=None, settings=None, units=[], created=set(), certbot=None, config=None,
            runtime=None, nginx_runtime=None,
        )  # fmt: skip

    def path(self, guide_path: str) -> Path:
        if not guide_path.startswith("/"):
            guide_path = f"{self.release()}/{guide_path}"
        return self.folder / guide_path.lstrip("/")

    def release(self) -> str:
        return "/" + str(self.cwd.relative_to(self.folder))

    def environment(self, **extra: str) -> dict[str, str]:
        """The guide's settings, the folders moved, what a CI machine needs instead (its
        SMTP server), and the release's own code first on the path (its packages are the
        checkout's: their .pth names the checkout's site/)."""
        base = {k: v for k, v in os.environ.items() if k not in UNSET}
        settings = dict(self.state.settings or {})
        for name in ("OUTBOX_PATH", "IMAGE_CACHE_DIR"):
            if name in settings:
                settings[name] = str(self.path(settings[name]))
        for name in ("MAIL_USERNAME", "MAIL_PASSWORD"):
            settings.pop(name, None)
        ci = {"MAIL_SERVER": "127.0.0.1", "MAIL_PORT": str(self.smtp.port), "MAIL_USE_TLS": "0"}
        code = {"PYTHONPATH": str(self.cwd / "site")} if self.cwd else {}
        return {**base, **settings, **ci, **code, **extra}

    def curl(self, *args: str) -> subprocess.CompletedProcess:
        """curl with the public name resolved to nginx on loopback, trusting the test CA."""
        return run([
            "curl", "--connect-to", f"{PUBLIC}:443:127.0.0.1:{self.ports.https}",
            "--connect-to", f"{PUBLIC}:80:127.0.0.1:{self.ports.http}",
            "--cacert", str(self.ca.ca), *args,
        ])  # fmt: skip

    def statuses(self, paths: list[str]) -> dict[str, str]:
        """Each path's status through nginx on https."""
        result = self.curl(
            "-sS", "-w", "%{http_code}\n",
            *(arg for path in paths for arg in ("-o", "/dev/null", f"https://{PUBLIC}{path}")),
        )  # fmt: skip
        return dict(zip(paths, result.stdout.split(), strict=True))

    def stop(self) -> None:
        for process in [*self.services.values(), self.nginx]:
            if process is not None:
                process.stop()


def option(args: list[str], name: str) -> str:
    return args[args.index(name) + 1]


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=300, **kwargs)


def wait_until(check, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


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
    """A clone of this checkout: its sources as committed or edited, no build, no state; the
    installed packages reused (their stamps kept, so make installs nothing); later releases
    change the stylesheet and the boot script."""
    assert args[1] == "clone" and args[3].startswith("/srv/motorlab/releases/")
    release = server.path(args[3])
    shutil.copytree(ROOT, release, ignore=NOT_CLONED, symlinks=True)
    for packages in (".venv", "node_modules"):
        (release / packages).symlink_to(ROOT / packages)
    (release / ".setup-stamps" / "widgets").unlink()  # the clone builds its widgets
    if server.releases:
        for path, addition in CHANGES.items():
            with (release / path).open("a") as source:
                source.write(addition)
    server.releases.append(args[3])


def cd(server: Server, args: list[str]) -> None:
    assert args[1] in server.releases
    server.cwd = server.path(args[1])


def make(server: Server, args: list[str]) -> None:
    if args[1:] == ["prod-setup"]:
        # The targets exist, and install no test or lint tool (requirements-dev.lock) on a
        # server: -B -n prints every command they would run from scratch, and runs none.
        result = run(
            ["make", "--no-print-directory", "-B", "-n", *args[1:]],
            cwd=server.cwd, env=server.environment(),
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        assert "requirements.lock" in result.stdout
        assert "requirements-dev" not in result.stdout
        return
    assert args[1] == "export"
    variables = [arg for arg in args[2:]]
    if variables:  # an upgrade's: the live release's export
        assert variables == ["PREVIOUS=/srv/motorlab/current/build/site"]
        variables = [f"PREVIOUS={server.path(variables[0].partition('=')[2])}"]
    started = time.monotonic()
    result = run(
        ["make", "--no-print-directory", "export", *variables],
        cwd=server.cwd, env=server.environment(),
    )  # fmt: skip
    server.exports.append(time.monotonic() - started)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    # Every canonical names the public origin (the export asked for its host alone).
    export = server.cwd / "build" / "site"
    pages = [page for page in export.rglob("index.html")]
    assert len(pages) >= 20
    canonicals = [
        BeautifulSoup(page.read_text(), "html.parser").find("link", rel="canonical")["href"]
        for page in pages
    ]
    assert [url for url in canonicals if not url.startswith(f"https://{PUBLIC}/")] == []


def install(server: Server, args: list[str]) -> None:
    rest = args[1:]
    folders, owner = [], {}
    while rest:
        arg = rest.pop(0)
        if arg in ("-o", "-g", "-m"):
            owner[arg] = rest.pop(0)
        else:
            assert arg == "-d" or not arg.startswith("-"), arg
            if arg != "-d":
                folders.append(arg)
    if "-o" in owner:
        assert owner["-o"] == owner["-g"] == server.state.user
    for folder in folders:
        server.path(folder).mkdir(parents=True, exist_ok=True)
        guide_path = folder if folder.startswith("/") else f"{server.release()}/{folder}"
        server.state.created.add(guide_path)


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
    settings = server.state.settings = {name: values[name] for name in names}
    assert re.fullmatch(r"[0-9a-f]{64}", settings["SECRET_KEY"])
    assert settings["SITE_URL"] == f"https://{PUBLIC}"
    assert "EXTRA_HOSTS" not in settings
    # What outlives a release lives outside the release folders, in folders made before.
    state = [str(Path(settings["OUTBOX_PATH"]).parent), settings["IMAGE_CACHE_DIR"]]
    assert all(folder.startswith("/var/lib/motorlab/") for folder in state)
    assert set(state) <= server.state.created


def chgrp(server: Server, args: list[str]) -> None:
    assert args == ["chgrp", server.state.user, "/etc/motorlab/env"]


def chown(server: Server, args: list[str]) -> None:
    """After an export, as root: the outbox's and the image cache's folders."""
    user, settings = server.state.user, server.state.settings
    state = [str(Path(settings["OUTBOX_PATH"]).parent), settings["IMAGE_CACHE_DIR"]]
    assert args == ["chown", "-R", f"{user}:{user}", *state]


def chmod(server: Server, args: list[str]) -> None:
    assert args == ["chmod", "640", "/etc/motorlab/env"]  # the user reads it, no one else


def source(server: Server, command: str) -> None:
    assert command == "set -a; . /etc/motorlab/env; set +a"


def ln(server: Server, args: list[str]) -> None:
    assert args[1] == "-sfn" and args[2] in server.releases
    assert args[3] in ("/srv/motorlab/current", "/srv/motorlab/current.next")
    server.path(args[3]).parent.mkdir(parents=True, exist_ok=True)
    assert run(["ln", "-sfn", str(server.path(args[2])), str(server.path(args[3]))]).returncode == 0


def policy_sources(server: Server, directive: str) -> list[str]:
    """The sources of a directive (style-src, script-src) of nginx's policy for a page."""
    answer = server.curl("-sS", "-D", "-", "-o", "/dev/null", f"https://{PUBLIC}/en/services")
    policy = next(
        line.split(":", 1)[1]
        for line in answer.stdout.splitlines()
        if line.lower().startswith("content-security-policy:")
    )
    return next(part.split() for part in policy.split(";") if part.split()[0] == directive)


def assert_blocks_allowed(server: Server, export: Path) -> None:
    """nginx's policy for a page allows the inline stylesheet and boot script the page holds
    (else the page shows unstyled, or never loads its typeface and widgets). A reload's new
    workers take over within moments: up to 5 s."""
    page = BeautifulSoup((export / "en" / "services" / "index.html").read_text(), "html.parser")
    for directive, selector in INLINE.items():
        block = page.select_one(selector).string
        source = f"'sha256-{base64.b64encode(hashlib.sha256(block.encode()).digest()).decode()}'"
        deadline = time.monotonic() + 5
        while (
            source not in (sources := policy_sources(server, directive))
            and time.monotonic() < deadline
        ):
            time.sleep(0.1)
        assert source in sources, directive


def mv(server: Server, args: list[str]) -> None:
    """The switch: a rename over the live link. Then every script and font that the pages
    of the release left behind name still answers, and so do the new release's; nginx's
    policy, loaded just before, allows the inline blocks of the pages of both."""
    assert args == ["mv", "-T", "/srv/motorlab/current.next", "/srv/motorlab/current"]
    current = server.path("/srv/motorlab/current")
    before = os.readlink(current)
    assert_blocks_allowed(server, current / "build" / "site")  # the release being left
    previous_assets = named_assets(current / "build" / "site")
    previous_blocks = inline_blocks(current / "build" / "site")
    assert run(["mv", "-T", str(server.path(args[2])), str(current)]).returncode == 0
    after = os.readlink(current)
    assert after != before
    served = current / "build" / "site"
    assets = named_assets(served)
    statuses = server.statuses(sorted({*previous_assets, *assets}))
    assert [path for path, status in statuses.items() if status != "200"] == []
    # nginx serves the release switched to, byte for byte.
    page = server.curl("-sS", f"https://{PUBLIC}/en/services")
    assert page.stdout == (served / "en" / "services" / "index.html").read_text()
    server.switches.append((before, after))
    blocks = inline_blocks(served)
    assert len(blocks) == 2 and not blocks & previous_blocks, "a new stylesheet and boot script"
    assert_blocks_allowed(server, served)  # the release switched to, by the same nginx


def python(server: Server, args: list[str]) -> None:
    assert args[0] == ".venv/bin/python" and args[1] == "-m"
    # The module and its flags, each folder moved; the environment file stays as named: the
    # units only name it. For a test machine: free loopback ports.
    moved = list(args[2:])
    for flag in ("--output", "--root", "--runtime", "--nginx-runtime", "--tls-certificate",
                 "--tls-key", "--acme-webroot"):  # fmt: skip
        if flag in moved:
            moved[moved.index(flag) + 1] = str(server.path(option(moved, flag)))
    state = server.state
    python_bin = str(server.cwd / ".venv" / "bin" / "python")
    if args[2] == "motorlab.deploy_units":
        assert option(args, "--user") == state.user
        assert option(args, "--environment-file") == "/etc/motorlab/env"
        state.nginx_runtime = option(args, "--nginx-runtime")
        result = run([python_bin, "-m", *moved], cwd=server.cwd, env=server.environment())
        assert result.returncode == 0, result.stderr
        output = server.path(option(args, "--output"))
        state.units = [str(Path(line).relative_to(output)) for line in result.stdout.split()]
        unit = service_section(output / "motorlab-web.service")
        assert unit["WorkingDirectory"] == [str(server.cwd)]  # the release's own folder
        return
    assert args[2] == "motorlab.deploy_config"
    assert option(args, "--output") == "/etc/nginx/nginx.conf"
    domain = state.certbot["domain"]
    assert option(args, "--tls-certificate") == f"/etc/letsencrypt/live/{domain}/fullchain.pem"
    assert option(args, "--tls-key") == f"/etc/letsencrypt/live/{domain}/privkey.pem"
    assert option(args, "--acme-webroot") == state.certbot["webroot"]
    assert option(args, "--root") == "/srv/motorlab/current/build/site"
    assert option(args, "--app") == APP_DEFAULT and (option(args, "--listen"), option(
        args, "--https-listen")) == ("80", "443")  # fmt: skip
    for flag, port in (("--listen", server.ports.http), ("--https-listen", server.ports.https),
                       ("--app", server.ports.app)):  # fmt: skip
        moved[moved.index(flag) + 1] = f"127.0.0.1:{port}"
    state.runtime = option(args, "--runtime")
    assert state.runtime == state.nginx_runtime and state.runtime in state.created
    certificate = server.path(option(args, "--tls-certificate"))
    certificate.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(server.ca.certificate, certificate)
    shutil.copyfile(server.ca.key, server.path(option(args, "--tls-key")))
    server.path(state.certbot["webroot"]).mkdir(parents=True, exist_ok=True)
    result = run([python_bin, "-m", *moved], cwd=server.cwd, env=server.environment())
    assert (result.returncode, result.stdout) == (0, ""), result.stderr
    state.config = server.path(option(args, "--output"))
    assert f"root {server.path('/srv/motorlab/current/build/site')};" in state.config.read_text()


def systemd_analyze(server: Server, args: list[str]) -> None:
    assert args[1] == "verify"
    files = [str(server.path(name)) for name in args[2:]]
    written = [unit for unit in server.state.units if unit.startswith("motorlab-")]
    assert sorted(Path(name).name for name in files) == written
    result = run([SYSTEMD_ANALYZE, "verify", "--man=no", *files])
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def start_service(server: Server, name: str) -> None:
    """A unit as systemd starts it: its ExecStart in its WorkingDirectory with its
    environment file's settings; gunicorn bound to the test's port."""
    unit = service_section(server.path(f"/etc/systemd/system/{name}.service"))
    assert unit["EnvironmentFile"] == ["/etc/motorlab/env"]
    command = shlex.split(unit["ExecStart"][0])
    if "--bind" in command:
        assert command[command.index("--bind") + 1] == APP_DEFAULT
        command[command.index("--bind") + 1] = f"127.0.0.1:{server.ports.app}"
    folder = Path(unit["WorkingDirectory"][0])
    env = {**server.environment(WEB_CONCURRENCY="2"), "PYTHONPATH": str(folder / "site")}
    log = server.folder / f"{name}-{len(server.switches)}.log"
    server.services[name] = Process(command, env=env, log=log, cwd=folder)


def stop_service(server: Server, name: str) -> None:
    server.services.pop(name).stop()


def app_answers(server: Server) -> bool:
    url = f"http://127.0.0.1:{server.ports.app}/healthz"
    return run(["curl", "-fsS", "-H", f"Host: {PUBLIC}", url]).returncode == 0


def start_nginx(server: Server) -> None:
    runtime = server.path(server.state.runtime)
    server.nginx = Process(
        [NGINX, "-c", str(server.state.config), "-p", str(runtime), "-e",
         str(runtime / "error.log"), "-g", "daemon off;"],
        log=runtime / "stdout.log",
    )  # fmt: skip
    wait_until(lambda: server.curl("-fsS", f"https://{PUBLIC}/robots.txt").returncode == 0,
               "nginx answers on https")  # fmt: skip


def systemctl(server: Server, args: list[str]) -> None:
    units = [name for name in args[2:] if not name.startswith("-")]
    services = sorted(
        u.removesuffix(".service") for u in server.state.units if u.endswith(".service")
    )
    if args[1] == "daemon-reload":
        return
    if args[1] == "enable":
        assert args[2] == "--now" and sorted(units) == services
        for name in units:
            start_service(server, name)
        wait_until(lambda: app_answers(server), "gunicorn answers")
    elif args[1] == "restart" and units != ["nginx"]:
        assert sorted(units) == services
        for name in units:
            stop_service(server, name)
            start_service(server, name)
        wait_until(lambda: app_answers(server), "gunicorn answers again")
    elif args[1] == "status":
        assert sorted(units) == services
        assert [name for name in units if server.services[name].poll() is not None] == []
        contact_request_is_delivered(server)
    elif args[1] == "restart":  # nginx: with the drop-in that names the config's pid file
        drop_in = service_section(server.path("/etc/systemd/system/nginx.service.d/motorlab.conf"))
        assert drop_in["PIDFile"] == [f"{server.path(server.state.runtime)}/nginx.pid"]
        assert server.nginx is None, "restarted once, at the first install; reloaded after"
        start_nginx(server)
    else:  # a reload: nginx's own, as systemd's ExecReload sends it
        assert args[1:] == ["reload", "nginx"] and server.nginx is not None
        runtime = server.path(server.state.runtime)
        result = run([NGINX, "-c", str(server.state.config), "-p", str(runtime), "-s", "reload"])
        assert result.returncode == 0, result.stderr


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


def curl(server: Server, args: list[str]) -> None:
    url = args[-1]
    if urlsplit(url).netloc == APP_DEFAULT:  # step 6: the app itself, as its unit runs it
        assert args[1:-1] == ["-fsS", "-H", f"Host: {PUBLIC}"]
        moved = [*args[:-1], url.replace(APP_DEFAULT, f"127.0.0.1:{server.ports.app}")]
        answer = run(moved)
        assert answer.returncode == 0, answer.stderr
        assert json.loads(answer.stdout)["status"] == "ok"
        # Without the Host header the app refuses: 127.0.0.1 is not SITE_URL's host.
        assert run(["curl", "-fsS", moved[-1]]).returncode != 0
        return
    # Step 9, through nginx under the public name.
    assert urlsplit(url).hostname == PUBLIC
    answer = server.curl(*args[1:-1], "-w", "\n%{http_version} %{http_code}", url)
    assert answer.returncode == 0, answer.stderr
    body, _, version_status = answer.stdout.rpartition("\n")
    if url == f"https://{PUBLIC}/healthz":
        assert args[1:-1] == ["-fsS", "--http2"] and version_status == "2 200"
        assert json.loads(body) == HEALTHY
    else:
        assert (args[1:-1], url) == (["-sSI"], f"http://{PUBLIC}/services")
        assert version_status == "1.1 301"
        assert f"\nLocation: https://{PUBLIC}/services\n" in body


def contact_request_is_delivered(server: Server) -> None:
    """Step 9's last check, once: a contact request sent through nginx on https, as a
    browser sends it, reaches the SMTP server by the sender the unit started."""
    if server.delivered:
        return
    jar = str(server.folder / "cookies.txt")
    page = server.curl("-fsS", "-c", jar, f"https://{PUBLIC}/en/contact").stdout
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)[1]
    fields = {**VALID, "csrf_token": token}
    form = [
        arg for name, value in fields.items() for arg in ("--data-urlencode", f"{name}={value}")
    ]
    sent = server.curl(
        "-sS", "-b", jar, "-o", "/dev/null", "-w", "%{http_code}", *form,
        "-H", f"Referer: https://{PUBLIC}/en/contact",
        f"https://{PUBLIC}/en/contact",
    )  # fmt: skip
    assert sent.stdout == "303", sent.stderr
    wait_until(lambda: server.smtp.messages, "the sender delivers the request")
    [message] = server.smtp.messages
    assert VALID["description"] in message.get_body(("plain",)).get_content()
    assert message["To"] == server.state.settings["CONTACT_RECIPIENTS"]
    server.delivered = True


@pytest.fixture
def server(session_dir, throwaway_ca, launch):  # noqa: F811 (the imported fixture)
    smtp = SmtpServer().start()
    folder = session_dir / "one-server"
    folder.mkdir()
    machine = Server(folder, smtp, throwaway_ca)
    yield machine
    machine.stop()
    smtp.stop()


def test_every_command_of_the_guide_runs_or_is_checked_in_order(server):
    handlers = {
        "apt-get": apt_get, "useradd": useradd, "git": git, "cd": cd, "make": make,
        "install": install, "chgrp": chgrp, "chown": chown, "chmod": chmod, "ln": ln, "mv": mv,
        ".venv/bin/python": python, "systemd-analyze": systemd_analyze, "systemctl": systemctl,
        "nginx": nginx, "certbot": certbot, "curl": curl,
    }  # fmt: skip
    commands = guide_commands()
    assert len(commands) > 20, "the guide's section is missing"
    for command in commands:
        if "<<EOF" in command:
            heredoc(server, command)
        elif command.startswith("set -a"):
            source(server, command)
        elif (args := shlex.split(command))[0] in handlers:
            handlers[args[0]](server, args)
        else:
            pytest.fail(f"no test exercises the guide's command: {command}")
    # Every folder the services and nginx need was created by the guide.
    first = server.releases[0]
    assert {f"{first}/instance", "/etc/motorlab", server.state.runtime} <= server.state.created
    # Step 9 ran, then an upgrade and a rollback to the first release.
    assert server.delivered
    [(one, two), (back_from, back_to)] = server.switches
    assert (one, back_from) == (back_to, two)
    assert Path(back_to) == server.path(first)
    print(f"make export: {', '.join(f'{seconds:.1f} s' for seconds in server.exports)}")
