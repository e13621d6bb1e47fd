"""Render the systemd units deploy/*.service, Jinja templates (gunicorn on a loopback port,
the mail sender), for this checkout: its path, the user they run as, the environment file
they read, and the folders they may write, from the app's settings (the outbox's and the
image cache's: run it with the app's environment, as deploy_config). Also a drop-in for
Debian's nginx.service (deploy/nginx.service.d/): the pid file of nginx.conf's runtime folder;
and with --logrotate, the rotation of nginx's logs in that folder (deploy/nginx.logrotate).

    python -m motorlab.deploy_units --user motorlab --environment-file /etc/motorlab/env \
        --app 127.0.0.1:8000 --nginx-runtime /var/lib/motorlab/nginx --output /etc/systemd/system \
        --logrotate /etc/logrotate.d/motorlab-nginx
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from motorlab import files, gunicorn_config
from motorlab.config import Config
from motorlab.contact.transport import STOP_TIME
from motorlab.deploy_config import APP_ADDRESS, DEPLOY, RUNTIME, TEMPLATES
from motorlab.paths import INSTANCE, PROJECT_ROOT

# Each unit's template and where it goes, relative to the output folder.
UNITS = sorted([*DEPLOY.glob("*.service"), *DEPLOY.glob("*.service.d/*.conf")])
LOGROTATE = "nginx.logrotate"  # nginx's logs' rotation (deploy/), for /etc/logrotate.d
# Seconds systemd waits beyond what a service promises to stop within (the sender's
# STOP_TIME, gunicorn's graceful_timeout) before SIGKILL: a loaded machine exits slower.
STOP_MARGIN = 5
# What ProtectHome=yes (deploy/sandbox.inc) hides from the services.
HIDDEN = ("/home", "/root", "/run/user")


def writable_folders(config: Config) -> list[Path]:
    """What the services may write: instance/, the SQLite outbox's folder (none with
    OUTBOX_URL) and the image cache, each once (a folder inside another is left out)."""
    folders = [INSTANCE, Path(config.IMAGE_CACHE_DIR)]
    if not config.OUTBOX_URL:
        folders.append(Path(config.OUTBOX_PATH).parent)
    folders = list(dict.fromkeys(Path(os.path.abspath(folder)) for folder in folders))
    return [
        folder
        for folder in folders
        if not any(other != folder and other in folder.parents for other in folders)
    ]


def render(
    *, user: str, environment_file: str, app: str = APP_ADDRESS, nginx_runtime: str = RUNTIME
) -> dict[str, str]:
    """Each unit's path (relative to systemd's folder) and text, for the settings in the
    environment."""
    values = {
        "nginx_runtime": str(Path(nginx_runtime).absolute()),
        "root": str(PROJECT_ROOT),
        "user": user,
        "environment_file": str(Path(environment_file).absolute()),
        "app": app,
        "sender_stop_time": STOP_TIME + STOP_MARGIN,
        "web_stop_time": gunicorn_config.graceful_timeout + STOP_MARGIN,
        "writable": " ".join(str(folder) for folder in writable_folders(Config())),
    }
    names = [str(unit.relative_to(DEPLOY)) for unit in UNITS]
    return {name: TEMPLATES.get_template(name).render(values) for name in names}


def logrotate(nginx_runtime: str = RUNTIME) -> str:
    """The logrotate file for nginx's logs in its runtime folder (deploy/nginx.logrotate):
    Debian's logrotate covers /var/log, not that folder."""
    runtime = str(Path(nginx_runtime).absolute())
    return TEMPLATES.get_template(LOGROTATE).render(nginx_runtime=runtime)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--user", default="motorlab", help="the unprivileged user they run as")
    parser.add_argument(
        "--environment-file", default="/etc/motorlab/env", help="the app's settings (KEY=value)"
    )
    parser.add_argument("--app", default=APP_ADDRESS, help="gunicorn's address (nginx's --app)")
    parser.add_argument(
        "--nginx-runtime", default=RUNTIME, help="deploy_config's --runtime (nginx's pid file)"
    )
    parser.add_argument("--output", required=True, help="the folder to write the units to")
    parser.add_argument(
        "--logrotate", help="also write nginx's log rotation here (/etc/logrotate.d/motorlab-nginx)"
    )
    args = parser.parse_args(argv)
    units = render(
        user=args.user, environment_file=args.environment_file, app=args.app,
        nginx_runtime=args.nginx_runtime,
    )  # fmt: skip
    for folder in writable_folders(Config()):
        if not folder.is_dir():  # systemd refuses to start a unit whose folder is missing
            print(f"create {folder}, writable by {args.user}, before starting", file=sys.stderr)
    for folder in [PROJECT_ROOT, *writable_folders(Config())]:
        if any(folder.is_relative_to(hidden) for hidden in HIDDEN):  # the units' ProtectHome
            print(f"{folder} is hidden from the services: move it out of {', '.join(HIDDEN)}",
                  file=sys.stderr)  # fmt: skip
    # All rendered above; each written aside, then all moved into place (or none).
    paths = {Path(args.output) / name: text.encode() for name, text in units.items()}
    if args.logrotate:
        paths[Path(args.logrotate)] = logrotate(args.nginx_runtime).encode()
    try:
        files.replace_all(paths)
    except OSError as error:
        print(f"deploy_units: nothing written: {error}", file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
