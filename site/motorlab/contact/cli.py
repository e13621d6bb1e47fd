"""`flask --app wsgi outbox ...`: the operator's commands for the outbox (docs/contact.md)."""

from __future__ import annotations

import re
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from motorlab.contact import delivery
from motorlab.contact.outbox import (
    STATUSES,
    UNCERTAIN,
    BackupRefused,
    Outbox,
    OutboxUnavailable,
    SqliteOutbox,
    open_outbox,
)

outbox_cli = AppGroup("outbox", help="Contact requests waiting for delivery.")


def _store() -> Outbox:
    return open_outbox(current_app.config)


@contextmanager
def _opened() -> Iterator[Outbox]:
    """The outbox; one that cannot be opened ends the command with exit code 2."""
    try:
        yield _store()
    except OutboxUnavailable as error:
        click.echo(f"Error: the outbox cannot be opened: {error}", err=True)
        raise SystemExit(2) from None


@outbox_cli.command("list")
@click.option(
    "--status", type=click.Choice(STATUSES), help="Only rows with this status (default: all)."
)
def list_command(status: str | None) -> None:
    """Show the outbox, oldest first, then the totals."""
    with _opened() as store:
        found, totals = store.rows(status), store.counts()
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
    with _opened() as store:
        tally = delivery.send_all(store)
        queued = store.counts()["queued"]
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
    with _opened() as store:
        click.echo(f"{store.requeue_failed()} queued again")


def _settle(row_id: int, action: str, done: str) -> None:
    with _opened() as store:
        changed = getattr(store, action)(row_id)
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


class Duration(click.ParamType):
    """Seconds, from `90`, `90s`, `15m`, `2h` or `1d`."""

    name = "duration"
    UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}

    def convert(self, value, param, ctx) -> float:
        if isinstance(value, (int, float)):
            return float(value)
        found = re.fullmatch(r"(\d+(?:\.\d+)?)([smhd]?)", value.strip())
        if found is None:
            self.fail(f"{value!r} is not a duration such as 90s, 15m or 2h", param, ctx)
        return float(found[1]) * self.UNITS[found[2]]


def _duration(seconds: float) -> str:
    return f"{seconds / 60:g} min" if seconds >= 60 else f"{seconds:g} s"


# `outbox check`'s exit codes, for a monitoring system (2 is click's, for a wrong option).
CHECK_OK, CHECK_UNAVAILABLE, CHECK_LATE, CHECK_SETTLE, CHECK_UNREADABLE = 0, 3, 4, 5, 6


@outbox_cli.command("check")
@click.option(
    "--max-age", type=Duration(), default="15m", show_default=True,
    help="How long a request may wait unsent (90s, 15m, 2h).",
)  # fmt: skip
def check_command(max_age: float) -> None:
    """For a monitoring system: one line per problem, and the exit code of the first one
    found: 3 the outbox cannot be opened, 4 mail is late (a request has waited longer than
    --max-age, or is being sent past its deadline), 5 failed or uncertain requests wait for an
    operator, 6 a request not sent yet has a `created_at` that is not a time (named, and
    left out of the age); 0 and one OK line when mail flows."""
    store, now = _store(), time.time()
    try:
        counts = {**store.waiting(), **store.backlog(now)}
        overdue = store.overdue(now)
    except OutboxUnavailable as error:
        click.echo(f"UNAVAILABLE: the outbox cannot be opened: {error}")
        raise SystemExit(CHECK_UNAVAILABLE) from None
    oldest = counts["oldest_unsent_seconds"]
    failed, uncertain = counts["failed"], counts["uncertain"]
    ids = ", ".join(str(row_id) for row_id in counts["unreadable"])
    problems = [(code, line) for found, code, line in (
        (oldest is not None and oldest > max_age, CHECK_LATE,
         f"LATE: a contact request has waited {_duration(oldest or 0)} unsent (more than"
         f" {_duration(max_age)}): is the sender running and the mail server answering?"
         " (journalctl -u motorlab-sender, outbox list)"),
        (overdue, CHECK_LATE,
         f"LATE: {overdue} contact request(s) still being sent past their deadline: the"
         " sender hangs or died (journalctl -u motorlab-sender)"),
        (failed or uncertain, CHECK_SETTLE,
         f"SETTLE: {failed} failed and {uncertain} uncertain contact request(s) wait for an"
         " operator (outbox list; requeue, resend ID or mark-sent ID)"),
        (ids, CHECK_UNREADABLE,
         f"UNREADABLE: contact request(s) {ids} not sent yet have a created_at that is not"
         " a time, and are left out of the age: correct it in the outbox (outbox list)"),
    ) if found]  # fmt: skip
    for _, line in problems:
        click.echo(line)
    if problems:
        raise SystemExit(problems[0][0])
    waited = "none waiting" if oldest is None else f"the oldest waiting {_duration(oldest)}"
    click.echo(f"OK: {counts['queued']} queued, {waited}; none failed or uncertain")


@outbox_cli.command("backup")
@click.argument("target", type=click.Path(dir_okay=False, writable=True, path_type=Path))
def backup_command(target: Path) -> None:
    """Copy the SQLite outbox to TARGET (0600), consistent while the sender and the site run.
    An outbox in PostgreSQL (OUTBOX_URL) is backed up with pg_dump instead."""
    try:
        with _opened() as store:
            if not isinstance(store, SqliteOutbox):
                raise BackupRefused(
                    "the outbox is in PostgreSQL (OUTBOX_URL): back it up with pg_dump"
                )
            count = store.backup(target)
    except BackupRefused as error:
        click.echo(f"Error: {error}", err=True)
        raise SystemExit(1) from None
    click.echo(f"{target}: {count} contact requests")
