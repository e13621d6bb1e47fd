"""`flask --app wsgi outbox list|send`: look at the queue and deliver what waits in it.

`send` is safe from cron and concurrently: each row is claimed atomically before it is
mailed, so two runs never deliver the same row.
"""

from __future__ import annotations

import click
from flask import current_app
from flask.cli import AppGroup

from motorlab.contact import mail, outbox

outbox_cli = AppGroup("outbox", help="Contact requests waiting for delivery.")


@outbox_cli.command("list")
@click.option(
    "--status",
    type=click.Choice([outbox.QUEUED, outbox.SENDING, outbox.SENT]),
    help="Only rows with this status (default: every row).",
)
def list_command(status: str | None) -> None:
    """Show the outbox, oldest first."""
    path = current_app.config["OUTBOX_PATH"]
    found = outbox.rows(path, status)
    for row in found:
        error = f"  last error: {row.last_error}" if row.last_error else ""
        click.echo(
            f"{row.id:>6}  {row.status:<7}  attempts={row.attempts}  {row.created_at}  "
            f"{row.locale}  {row.email}{error}"
        )
    totals = outbox.counts(path)
    click.echo(", ".join(f"{count} {status}" for status, count in totals.items()))


@outbox_cli.command("send")
def send_command() -> None:
    """Try to deliver every queued row once. Exits with 1 if some row failed."""
    config = current_app.config
    sent, failed = mail.send_queued(config["OUTBOX_PATH"], config["OUTBOX_STALE_AFTER"])
    queued = outbox.counts(config["OUTBOX_PATH"])[outbox.QUEUED]
    click.echo(f"{sent} sent, {failed} failed, {queued} still queued")
    if failed:
        raise SystemExit(1)
