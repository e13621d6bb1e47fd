"""The deploy command's switch: a built release started on gunicorn's idle slot, checked, then
served by one nginx reload. Standard library only: the system's python3 runs it (release.py)."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

# gunicorn's two loopback addresses: the live release on one, the next one on the other.
SLOTS = {"blue": "127.0.0.1:8001", "green": "127.0.0.1:8002"}
# nginx's old workers finish their requests within the upstream timeout (gunicorn's 30 s less
# 5): the old slot stops after them.
DRAIN_TIMEOUT = 40
# The environment file's NGINX_ settings, each given to deploy_config as its flag (--tls-key).
NGINX_SETTINGS = ("LISTEN", "HTTPS_LISTEN", "TLS_CERTIFICATE", "TLS_KEY", "ACME_WEBROOT")


class DeployError(Exception):
    """A step failed: the live release still serves. Its one line says which, and why."""


@dataclass
class Layout:
    """The machine's folders and files (docs/operations.md), and the environment file's
    settings once read (`settings`; `env`, the process environment made of them)."""

    base: Path = Path("/srv/motorlab")
    environment_file: Path = Path("/etc/motorlab/env")
    user: str = "motorlab"
    systemd: Path = Path("/etc/systemd/system")
    nginx_conf: Path = Path("/etc/nginx/nginx.conf")
    nginx_runtime: Path = Path("/var/lib/motorlab/nginx")
    nginx_pid: Path = Path("/run/nginx.pid")
    nginx_logs: Path = Path("/var/log/nginx")
    backups: Path = Path("/var/backups/motorlab")
    cache: Path = Path("/var/cache/motorlab")  # the build's HOME: pip's and npm's caches
    health_timeout: float = 60.0  # seconds a new release has to answer /healthz
    slots: dict[str, str] = field(default_factory=lambda: dict(SLOTS))
    settings: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)

    @property
    def releases(self) -> Path:
        return self.base / "releases"

    @property
    def current(self) -> Path:
        return self.base / "current"


def run(args: list[str], what: str, *, user: str | None = None, **kwargs) -> str:
    """Run `args` (as `user` when given and this is root); DeployError naming `what` and the
    command's last line when it fails."""
    if user and os.geteuid() == 0 and user != pwd.getpwuid(0).pw_name:
        account = user_account(user)
        args = ["setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}",
                "--init-groups", "--", *args]  # fmt: skip
    try:
        result = subprocess.run(args, capture_output=True, text=True, timeout=1800, **kwargs)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise DeployError(f"{what}: {error}") from None
    if result.returncode:
        said = []  # what the command said last: on stderr if anything, else on stdout
        for stream in (result.stdout, result.stderr):
            lines = [line.strip() for line in stream.splitlines()]
            said = [line for line in lines if line and not line.startswith("make: ***")] or said
        last = said[-1] if said else f"exit status {result.returncode}"
        raise DeployError(last if last.startswith(f"{what}: ") else f"{what}: {last}")
    return result.stdout


def systemctl(*args: str) -> str:
    return run(["systemctl", *args], f"systemctl {' '.join(args)}")


def user_account(name: str) -> pwd.struct_passwd:
    try:
        return pwd.getpwnam(name)
    except KeyError:
        raise DeployError(f"no user {name}: create it (docs/operations.md, step 2)") from None


def web_unit(slot: str) -> str:
    return f"motorlab-web-{slot}.service"


def live_release(layout: Layout) -> Path | None:
    try:
        return Path(os.path.realpath(layout.current)) if layout.current.exists() else None
    except OSError:
        return None


def slot_of(layout: Layout, release: Path | None) -> str | None:
    """The slot whose web unit runs `release`."""
    for slot in layout.slots:
        unit = layout.systemd / web_unit(slot)
        if release and unit.exists() and f"WorkingDirectory={release}\n" in unit.read_text():
            return slot
    return None


def nginx_workers(layout: Layout) -> tuple[int | None, set[int]]:
    """nginx's master (from its pid file) and its worker processes now."""
    try:
        master = int(layout.nginx_pid.read_text().strip())
        os.kill(master, 0)
    except (OSError, ValueError):
        return None, set()
    workers = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rpartition(")")[2].split()[1]) == master:
                workers.add(int(stat.parent.name))
        except OSError:  # a process gone meanwhile
            continue
    return master, workers


