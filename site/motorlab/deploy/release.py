"""Deploy a release, or roll back to the one before, in one command each, with no request
dropped (docs/operations.md, "Deploy and roll back"). Run as root, by the system's python3:
it needs nothing of a release's packages, so it runs before the new release has any.

    motorlab deploy https://github.com/motorlab/website.git [--ref v1.4]
    motorlab rollback
    motorlab restore /var/backups/motorlab/outbox-3.sqlite3

`deploy` clones SOURCE into releases/<time> and builds it as the service user (`make
prod-setup`, then `make export` with the environment file's settings and nothing else), hands
it to root (the services cannot change it), renders its units and nginx's config (`nginx -t`
before anything is replaced), starts it on gunicorn's idle slot and waits for its /healthz;
then one nginx reload switches the root, the policy and the upstream together. `current`
follows, the sender restarts on it, and the other slot stops once nginx's old workers have
finished their requests. Before that reload any failure leaves the live release serving and
nginx's config as it was, and says why in one line (status 1).

`rollback` makes the same switch to the newest release before `current`, built already: the
files of the release left are copied into its export, so pages loaded from it keep theirs.
"""

from __future__ import annotations

import argparse
import fcntl
import importlib.util
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit


def _load(name: str):
    """A sibling module that needs only the standard library, loaded by its path: importing
    it as motorlab.NAME would import the package, and so Flask."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


environment_file = _load("environment_file")

# gunicorn's two loopback addresses: the live release on one, the next one started on the
# other, checked, then switched to (deploy_units renders each slot's unit).
SLOTS = {"blue": "127.0.0.1:8001", "green": "127.0.0.1:8002"}
# Releases kept besides the live one, for rollbacks; older folders are deleted.
KEEP = 4
HEALTH_TIMEOUT = 60.0  # seconds a new release has to answer /healthz
# nginx's old workers finish their requests within the upstream timeout (gunicorn's 30 s less
# 5): the old slot stops after them.
DRAIN_TIMEOUT = 40
# The environment file's settings of nginx's listening side (deploy_config's flags).
NGINX_SETTINGS = {
    "NGINX_LISTEN": "--listen",
    "NGINX_HTTPS_LISTEN": "--https-listen",
    "NGINX_TLS_CERTIFICATE": "--tls-certificate",
    "NGINX_TLS_KEY": "--tls-key",
    "NGINX_ACME_WEBROOT": "--acme-webroot",
}


class DeployError(Exception):
    """A step failed: the live release still serves. Its one line says which, and why."""


@dataclass
class Layout:
    """The machine's folders and files, as docs/operations.md lays them out."""

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
    slots: dict[str, str] = field(default_factory=lambda: dict(SLOTS))
    health_timeout: float = HEALTH_TIMEOUT

    @property
    def releases(self) -> Path:
        return self.base / "releases"

    @property
    def current(self) -> Path:
        return self.base / "current"


# Running commands


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


# The live state


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


def web_unit(slot: str) -> str:
    return f"motorlab-web-{slot}.service"


def nginx_workers(layout: Layout) -> tuple[int | None, set[int]]:
    """nginx's master (from its pid file) and its worker processes now."""
    try:
        master = int(layout.nginx_pid.read_text().strip())
        os.kill(master, 0)
    except (OSError, ValueError):
        return None, set()
    workers = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                workers.add(int(entry.name))
    return master, workers


# The steps


def new_release(layout: Layout) -> Path:
    """A new release folder, the service user's while it builds."""
    user = user_account(layout.user)
    layout.releases.mkdir(parents=True, exist_ok=True)
    release = layout.releases / time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    while release.exists():  # a second deploy within the second
        release = release.with_name(release.name + "b")
    for folder in (release, layout.cache):
        folder.mkdir(mode=0o755, exist_ok=folder == layout.cache)
        if os.geteuid() == 0:
            os.chown(folder, user.pw_uid, user.pw_gid)
    return release


def build(layout: Layout, release: Path, source: str, ref: str | None, live: Path | None) -> None:
    """`release` cloned and built as the service user, then handed to root."""
    env = {**environment_file.environment(layout.environment_file), "HOME": str(layout.cache)}
    as_user = {"user": layout.user, "env": env}
    run(["git", "clone", "--quiet", source, str(release)], f"git clone {source}", **as_user)
    if ref:
        run(["git", "-C", str(release), "checkout", "--quiet", ref], f"git checkout {ref}",
            **as_user)  # fmt: skip
    run(["make", "-C", str(release), "--no-print-directory", "prod-setup"], "make prod-setup",
        **as_user)  # fmt: skip
    check_interpreter(release, layout.user)
    previous = [f"PREVIOUS={live / 'build' / 'site'}"] if live else []
    run(["make", "-C", str(release), "--no-print-directory", "export", *previous],
        "make export", **as_user)  # fmt: skip
    if os.geteuid() == 0:  # the code is root's: the services only read it
        run(["chown", "-R", "root:root", str(release)], "chown")


