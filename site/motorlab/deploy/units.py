"""Render the systemd units (deploy/*.service and *.timer, Jinja templates) from the settings of
the environment file they will read. Each service may write only the folders the settings name;
all units are written aside, then moved into place, or none is."""

from __future__ import annotations

import os
from pathlib import Path

import click

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


def render(values: dict, state: list[Path]) -> dict[str, str]:
    """Each unit's file name and text; `state`, the folders the app writes."""
    units = {web_unit(values["slot"]): "motorlab-web.service", **{n: n for n in SHARED_UNITS}}
    rendered = {}
    for name, template in units.items():
        extra = [Path(values["backups"])] if name == "motorlab-backup.service" else []
        writable = " ".join(str(folder) for folder in outermost([*state, *extra]))
        rendered[name] = TEMPLATES.get_template(template).render(values, writable=writable)
    return dict(sorted(rendered.items()))


def fail(error: Exception) -> None:
    click.echo(f"deploy_units: nothing written: {error}", err=True)
    raise SystemExit(1)


@click.command("units")
@click.option(
    "--environment-file", "env_file", default="/etc/motorlab/env", show_default=True,
    help="The settings the units read, and the only ones this command reads.",
)  # fmt: skip
@click.option("--user", default="motorlab", show_default=True, help="The user they run as.")
@click.option("--web", default="blue", type=click.Choice(SLOTS), help="This release's slot.")
@click.option("--app", help="gunicorn's address (default: the slot's).")
@click.option("--current", default=str(Layout().current), help="The link to the live release.")
@click.option("--backups", default=str(Layout().backups), help="The outbox copies' folder.")
@click.option("--output", required=True, help="The folder to write the units to.")
def command(env_file: str, user, web, app, current, backups, output) -> None:
    """Render the systemd units: gunicorn for this release on one of two loopback slots (--web),
    and, from the live release (--current, the link the deploy command switches), the mail
    sender, the nightly backup and the late-mail check with their timers."""
    values = {
        "user": user, "environment_file": str(Path(env_file).absolute()),
        "release": str(PROJECT_ROOT), "current": current, "backups": backups, "slot": web,
        "app": app or SLOTS[web], "sender_stop_time": STOP_TIME + STOP_MARGIN,
        "web_stop_time": gunicorn_config.graceful_timeout + STOP_MARGIN,
    }  # fmt: skip
    try:
        environment_file.use(env_file)
        config = Config()
        # What the services write: the image cache, and the SQLite outbox's folder.
        state = [Path(config.IMAGE_CACHE_DIR)]
        if not config.OUTBOX_URL:
            state.append(Path(config.OUTBOX_PATH).parent)
        state = outermost(state)
        units = render(values, state)
    except (environment_file.EnvironmentFileError, SettingError) as error:
        fail(error)
    for folder in [PROJECT_ROOT, *state, Path(backups)]:
        if any(folder.is_relative_to(hidden) for hidden in HIDDEN):  # the units' ProtectHome
            click.echo(f"deploy_units: {folder} is hidden from the services: move it out of"
                       f" {', '.join(HIDDEN)}", err=True)  # fmt: skip
    paths = {Path(output) / name: text.encode() for name, text in units.items()}
    try:
        files.replace_all(paths)
    except OSError as error:
        fail(error)
    click.echo("\n".join(map(str, paths)))
