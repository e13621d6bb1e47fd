"""`flask --app wsgi outbox list|send|worker|requeue|resend|mark-sent`: look at the queue
and deliver it.

`worker` is the sender that runs beside the web workers (`make run`, `make prod`); `send`
is one pass for cron. Both are safe to run several at once: each row is claimed atomically
before it is mailed, so two senders never deliver the same row. `resend ID` and
`mark-sent ID` settle an `uncertain` row (the message's end went out, and no reply came).
"""

from __future__ import annotations

import signal
import threading

import click
from flask import current_app
from flask.cli import AppGroup

from motorlab.contact import delivery
from motorlab.contact.outbox import STATUSES, UNCERTAIN, OutboxUnavailable, open_outbox

outbox_cli = AppGroup("outbox", help="Contact requests waiting for delivery.")


def _store():
    return open_outbox(current_app.config)


def _unavailable(error: OutboxUnavailable) -> None:
    click.echo(f"Error: the outbox cannot be opened: {error}", err=True)
    raise SystemExit(2)


@outbox_cli.command("list")
@click.option(
    "--status", type=click.Choice(STATUSES), help="Only rows with this status (default: all)."
)
def list_command(status: str | None) -> None:
    """Show the outbox, oldest first, then the totals."""
    store = _store()
    try:
        found, totals = store.rows(status), store.counts()
    except OutboxUnavailable as error:
        _unavailable(error)
    for row in found:
        error = f"  last error: {row.last_error}" if row.last_error else ""
        if row.status == UNCERTAIN:
            error = (
                "  may have been delivered (sender stopped after handing it to the mail"
                f" server): check the mailbox, then `outbox mark-sent {row.id}`"
                f" or `outbox resend {row.id}`"
            )
        click.echo(
            f"{row.id:>6}  {row.status:<9}  attempts={row.attempts}  {row.created_at}  "
            f"{row.locale}  {row.email}{error}"
        )
    click.echo(", ".join(f"{count} {status}" for status, count in totals.items()))


@outbox_cli.command("send")
def send_command() -> None:
    """Try every queued row once. Exits with 1 if some row was not sent."""
    store = _store()
    try:
        tally = delivery.send_all(store)
        queued = store.counts()["queued"]
    except OutboxUnavailable as error:
        _unavailable(error)
    not_sent = tally.retry + tally.failed
    uncertain = f", {tally.uncertain} uncertain (see outbox list)" if tally.uncertain else ""
    click.echo(f"{tally.sent} sent, {not_sent} failed, {queued} still queued{uncertain}")
    if not_sent or tally.uncertain:
        raise SystemExit(1)


@outbox_cli.command("worker")
@click.option("--until-idle", is_flag=True, help="Stop once no row is due (for scripts).")
def worker_command(until_idle: bool) -> None:
    """Deliver queued rows as they become due, until SIGTERM or SIGINT (the attempt under
    way ends within `transport.STOP_GRACE` seconds, as at its deadline)."""
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    click.echo(f"outbox worker: delivering from {_store()!r}")
    tally = delivery.run_worker(_store(), stop, until_idle=until_idle)
    click.echo(
        f"outbox worker: {tally.sent} sent, {tally.retry} to retry, {tally.failed} failed,"
        f" {tally.uncertain} uncertain"
    )


@outbox_cli.command("requeue")
def requeue_command() -> None:
    """Queue every failed row again, with a fresh count of attempts."""
    store = _store()
    try:
        count = store.requeue_failed()
    except OutboxUnavailable as error:
        _unavailable(error)
    click.echo(f"{count} queued again")


def _settle(row_id: int, action: str, done: str) -> None:
    store = _store()
    try:
        changed = getattr(store, action)(row_id)
    except OutboxUnavailable as error:
        _unavailable(error)
    if not changed:
        click.echo(f"Error: row {row_id} is not uncertain (see `outbox list`)", err=True)
        raise SystemExit(1)
    click.echo(f"row {row_id} {done}")


@outbox_cli.command("resend")
@click.argument("row_id", type=int)
def resend_command(row_id: int) -> None:
    """Queue an uncertain row again (same Message-ID): the mail did not arrive."""
    _settle(row_id, "resend", "queued again")


@outbox_cli.command("mark-sent")
@click.argument("row_id", type=int)
def mark_sent_command(row_id: int) -> None:
    """Record an uncertain row as sent: its mail did arrive."""
    _settle(row_id, "confirm_sent", "marked sent")