def check_interpreter(release: Path, user: str) -> None:
    """The release's Python runs for the service user (a venv made from an interpreter under
    /root would not: the services would stop with a bare PermissionError)."""
    python = release / ".venv" / "bin" / "python"
    try:
        run([str(python), "-c", "pass"], "python", user=user)
    except DeployError:
        raise DeployError(
            f"{python} ({os.path.realpath(python)}) cannot be run by {user}: make the venv with"
            " an interpreter every user can read, e.g. PYTHON=/usr/bin/python3"
        ) from None


def render(layout: Layout, release: Path, slot: str) -> Path:
    """The release's units in place and its nginx config checked, aside: the draft's path."""
    python = str(release / ".venv" / "bin" / "python")
    env = environment_file.environment(layout.environment_file)
    settings = environment_file.read(layout.environment_file)
    common = {"cwd": release, "env": env}
    run([python, "-m", "motorlab.deploy.units", "--environment-file",
         str(layout.environment_file), "--user", layout.user, "--web", slot, "--app",
         layout.slots[slot], "--current", str(layout.current), "--backups", str(layout.backups),
         "--output", str(layout.systemd)], "deploy_units", **common)  # fmt: skip
    draft = layout.nginx_conf.with_name(".motorlab-next.conf")
    flags = [arg for name, flag in NGINX_SETTINGS.items() if settings.get(name)
             for arg in (flag, settings[name])]  # fmt: skip
    run([python, "-m", "motorlab.deploy.nginx_config", "--environment-file",
         str(layout.environment_file), "--root", str(release / "build" / "site"), "--app",
         layout.slots[slot], "--runtime", str(layout.nginx_runtime), "--pid",
         str(layout.nginx_pid), "--logs", str(layout.nginx_logs), *flags, "--output",
         str(draft)], "deploy_config", **common)  # fmt: skip
    return draft


def wait_healthy(layout: Layout, slot: str) -> None:
    """The slot's gunicorn answers /healthz for the site's host, or DeployError."""
    site_url = environment_file.read(layout.environment_file).get("SITE_URL", "")
    request = urllib.request.Request(
        f"http://{layout.slots[slot]}/healthz", headers={"Host": urlsplit(site_url).netloc}
    )
    deadline = time.monotonic() + layout.health_timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                if answer.status == 200:
                    return
        except (OSError, urllib.error.HTTPError):
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


def switch(layout: Layout, release: Path, live: Path | None) -> str:
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


def prune(layout: Layout) -> None:
    """Delete all but the newest KEEP releases besides the live one."""
    live = live_release(layout)
    others = sorted(p for p in layout.releases.iterdir() if p.is_dir() and p != live)
    for old in others[:-KEEP] if KEEP else others:
        shutil.rmtree(old, ignore_errors=True)


def keep_files_of(left: Path, release: Path) -> None:
    """The hashed files of the export left that `release`'s lacks, copied into it: pages
    loaded from the release left still find their scripts, stylesheet and font."""
    source = left / "build" / "site" / "static" / "build"
    target = release / "build" / "site" / "static" / "build"
    if not source.is_dir():
        return
    for file in source.rglob("*"):
        copy = target / file.relative_to(source)
        if file.is_file() and not copy.exists():
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(file, copy)


def prepare_folders(layout: Layout) -> None:
    """The folders that outlive releases, made once: the outbox's, the image cache's and the
    backups', the service user's alone; nginx's runtime folder, root's (its workers read the
    njs module there)."""
    settings = environment_file.read(layout.environment_file)
    private = [layout.backups]
    for name in ("IMAGE_CACHE_DIR", *(() if settings.get("OUTBOX_URL") else ("OUTBOX_PATH",))):
        if not settings.get(name):
            raise DeployError(f"{name} is not set: name a folder outside {layout.base}")
        path = Path(settings[name])
        private.append(path.parent if name == "OUTBOX_PATH" else path)
    for folder in private:
        if folder.is_relative_to(layout.base):
            raise DeployError(f"{folder} is inside {layout.base}: the next release would lose it")
    account = user_account(layout.user)
    for folder in private:
        if not folder.exists():
            folder.mkdir(mode=0o750, parents=True)
            if os.geteuid() == 0:
                os.chown(folder, account.pw_uid, account.pw_gid)
    layout.nginx_runtime.mkdir(mode=0o755, parents=True, exist_ok=True)


