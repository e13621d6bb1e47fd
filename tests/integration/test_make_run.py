"""`make run` as a newcomer runs it (its command read from `make -n`); with a catalog not ready
(in a copy) it starts anyway, says so and reloads edits, while production refuses in one line."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup

from tests.support.clients import SPANISH_COOKIE, Visitor, get_text
from tests.support.contact_support import wait_for
from tests.support.deploy_tools import make, refusals
from tests.support.processes import (
    app_environment,
    free_port,
    free_port_outside_ephemeral_range,
)
from tests.support.project_copy import catalog, compile_catalog, copy_project

pytestmark = pytest.mark.system  # the development server, the sender and the sink

NAME = "Zoë Ibáñez"
DESCRIPTION = "A booking app for the workshops of three brands, with señal and café."
# Settings a developer's shell may hold that would change what `make run` does.
UNSET = (
    "SITE_URL", "EXTRA_HOSTS", "MAIL_SERVER", "MAIL_PORT", "MAKEFLAGS", "MAKELEVEL", "HOST",
    "DEBUGGER", "WERKZEUG_DEBUG_PIN",
)  # fmt: skip


def make_run_command(port: int, *settings: str) -> list[str]:
    """The command `make run PORT=port [settings]` runs."""
    result = make("-n", "run", f"PORT={port}", *settings, env=environment())
    assert result.returncode == 0, result.stderr
    (line,) = [line for line in result.stdout.splitlines() if "motorlab dev" in line]
    return shlex.split(line)


def environment(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in UNSET}
    return {**env, **extra}


def start(launch, tmp_path: Path, port: int, *settings: str, **extra: str):
    """`make run` on `port` (from free_port_outside_ephemeral_range: never its sink's port)."""
    env = environment(
        SECRET_KEY="make-run-test", OUTBOX_PATH=str(tmp_path / "outbox.sqlite3"),
        OUTBOX_POLL_INTERVAL="0.1", **extra,
    )  # fmt: skip
    command = make_run_command(port, *settings)
    process = launch.process(command, env=env, log=tmp_path / "make-run.log")
    process.wait_for(f"http://127.0.0.1:{port}/healthz", timeout=60)
    return process


def output(process) -> str:
    return process.log.read_text(errors="replace")


def printed_mail(process) -> str:
    """The parts of the first mail the sink printed (from its text part to its closing
    rule), or "" while it is not all there."""
    parts = output(process).partition("--- text/plain ---")[2]
    return parts.partition("\n" + "=" * 72 + "\n")[0] if "=" * 72 in parts else ""


def absolute_urls(html: str) -> list[str]:
    """Every absolute URL of this site in a page or the sitemap (any loopback origin)."""
    return re.findall(r"https?://(?:127\.0\.0\.1|localhost)[^\s\"'<>]*", html)


def processes_in_group(group: int) -> list[tuple[str, str]]:
    """The processes of a group but the launcher's watcher (a shell): each one's command line
    and umask."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
            command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            status = (stat.parent / "status").read_text()
        except OSError:
            continue
        if int(fields[2]) == group and not command.startswith("/bin/sh"):
            found.append((command, re.search(r"^Umask:\s*(\d+)", status, re.MULTILINE)[1]))
    return found


DEBUGGER_PATHS = ("/console", "/nothing-here?__debugger__=yes&cmd=resource&f=style.css")


def statuses(base: str) -> list[int]:
    return [Visitor(base).get(path)[0] for path in DEBUGGER_PATHS]


def machine_pin() -> str:
    """The PIN Werkzeug derives for `flask run`'s app from what every user can read (the
    user, flask.app's file, the MAC address, the machine's ID): what another user computes."""
    from flask import Flask
    from werkzeug.debug import get_pin_and_cookie_name

    assert "WERKZEUG_DEBUG_PIN" not in os.environ
    return get_pin_and_cookie_name(Flask("wsgi"))[0]


def test_make_run_mails_names_its_own_port_and_stops_on_ctrl_c(tmp_path, launch):
    port = free_port_outside_ephemeral_range()
    base = f"http://127.0.0.1:{port}"
    process = start(launch, tmp_path, port)
    try:
        sink_port = int(re.search(r"SMTP sink on 127\.0\.0\.1:(\d+)", output(process))[1])
        umasks = [umask for _, umask in processes_in_group(process.group)]
        assert len(umasks) >= 3  # dev_run, the sender, the server
        # Files made in development are not readable by other users, as production's units
        # make them (UMask=0027): instance/ 0750, the image cache 0640.
        assert umasks == ["0027"] * len(umasks), umasks
        assert statuses(base) == [404, 404], "no debugger unless asked for"
        assert "Debugger" not in output(process)

        visitor = Visitor(base)
        visitor.fetch_token()
        fields = {"name": NAME, "email": "zoe@example.com", "description": DESCRIPTION}
        assert visitor.post("/en/contact", fields)[0] == 303
        assert wait_for(lambda: printed_mail(process), timeout=10), output(process)
        text, _, html = printed_mail(process).partition("--- text/html ---")
        # Both parts decoded (no quoted-printable `=C3=A9`), the subject too.
        assert NAME in text and DESCRIPTION in text
        assert NAME in html and DESCRIPTION in html and "</html>" in html
        assert re.search(rf"^Subject: .*{NAME}$", output(process), re.MULTILINE)
        assert "not sent" not in output(process)

        status, sitemap = visitor.get("/sitemap.xml")
        assert status == 200
        pages = [re.sub(r"&amp;", "&", url) for url in re.findall(r"<loc>([^<]+)</loc>", sitemap)]
        assert pages and all(url.startswith(base + "/") for url in absolute_urls(sitemap))
        for url in pages:
            status, page = visitor.get(url.removeprefix(base))
            assert status == 200, url
            soup = BeautifulSoup(page, "html.parser")
            named = [
                soup.find("link", rel="canonical")["href"],
                soup.find("meta", property="og:url")["content"],
                *(link["href"] for link in soup.find_all("link", hreflang=True)),
            ]
            assert all(link.startswith(base + "/") or link == base for link in named), url
            assert [u for u in absolute_urls(page) if not u.startswith(base)] == [], url

        os.killpg(process.group, signal.SIGINT)  # what the terminal sends on Ctrl-C
        assert process.wait(timeout=15) == 0, output(process)
        assert wait_for(lambda: processes_in_group(process.group) == [], timeout=5), (
            processes_in_group(process.group)
        )
        for closed in (port, sink_port):
            with pytest.raises(ConnectionRefusedError), socket.socket() as probe:
                probe.connect(("127.0.0.1", closed))
        assert "outbox worker: 1 sent" in output(process)  # the sender ended its own way
        assert "Traceback" not in output(process)
    finally:
        process.stop()


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"])
def test_the_debugger_asked_for_is_on_loopback_only_with_a_pin_no_one_else_can_compute(
    host, tmp_path, launch
):
    port = free_port_outside_ephemeral_range()
    process = start(launch, tmp_path, port, "DEBUGGER=1", f"HOST={host}")
    try:
        said = output(process)
        refusal = [line for line in said.splitlines() if line.startswith("make run: the debug")]
        if host == "0.0.0.0":
            assert statuses(f"http://127.0.0.1:{port}") == [404, 404]
            assert refusal == [
                "make run: the debugger stays off on 0.0.0.0: it runs code for whoever reaches "
                "it, so only with HOST=127.0.0.1 (tracebacks are printed here either way)"
            ]
            assert "PIN" not in said
        else:
            assert statuses(f"http://127.0.0.1:{port}") == [200, 200]  # the debugger is there
            pins = re.findall(r"Debugger PIN: (\S+)", output(process))
            assert len(pins) == 1 and re.fullmatch(r"\d{3}-\d{3}-\d{3}", pins[0]), said
            assert pins[0] != machine_pin() and refusal == []
    finally:
        process.stop()


FOOTER = 'msgid "All rights reserved"\nmsgstr "Todos los derechos reservados"'


@pytest.fixture
def fuzzy_copy(tmp_path) -> Path:
    """A copy of the project whose Spanish catalog has one fuzzy entry, compiled (as after
    `make messages` marked a reworded text, then `make setup`): its package comes first on
    PYTHONPATH, so every command below runs the copy."""
    copy = copy_project(tmp_path, "site", "templates", "translations", files=("wsgi.py",))
    po = catalog(copy / "translations")
    po.write_text(po.read_text(encoding="utf-8").replace(FOOTER, "#, fuzzy\n" + FOOTER))
    compile_catalog(po)
    return copy


def test_make_run_starts_with_a_fuzzy_message_says_where_it_shows_and_reloads(
    fuzzy_copy, tmp_path, launch
):
    port = free_port_outside_ephemeral_range()
    base = f"http://127.0.0.1:{port}"
    po = catalog(fuzzy_copy / "translations")
    process = start(launch, tmp_path, port, PYTHONPATH=str(fuzzy_copy / "site"))
    try:
        said = [line for line in output(process).splitlines() if "make run: es" in line]
        assert len(said) == 1, output(process)
        assert "es/LC_MESSAGES/messages.po has 0 untranslated and 1 fuzzy" in said[0]
        assert "after make messages" in said[0]
        assert "All rights reserved" in get_text(base + "/", SPANISH_COOKIE)[1]
        assert get_text(base + "/services", SPANISH_COOKIE)[0] == 200
        assert get_text(base + "/", SPANISH_COOKIE)[0] == 200
        miss = (
            "Untranslated (es) on /: 'All rights reserved' shows in English: run make "
            "messages, then translate it in translations/es/LC_MESSAGES/messages.po"
        )
        untranslated = [line for line in output(process).splitlines() if "Untranslated" in line]
        assert len(untranslated) == 1 and miss in untranslated[0], untranslated

        # The translator clears the flag, a developer edits the footer: no restart.
        po.write_text(po.read_text(encoding="utf-8").replace("#, fuzzy\n" + FOOTER, FOOTER))
        footer = fuzzy_copy / "templates" / "components" / "footer" / "footer.html"
        html = footer.read_text(encoding="utf-8")
        footer.write_text(
            html.replace('<footer class="c-footer">', '<footer class="c-footer" data-edited>')
        )
        home = get_text(base + "/", SPANISH_COOKIE)[1]
        assert "Todos los derechos reservados" in home and "data-edited" in home
        assert output(process).count("Restarting with stat") == 1  # the reloader's first start
        assert "Traceback" not in output(process)
    finally:
        process.stop()


def test_production_refuses_the_fuzzy_message_in_one_line(fuzzy_copy, tmp_path, launch):
    """gunicorn as the unit runs it, the sender, and the export: each ends with status 3 and
    one line of its own, no traceback."""
    po = catalog(fuzzy_copy / "translations")
    with open(po, "rb") as handle:
        total = len([message for message in read_po(handle) if message.id])
    refusal = (
        "motorlab: not starting. These languages are declared in translations/languages.toml "
        f"but not ready: es (Español): {po} has 0 untranslated and 1 fuzzy of {total} messages "
        f"({(total - 1) * 100 // total} % done): fill every empty msgstr and clear every "
        "'#, fuzzy' there (after make messages), then compile it (make setup, or make "
        "prod-setup on a server) (or set INCOMPLETE_LANGUAGES to serve them anyway)"
    )
    env = app_environment(tmp_path / "outbox.sqlite3", PYTHONPATH=str(fuzzy_copy / "site"))
    said = refusals(launch, env, tmp_path / "export", free_port())
    assert said == dict.fromkeys(["gunicorn", "sender", "export"], [refusal])
    assert not (tmp_path / "export").exists()
