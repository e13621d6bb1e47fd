"""Render the systemd units deploy/*.service, Jinja templates (gunicorn on a loopback port,
the mail sender), for this checkout: its path, the user they run as, the environment file
they read, and the folders they may write, from the app's settings (the outbox's and the
image cache's: run it with the app's environment, as deploy_config). Also a drop-in for
Debian's nginx.service (deploy/nginx.service.d/): the pid file of nginx.conf's runtime folder.

    python -m motorlab.deploy_units --user motorlab --environment-file /etc/motorlab/env \
        --app 127.0.0.1:8000 --nginx-runtime /var/lib/motorlab/nginx --output /etc/systemd/system
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from motorlab import files
from motorlab.config import Config
from motorlab.contact.transport import STOP_TIME
from motorlab.deploy_config import APP_ADDRESS, DEPLOY, RUNTIME, TEMPLATES
from motorlab.paths import INSTANCE, PROJECT_ROOT

# Each unit's template and where it goes, relative to the output folder.
UNITS = sorted([*DEPLOY.glob("*.service"), *DEPLOY.glob("*.service.d/*.conf")])


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
        "stop_time": STOP_TIME,
        "writable": " ".join(str(folder) for folder in writable_folders(Config())),
    }
    names = [str(unit.relative_to(DEPLOY)) for unit in UNITS]
    return {name: TEMPLATES.get_template(name).render(values) for name in names}


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
    args = parser.parse_args(argv)
    units = render(
        user=args.user, environment_file=args.environment_file, app=args.app,
        nginx_runtime=args.nginx_runtime,
    )  # fmt: skip
    for folder in writable_folders(Config()):
        if not folder.is_dir():  # systemd refuses to start a unit whose folder is missing
            print(f"create {folder}, writable by {args.user}, before starting", file=sys.stderr)
    # All rendered above; each written aside, then all moved into place (or none).
    paths = {Path(args.output) / name: text.encode() for name, text in units.items()}
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
