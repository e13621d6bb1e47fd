"""`make run` on a chosen port, as a newcomer runs it: its command (read from `make -n`),
a contact request posted to it, the mail staff would receive printed whole in its output,
every absolute URL of its pages naming that port, and Ctrl-C stopping everything."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tests.support.contact_support import wait_for
from tests.support.servers import ROOT, Visitor, free_port

pytestmark = pytest.mark.system  # the development server, the sender and the sink

NAME = "Zoë Ibáñez"
DESCRIPTION = "A booking app for the workshops of three brands, with señal and café."
# Settings a developer's shell may hold that would change what `make run` does.
UNSET = ("SITE_URL", "EXTRA_HOSTS", "MAIL_SERVER", "MAIL_PORT", "MAKEFLAGS", "MAKELEVEL")


def make_run_command(port: int) -> list[str]:
    """The command `make run PORT=port` runs (make -n prints it without running it)."""
    result = subprocess.run(
        ["make", "--no-print-directory", "-n", "run", f"PORT={port}"],
        cwd=ROOT, env=environment(), capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    (line,) = [line for line in result.stdout.splitlines() if "motorlab.dev_run" in line]
    return shlex.split(line)


def environment(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in UNSET}
    return {**env, **extra}


def start(launch, tmp_path: Path, port: int):
    env = environment(
        SECRET_KEY="make-run-test", OUTBOX_PATH=str(tmp_path / "outbox.sqlite3"),
        OUTBOX_POLL_INTERVAL="0.1",
    )  # fmt: skip
    process = launch.process(make_run_command(port), env=env, log=tmp_path / "make-run.log")
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


def test_make_run_prints_the_staff_mail_and_names_its_own_port(tmp_path, launch):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = start(launch, tmp_path, port)
    try:
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
    finally:
        process.stop()


def processes_in_group(group: int) -> list[str]:
    """The command lines of the processes of a group, but the launcher's watcher (a shell)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
            command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(fields[2]) == group and not command.startswith("/bin/sh"):
            found.append(command)
    return found


def test_ctrl_c_stops_the_server_the_sender_and_the_sink(tmp_path, launch):
    port = free_port()
    process = start(launch, tmp_path, port)
    sink_port = int(re.search(r"SMTP sink on 127\.0\.0\.1:(\d+)", output(process))[1])
    assert len(processes_in_group(process.group)) >= 3  # dev_run, the sender, the server
    os.killpg(process.group, signal.SIGINT)  # what the terminal sends on Ctrl-C
    try:
        assert process.wait(timeout=15) == 0, output(process)
        assert wait_for(lambda: processes_in_group(process.group) == [], timeout=5), (
            processes_in_group(process.group)
        )
        for closed in (port, sink_port):
            with pytest.raises(ConnectionRefusedError), socket.socket() as probe:
                probe.connect(("127.0.0.1", closed))
        assert "outbox worker: 0 sent" in output(process)  # the sender ended its own way
        assert "Traceback" not in output(process)
    finally:
        process.stop()