def render(layout: Layout, release: Path, slot: str) -> Path:
    """The release's units in place and its nginx config checked, aside: the draft's path."""
    python = str(release / ".venv" / "bin" / "python")
    # A release older than `python -m motorlab` (a rollback to it) runs each as a module.
    grouped = (release / "site" / "motorlab" / "__main__.py").exists()
    units, nginx = (["motorlab", "units"], ["motorlab", "nginx-config"]) if grouped else (
        ["motorlab.deploy.units"], ["motorlab.deploy.nginx_config"])  # fmt: skip
    common = {"cwd": release, "env": layout.env}
    environment = ["--environment-file", str(layout.environment_file)]
    run([python, "-m", *units, *environment, "--user", layout.user, "--web", slot, "--app",
         layout.slots[slot], "--current", str(layout.current), "--backups", str(layout.backups),
         "--output", str(layout.systemd)], "deploy_units", **common)  # fmt: skip
    draft = layout.nginx_conf.with_name(".motorlab-next.conf")
    flags = []
    for name in NGINX_SETTINGS:
        if value := layout.settings.get(f"NGINX_{name}"):
            flags += [f"--{name.lower().replace('_', '-')}", value]
    run([python, "-m", *nginx, *environment, "--root", str(release / "build" / "site"), "--app",
         layout.slots[slot], "--runtime", str(layout.nginx_runtime), "--pid",
         str(layout.nginx_pid), "--logs", str(layout.nginx_logs), *flags, "--output",
         str(draft)], "deploy_config", **common)  # fmt: skip
    return draft


def wait_healthy(layout: Layout, slot: str) -> None:
    """The slot's gunicorn answers /healthz for the site's host, or DeployError."""
    host = urlsplit(layout.settings.get("SITE_URL", "")).netloc
    request = urllib.request.Request(f"http://{layout.slots[slot]}/healthz", headers={"Host": host})
    deadline = time.monotonic() + layout.health_timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                if answer.status == 200:
                    return
        except OSError:  # urllib's HTTPError too
            pass
        if subprocess.run(["systemctl", "is-active", "--quiet", web_unit(slot)]).returncode:
            break
        time.sleep(0.2)
    raise DeployError(
        f"the new release did not answer /healthz on {layout.slots[slot]}"
        f" (journalctl -u {web_unit(slot)})"
    )


def reload_nginx(layout: Layout, draft: Path) -> None:
    """The checked config in place and nginx reloaded (started if it is not running), once its
    new workers serve and its old ones have finished; on failure the config before it again."""
    before = layout.nginx_conf.with_name(".motorlab-before.conf")  # put back by a rename
    if layout.nginx_conf.exists():
        shutil.copy2(layout.nginx_conf, before)
    master, old = nginx_workers(layout)
    os.replace(draft, layout.nginx_conf)
    try:
        systemctl("reload" if master else "start", "nginx")
        deadline = time.monotonic() + DRAIN_TIMEOUT
        while True:
            master, now = nginx_workers(layout)
            if master and now - old and not now & old:
                before.unlink(missing_ok=True)
                return
            if time.monotonic() > deadline:
                raise DeployError("nginx did not take the new config (see its error.log)")
            time.sleep(0.1)
    except DeployError:
        if before.exists():
            os.replace(before, layout.nginx_conf)
            subprocess.run(["systemctl", "reload", "nginx"], capture_output=True)
        raise


def switch_to(layout: Layout, release: Path, live: Path | None) -> str:
    """Start `release` on the idle slot, check it, and switch nginx and `current` to it."""
    live_slot = slot_of(layout, live)
    slot = "green" if live_slot == "blue" else "blue"
    draft = render(layout, release, slot)
    try:
        systemctl("daemon-reload")
        systemctl("restart", web_unit(slot))
        wait_healthy(layout, slot)
        reload_nginx(layout, draft)
    except DeployError:
        draft.unlink(missing_ok=True)
        subprocess.run(["systemctl", "stop", web_unit(slot)], capture_output=True)
        raise
    link = layout.base / "current.next"
    link.unlink(missing_ok=True)
    link.symlink_to(release)
    os.replace(link, layout.current)
    systemctl("enable", web_unit(slot))
    systemctl("restart", "motorlab-sender.service")
    systemctl("enable", "--now", "motorlab-sender.service", "motorlab-backup.timer",
              "motorlab-check.timer")  # fmt: skip
    if live_slot and live_slot != slot:
        systemctl("disable", web_unit(live_slot))
        systemctl("stop", web_unit(live_slot))
    return slot
