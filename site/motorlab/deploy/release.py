"""Deploy a release, or roll back to the one before, in one command each, with no request
dropped (docs/operations.md, "Deploy and roll back"). Run as root, by the system's python3:
it needs nothing of a release's packages, so it runs before the new release has any."""

from __future__ import annotations

import argparse
import fcntl
import os
import shutil
import signal
import sys
import time
from pathlib import Path

if __package__:  # imported by the app's code
    from motorlab.deploy import environment_file, switch
else:  # run as a script: its siblings by their folder, not the package (which imports Flask)
    import environment_file
    import switch

SLOTS, DeployError, Layout, run = switch.SLOTS, switch.DeployError, switch.Layout, switch.run
KEEP = 4  # releases kept besides the live one, for rollbacks; older folders are deleted


def new_release(layout: Layout) -> Path:
    """A new release folder, the service user's while it builds."""
    user = switch.user_account(layout.user)
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
    """`release` cloned and built as the service user (`make prod-setup`, then `make export`
    with the files of the live export), then handed to root: the services only read it."""
    as_user = {"user": layout.user, "env": {**layout.env, "HOME": str(layout.cache)}}
    make = ["make", "-C", str(release), "--no-print-directory"]
    run(["git", "clone", "--quiet", source, str(release)], f"git clone {source}", **as_user)
    if ref:
        run(["git", "-C", str(release), "checkout", "--quiet", ref], f"git checkout {ref}",
            **as_user)  # fmt: skip
    run([*make, "prod-setup"], "make prod-setup", **as_user)
    check_interpreter(release, layout.user)
    previous = [f"PREVIOUS={live / 'build' / 'site'}"] if live else []
    run([*make, "export", *previous], "make export", **as_user)
    if os.geteuid() == 0:
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


def prepare_folders(layout: Layout) -> None:
    """The folders that outlive releases, made once: the outbox's, the image cache's and the
    backups', the service user's alone; nginx's runtime folder, root's."""
    settings = layout.settings
    private = [layout.backups]
    for name in ("IMAGE_CACHE_DIR", *(() if settings.get("OUTBOX_URL") else ("OUTBOX_PATH",))):
        if not settings.get(name):
            raise DeployError(f"{name} is not set: name a folder outside {layout.base}")
        path = Path(settings[name])
        private.append(path.parent if name == "OUTBOX_PATH" else path)
    for folder in private:
        if folder.is_relative_to(layout.base):
            raise DeployError(f"{folder} is inside {layout.base}: the next release would lose it")
    account = switch.user_account(layout.user)
    for folder in private:
        if not folder.exists():
            folder.mkdir(mode=0o750, parents=True)
            if os.geteuid() == 0:
                os.chown(folder, account.pw_uid, account.pw_gid)
    layout.nginx_runtime.mkdir(mode=0o755, parents=True, exist_ok=True)


def deploy(layout: Layout, source: str, ref: str | None) -> str:
    """A new release built and switched to; all but the newest KEEP others deleted."""
    prepare_folders(layout)
    live = switch.live_release(layout)
    release = new_release(layout)
    try:
        build(layout, release, source, ref, live)
        slot = switch.switch_to(layout, release, live)
    except DeployError:
        shutil.rmtree(release, ignore_errors=True)
        raise
    others = sorted(p for p in layout.releases.iterdir() if p.is_dir() and p != release)
    for old in others[:-KEEP] if KEEP else others:
        shutil.rmtree(old, ignore_errors=True)
    return f"{release.name} serves on the {slot} slot ({layout.slots[slot]})"


def rollback(layout: Layout) -> str:
    """The switch back to the newest built release before the live one, with the hashed files
    of the live export copied into it: pages loaded from the live one keep theirs."""
    live = switch.live_release(layout)
    if live is None:
        raise DeployError(f"{layout.current} names no release")
    built = [
        folder
        for folder in sorted(layout.releases.iterdir())
        if folder.name < live.name and (folder / "build" / "site").is_dir()
    ]
    if not built:
        raise DeployError(f"no built release before {live.name} in {layout.releases}")
    source = live / "build" / "site" / "static" / "build"
    target = built[-1] / "build" / "site" / "static" / "build"
    for file in source.rglob("*"):
        copy = target / file.relative_to(source)
        if file.is_file() and not copy.exists():
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(file, copy)
    slot = switch.switch_to(layout, built[-1], live)
    return f"{built[-1].name} serves again, on the {slot} slot ({layout.slots[slot]})"


def restore(layout: Layout, backup: Path) -> str:
    """The outbox put back as `backup` holds it, with the live slot and the sender stopped (the
    site writes posts and rate counts there) and the file's -wal and -shm removed (SQLite
    would apply them to the copy)."""
    if layout.settings.get("OUTBOX_URL"):
        raise DeployError("the outbox is in PostgreSQL (OUTBOX_URL): restore it with pg_restore")
    outbox = Path(layout.settings.get("OUTBOX_PATH", ""))
    if not outbox.is_absolute():
        raise DeployError("OUTBOX_PATH is not set to an absolute path")
    try:
        with open(backup, "rb") as copy:
            if copy.read(16) != b"SQLite format 3\0":
                raise DeployError(f"{backup} is not an SQLite file")
    except OSError as error:
        raise DeployError(f"cannot read {backup}: {error}") from None
    live_slot = switch.slot_of(layout, switch.live_release(layout))
    units = [switch.web_unit(live_slot)] if live_slot else []
    units.append("motorlab-sender.service")
    switch.systemctl("stop", *units)
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
        switch.systemctl("start", *units)
    return f"{outbox} is {backup} again"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="motorlab", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    deploy_parser = commands.add_parser("deploy", help="build a new release and switch to it")
    deploy_parser.add_argument("source", help="the repository to clone (a URL or a folder)")
    deploy_parser.add_argument("--ref", help="the branch, tag or commit (default: its HEAD)")
    commands.add_parser("rollback", help="switch back to the release before the live one")
    restore_parser = commands.add_parser("restore", help="put a backup of the outbox back")
    restore_parser.add_argument("backup", type=Path, help="a copy `outbox backup` wrote")
    movable = {k: v for k, v in vars(Layout()).items() if isinstance(v, Path | str | float)}
    for name, value in movable.items():  # each folder movable (the tests move all)
        parser.add_argument(f"--{name.replace('_', '-')}", default=value, type=type(value))
    parser.add_argument("--slots", default=",".join(f"{k}={v}" for k, v in SLOTS.items()))
    args = parser.parse_args(argv)
    layout = Layout(**{name: getattr(args, name) for name in movable})
    layout.slots = dict(item.split("=") for item in args.slots.split(","))
    started = time.monotonic()
    try:
        layout.settings = environment_file.read(layout.environment_file)
        layout.env = environment_file.environment(layout.environment_file)
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