def user_account(name: str) -> pwd.struct_passwd:
    try:
        return pwd.getpwnam(name)
    except KeyError:
        raise DeployError(f"no user {name}: create it (docs/operations.md, step 2)") from None


def deploy(layout: Layout, source: str, ref: str | None) -> str:
    prepare_folders(layout)
    live = live_release(layout)
    release = new_release(layout)
    try:
        build(layout, release, source, ref, live)
        slot = switch(layout, release, live)
    except DeployError:
        shutil.rmtree(release, ignore_errors=True)
        raise
    prune(layout)
    return f"{release.name} serves on the {slot} slot ({layout.slots[slot]})"


def rollback(layout: Layout) -> str:
    live = live_release(layout)
    if live is None:
        raise DeployError(f"{layout.current} names no release")
    built = [
        folder
        for folder in sorted(layout.releases.iterdir())
        if folder.name < live.name and (folder / "build" / "site").is_dir()
    ]
    if not built:
        raise DeployError(f"no built release before {live.name} in {layout.releases}")
    keep_files_of(live, built[-1])
    slot = switch(layout, built[-1], live)
    return f"{built[-1].name} serves again, on the {slot} slot ({layout.slots[slot]})"


def restore(layout: Layout, backup: Path) -> str:
    """The outbox put back as `backup` holds it: the live slot and the sender stopped (the
    site writes posts and the rate limit's counts into the same file), the file's -wal and
    -shm removed (SQLite would apply them to the copy), the copy in place for the user, 0600,
    both started again."""
    settings = environment_file.read(layout.environment_file)
    if settings.get("OUTBOX_URL"):
        raise DeployError("the outbox is in PostgreSQL (OUTBOX_URL): restore it with pg_restore")
    outbox = Path(settings.get("OUTBOX_PATH", ""))
    if not outbox.is_absolute():
        raise DeployError("OUTBOX_PATH is not set to an absolute path")
    try:
        with open(backup, "rb") as copy:
            if copy.read(16) != b"SQLite format 3\0":
                raise DeployError(f"{backup} is not an SQLite file")
    except OSError as error:
        raise DeployError(f"cannot read {backup}: {error}") from None
    units = [web_unit(slot) for slot in filter(None, [slot_of(layout, live_release(layout))])]
    units.append("motorlab-sender.service")
    systemctl("stop", *units)
    try:
        for suffix in ("-wal", "-shm"):
            outbox.with_name(outbox.name + suffix).unlink(missing_ok=True)
        draft = outbox.with_name(f".{outbox.name}.restore")
        shutil.copyfile(backup, draft)
        draft.chmod(0o600)
        if os.geteuid() == 0:
            shutil.chown(draft, layout.user, layout.user)
        os.replace(draft, outbox)
    finally:
        systemctl("start", *units)
    return f"{outbox} is {backup} again"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="motorlab", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    deploy_parser = commands.add_parser("deploy", help="build a new release and switch to it")
    deploy_parser.add_argument("source", help="the repository to clone (a URL or a folder)")
    deploy_parser.add_argument("--ref", help="the branch, tag or commit (default: its HEAD)")
    commands.add_parser("rollback", help="switch back to the release before the live one")
    restore_parser = commands.add_parser("restore", help="put a backup of the outbox back")
    restore_parser.add_argument("backup", type=Path, help="a copy `outbox backup` wrote")
    defaults = Layout()
    for name, value in vars(defaults).items():  # each folder movable (the tests move all)
        if isinstance(value, Path | str | float):
            parser.add_argument(f"--{name.replace('_', '-')}", default=value, type=type(value))
    parser.add_argument("--slots", default=",".join(f"{k}={v}" for k, v in SLOTS.items()))
    args = parser.parse_args(argv)
    options = {name: getattr(args, name) for name in vars(defaults) if name != "slots"}
    layout = Layout(**options, slots=dict(item.split("=") for item in args.slots.split(",")))
    started = time.monotonic()
    try:
        environment_file.read(layout.environment_file)  # names a file it cannot read
        layout.base.mkdir(parents=True, exist_ok=True)
        with open(layout.base / ".deploy.lock", "w") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise DeployError("another deploy or rollback is under way") from None
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # no half switch on Ctrl-C
            if args.command == "deploy":
                done = deploy(layout, args.source, args.ref)
            elif args.command == "rollback":
                done = rollback(layout)
            else:
                done = restore(layout, args.backup)
    except (DeployError, environment_file.EnvironmentFileError) as error:
        undone = "nothing restored" if args.command == "restore" else "nothing switched"
        print(f"motorlab {args.command}: {undone}: {error}", file=sys.stderr)
        return 1
    print(f"motorlab {args.command}: {done} in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
