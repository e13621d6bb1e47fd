"""Render the systemd units (deploy/*.service and *.timer, Jinja templates) from the settings
of the environment file they will read: gunicorn for this release on one of two loopback
slots (`--web blue`), and, from the live release (`--current`, a link the deploy command
switches), the mail sender, the nightly backup and the late-mail check with their timers.
Each service may write only the folders the settings name (the outbox's, the image cache's,
the backups'). All units are written aside, then moved into place, or none is.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from motorlab import files
from motorlab.config import Config, SettingError
from motorlab.contact.transport import STOP_TIME
from motorlab.deploy import environment_file, gunicorn_config
from motorlab.deploy.nginx_config import TEMPLATES
from motorlab.deploy.switch import SLOTS, Layout, web_unit
from motorlab.paths import PROJECT_ROOT

# Seconds systemd waits beyond what a service promises to stop within (the sender's
# STOP_TIME, gunicorn's graceful_timeout) before SIGKILL: a loaded machine exits slower.
STOP_MARGIN = 5
HIDDEN = ("/home", "/root", "/run/user")  # what ProtectHome=yes (deploy/sandbox.inc) hides
# The units besides the slot's (the backup also writes its folder).
SHARED_UNITS = ("motorlab-sender.service", "motorlab-backup.service", "motorlab-backup.timer",
                "motorlab-check.service", "motorlab-check.timer")  # fmt: skip


def outermost(folders: list[Path]) -> list[Path]:
    """Each folder once, absolute, less those inside another."""
    folders = list(dict.fromkeys(Path(os.path.abspath(folder)) for folder in folders))
    return [f for f in folders if not any(o != f and o in f.parents for o in folders)]


def render(args: argparse.Namespace, state: list[Path]) -> dict[str, str]:
    """Each unit's file name and text; `state`, the folders the app writes."""
    values = {
        "user": args.user,
        "environment_file": str(Path(args.environment_file).absolute()),
        "release": str(PROJECT_ROOT),
        "current": args.current,
        "backups": args.backups,
        "slot": args.web,
        "app": args.app or SLOTS[args.web],
        "sender_stop_time": STOP_TIME + STOP_MARGIN,
        "web_stop_time": gunicorn_config.graceful_timeout + STOP_MARGIN,
    }
    units = {web_unit(args.web): "motorlab-web.service", **{name: name for name in SHARED_UNITS}}
    rendered = {}
    for name, template in units.items():
        extra = [Path(args.backups)] if name == "motorlab-backup.service" else []
        writable = outermost([*state, *extra])
        rendered[name] = TEMPLATES.get_template(template).render(
            values, writable=" ".join(str(folder) for folder in writable)
        )
    return dict(sorted(rendered.items()))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument(
        "--environment-file", default="/etc/motorlab/env",
        help="the settings the units read, and the only ones this command reads",
    )  # fmt: skip
    parser.add_argument("--user", default="motorlab", help="the unprivileged user they run as")
    parser.add_argument("--web", default="blue", choices=SLOTS, help="this release's slot")
    parser.add_argument("--app", help="gunicorn's address (default: the slot's)")
    current, backups = str(Layout().current), str(Layout().backups)
    parser.add_argument("--current", default=current, help="the link to the live release")
    parser.add_argument("--backups", default=backups, help="the folder of the outbox's copies")
    parser.add_argument("--output", required=True, help="the folder to write the units to")
    args = parser.parse_args(argv)
    try:
        environment_file.use(args.environment_file)
        config = Config()
        # What the services write: the image cache, and the SQLite outbox's folder.
        state = [Path(config.IMAGE_CACHE_DIR)]
        if not config.OUTBOX_URL:
            state.append(Path(config.OUTBOX_PATH).parent)
        state = outermost(state)
        units = render(args, state)
    except (environment_file.EnvironmentFileError, SettingError) as error:
        print(f"deploy_units: nothing written: {error}", file=sys.stderr)
        return 1
    for folder in [PROJECT_ROOT, *state, Path(args.backups)]:
        if any(folder.is_relative_to(hidden) for hidden in HIDDEN):  # the units' ProtectHome
            print(f"deploy_units: {folder} is hidden from the services: move it out of"
                  f" {', '.join(HIDDEN)}", file=sys.stderr)  # fmt: skip
    paths = {Path(args.output) / name: text.encode() for name, text in units.items()}
    try:
        files.replace_all(paths)
    except OSError as error:
        print(f"deploy_units: nothing written: {error}", file=sys.stderr)
        return 1
    print(*paths, sep="\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
