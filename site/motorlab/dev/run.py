"""`make run` (`python -m motorlab dev`): debug mode, no page cache, catalogs reloaded, SITE_URL
this server's. Werkzeug's debugger runs code for whoever unlocks it: off unless asked for, and
then only on loopback behind a random PIN printed here."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

from motorlab import create_app_or_exit
from motorlab.contact.transport import STOP_TIME
from motorlab.dev.catalogs import WatchedBabel
from motorlab.i18n import catalog_problems
from motorlab.paths import PROJECT_ROOT

if TYPE_CHECKING:
    from motorlab.dev.mail_sink import MailSink

FLASK = os.path.join(os.path.dirname(sys.executable), "flask")
LOCAL_HOSTS = ("127.0.0.1", "localhost")
LOOPBACK = (*LOCAL_HOSTS, "::1")  # where the debugger may listen
UMASK = 0o027  # as the units' UMask=0027
STOP_WAIT = 2 * STOP_TIME  # seconds a child may take to stop before it is killed


def environment(
    base: Mapping[str, str], port: int, sink: MailSink | None, debugger_pin: str | None = None
) -> dict[str, str]:
    """The site's and the sender's environment: `base` with the development defaults, the
    sink's address and login, and the debugger's PIN."""
    env = dict(base)
    env["SITE_URL"] = env.get("SITE_URL") or f"http://127.0.0.1:{port}"
    extra = [host for host in env.get("EXTRA_HOSTS", "").split(",") if host.strip()]
    env["EXTRA_HOSTS"] = ",".join(dict.fromkeys([*extra, *LOCAL_HOSTS]))
    if sink is not None:
        env.update(
            MAIL_SERVER=sink.host, MAIL_PORT=str(sink.port), MAIL_USE_TLS="0", MAIL_USE_SSL="0",
            MAIL_USERNAME=sink.username, MAIL_PASSWORD=sink.password,
        )  # fmt: skip
    env.pop("WERKZEUG_DEBUG_PIN", None)  # never a PIN from the shell ("off" would disable it)
    if debugger_pin is not None:
        env["WERKZEUG_DEBUG_PIN"] = debugger_pin
    env["PYTHONUNBUFFERED"] = "1"  # their lines and the sink's reach the terminal in order
    env["FLASK_DEBUG"] = "1"  # the reloader
    env.setdefault("CACHE_TYPE", "NullCache")  # every page rendered from today's files
    return env


def random_pin() -> str:
    """Nine random digits in Werkzeug's 123-456-789 shape."""
    digits = f"{secrets.randbelow(10**9):09d}"
    return "-".join(digits[i : i + 3] for i in range(0, 9, 3))


def debugger_refusal(host: str) -> str | None:
    """Why the debugger asked for stays off on `host`, or None on loopback."""
    if host in LOOPBACK:
        return None
    return (
        f"make run: the debugger stays off on {host}: it runs code for whoever reaches it, so "
        "only with HOST=127.0.0.1 (tracebacks are printed here either way)"
    )


def catalog_warnings(directory: Path) -> list[str]:
    """One line per declared language whose catalog is not ready: served anyway here."""
    return [
        f"make run: {language.code} ({language.name}) shows English where it lacks a "
        f"translation (each such message is logged when a page shows it; production refuses "
        f"to start): {problem}"
        for language, problem in catalog_problems(directory).items()
    ]


def development_app():
    """The site as `make run` serves it: catalogs compiled again when edited and each message
    shown untranslated logged (motorlab.dev.catalogs; production's app never imports it)."""
    return create_app_or_exit(translations=WatchedBabel())


def start(app: str, args: list[str], env: dict[str, str]) -> subprocess.Popen:
    """`flask --app APP ARGS`, a child in this process group, which Ctrl-C (or a test's
    watcher) reaches too."""
    return subprocess.Popen([FLASK, "--app", app, *args], cwd=PROJECT_ROOT, env=env)


@click.command("dev")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True)
@click.option("--debugger", is_flag=True, help="Werkzeug's interactive debugger (loopback only).")
def command(host: str, port: int, debugger: bool) -> None:
    """`make run`: the development server and the mail sender, and unless MAIL_SERVER is set a
    local SMTP sink that prints every mail staff would receive; all stop on Ctrl-C."""
    os.umask(UMASK)  # this process's files, the sink's and the children's
    stopping = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.set())
    sink = None
    if not os.environ.get("MAIL_SERVER"):
        from motorlab.dev.mail_sink import MailSink  # aiosmtpd: a development dependency

        sink = MailSink().start()
        print(
            f"make run: mail for staff is printed here (SMTP sink on {sink.host}:{sink.port};"
            " set MAIL_SERVER to use a real mail server)",
            flush=True,
        )
    for line in catalog_warnings(Path(os.path.relpath(PROJECT_ROOT / "translations"))):
        print(line, flush=True)
    refusal = debugger_refusal(host) if debugger else None
    if refusal:
        print(refusal, flush=True)
    pin = random_pin() if debugger and not refusal else None  # Werkzeug prints it here
    env = environment(os.environ, port, sink, pin)
    server = ["run", "--host", host, "--port", str(port), "--debugger" if pin else "--no-debugger"]
    children = [
        start("wsgi", ["outbox", "worker"], env),
        start("motorlab.dev.run:development_app", server, env),
    ]
    status = 0
    while not stopping.wait(0.2):
        ended = [child for child in children if child.poll() is not None]
        if ended:  # one of them could not start (a port in use) or crashed: stop the rest
            status = max(ended[0].returncode, 1)
            break
    for child in reversed(children):  # the server first: no new request for the sender
        if child.poll() is None:
            child.terminate()
        try:
            child.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:  # SIGKILL after STOP_WAIT
            child.kill()
            child.wait()
    if sink is not None:
        sink.stop()
    raise SystemExit(status)
