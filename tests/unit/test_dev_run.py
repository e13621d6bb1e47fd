"""`make run`'s settings (motorlab.dev.run), the mail sink's print-out, `make help`, and the
app in development (debug mode) with real catalogs: one not ready is logged, message by
message, and one edited while it runs is read at the next request."""

from __future__ import annotations

import logging
import os
import re
import shutil
from email.message import EmailMessage
from types import SimpleNamespace
from urllib.parse import unquote

import pytest
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup
from flask import request

from motorlab import create_app
from motorlab.dev.catalogs import WatchedBabel
from motorlab.dev.mail_sink import readable
from motorlab.dev.run import catalog_warnings, debugger_refusal, environment, random_pin
from motorlab.pages.registry import public_paths
from tests.support.app import config_with
from tests.support.deploy_tools import make
from tests.support.processes import ROOT
from tests.support.project_copy import catalog, compile_catalog

FOOTER = 'msgid "All rights reserved"\nmsgstr "Todos los derechos reservados"'
SERVICES = (
    'msgid "Services for the whole life of a car"\nmsgstr "Servicios para toda la vida de un coche"'
)


SINK = SimpleNamespace(host="127.0.0.1", port=2525, username="motorlab-dev", password="s3cret")


def test_site_url_defaults_to_the_port_it_runs_on_and_a_developers_own_settings_are_kept():
    env = environment({"PATH": "/bin", "WERKZEUG_DEBUG_PIN": "off"}, 5077, SINK)
    assert env["SITE_URL"] == "http://127.0.0.1:5077"
    assert env["EXTRA_HOSTS"] == "127.0.0.1,localhost"  # loopback always trusted
    # Development: the server and the sender in debug mode, and no page stored.
    assert (env["FLASK_DEBUG"], env["CACHE_TYPE"]) == ("1", "NullCache")
    assert (env["MAIL_SERVER"], env["MAIL_PORT"]) == ("127.0.0.1", "2525")
    assert (env["MAIL_USERNAME"], env["MAIL_PASSWORD"]) == ("motorlab-dev", "s3cret")
    assert (env["MAIL_USE_TLS"], env["MAIL_USE_SSL"], env["PATH"]) == ("0", "0", "/bin")
    assert "WERKZEUG_DEBUG_PIN" not in env  # no debugger asked for: no PIN from the shell
    mine = {
        "SITE_URL": "http://motorlab.test:8080", "EXTRA_HOSTS": "motorlab.test,localhost",
        "MAIL_SERVER": "smtp.example.com", "MAIL_PORT": "587", "WERKZEUG_DEBUG_PIN": "off",
    }  # fmt: skip
    pins = [random_pin() for _ in range(20)]
    env = environment(mine, 5077, None, debugger_pin=pins[0])
    assert env["SITE_URL"] == "http://motorlab.test:8080"
    assert env["EXTRA_HOSTS"] == "motorlab.test,localhost,127.0.0.1"
    assert (env["MAIL_SERVER"], env["MAIL_PORT"]) == ("smtp.example.com", "587")
    # The debugger: a random PIN, and only on loopback.
    assert env["WERKZEUG_DEBUG_PIN"] == pins[0]
    assert all(re.fullmatch(r"\d{3}-\d{3}-\d{3}", pin) for pin in pins)
    assert len(set(pins)) == 20
    assert [debugger_refusal(host) for host in ("127.0.0.1", "localhost", "::1")] == [None] * 3
    assert debugger_refusal("0.0.0.0") == (
        "make run: the debugger stays off on 0.0.0.0: it runs code for whoever reaches it, so "
        "only with HOST=127.0.0.1 (tracebacks are printed here either way)"
    )


RULE = "=" * 72


@pytest.mark.parametrize(
    ("subject", "plain", "html", "printed"),
    [
        (
            "Solicitud de contacto de Zoë",
            "Descripción: café\n",
            "<p>Descripción: café</p>\n",
            ["Subject: Solicitud de contacto de Zoë", "", "--- text/plain ---",
             "Descripción: café", "", "--- text/html ---", "<p>Descripción: café</p>"],
        ),
        (
            "Hola \x1b]0;pwned\x07 \x9b2J",
            "a\x1b]52;c;aWQK\x07b\x1b[2J\x1b[8mhidden\x7f\x85\tz\n",
            None,
            ["Subject: Hola \\x1b]0;pwned\\x07 \\x9b2J", "", "--- text/plain ---",
             "a\\x1b]52;c;aWQK\\x07b\\x1b[2J\\x1b[8mhidden\\x7f\\x85\tz"],
        ),
    ],
    ids=["decoded", "control-characters-escaped"],
)  # fmt: skip
def test_the_sink_prints_headers_and_parts_decoded_and_escaped(subject, plain, html, printed):
    message = EmailMessage()
    message["Subject"] = subject
    message["From"] = "web@motorlab.example"
    message["To"] = "hola@motorlab.example"
    message.set_content(plain, cte="quoted-printable")
    if html:
        message.add_alternative(html, subtype="html", cte="base64")
    lines = readable(message).splitlines()
    head = ["From: web@motorlab.example", "To: hola@motorlab.example"]
    assert lines == [RULE, *head, *printed, RULE]


def test_make_help_names_the_address_make_run_serves():
    result = make("help", "PORT=5077", "HOST=0.0.0.0")
    (run,) = [line for line in result.stdout.splitlines() if line.split()[0] == "run"]
    assert "http://0.0.0.0:5077 " in run
    assert "DEBUGGER=1 adds Werkzeug's debugger, on 127.0.0.1 only" in run
    assert "$(" not in result.stdout


@pytest.fixture
def catalogs(tmp_path):
    """A compiled copy of the catalogs (each .mo as new as its .po, as `make setup` leaves
    them): `po` is the Spanish one."""
    directory = tmp_path / "translations"
    shutil.copytree(ROOT / "translations", directory, ignore=shutil.ignore_patterns("*.pot"))
    return directory


def edit(po, old: str, new: str) -> None:
    """Change the .po as a translator's editor saves it: later than its .mo."""
    text = po.read_text(encoding="utf-8")
    assert text.count(old) == 1
    po.write_text(text.replace(old, new), encoding="utf-8")
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime_ns >= po.stat().st_mtime_ns:
        os.utime(po, ns=(po.stat().st_atime_ns, mo.stat().st_mtime_ns + 1))


def development_app(catalogs):
    """The app as `make run` builds it: debug mode, no page stored."""
    config = config_with(
        DEBUG=True, CACHE_TYPE="NullCache", BABEL_TRANSLATION_DIRECTORIES=str(catalogs)
    )
    client = create_app(config, translations=WatchedBabel()).test_client()
    client.set_cookie("i18n_redirected", "es")
    return client


def misses(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


def line(page: str, message: str, po) -> str:
    return (
        f"Untranslated (es) on {page}: {message!r} shows in English: run make messages, then "
        f"translate it in {po} (an empty msgstr or a '#, fuzzy' entry)"
    )


# What any web page can make the developer's browser ask of 127.0.0.1:5000 (issue 43): red
# text, a reset, a line break, the terminal's title set, a bell, and a forged log line.
HOSTILE = "%1b%5b31mRED%1b%5b0m%0a%1b%5d0;PWNED%07FAKE-LINE"
ESCAPED = "\\x1b[31mRED\\x1b[0m\\x0a\\x1b]0;PWNED\\x07FAKE-LINE"
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def terminal_lines(caplog) -> list[str]:
    """The app's log as the terminal running make run gets it (formatted, tracebacks
    included): no control character but its own line breaks."""
    assert not CONTROLS.search(caplog.text), repr(caplog.text)
    return caplog.text.splitlines()


def test_each_message_shown_in_english_is_logged_once_with_its_page(catalogs, caplog):
    po = catalog(catalogs)
    edit(po, FOOTER, "#, fuzzy\n" + FOOTER)  # as `make messages` marks a reworded text
    edit(po, SERVICES, SERVICES.split("msgstr")[0] + 'msgstr ""')
    compile_catalog(po)
    client = development_app(catalogs)  # production would refuse this catalog
    caplog.set_level(logging.WARNING)
    pages = {path: client.get(path) for path in ("/", "/services", "/en/services")}
    assert {path: page.status_code for path, page in pages.items()} == dict.fromkeys(pages, 200)
    assert "All rights reserved" in pages["/"].get_data(as_text=True)
    for path in ("/", "/services", "/en/contact"):
        client.get(path)
    assert misses(caplog) == [
        line("/", "All rights reserved", po),
        line("/services", "Services for the whole life of a car", po),
    ]


def test_no_page_logs_a_message_until_a_catalog_edited_while_it_runs_lacks_one(catalogs, caplog):
    """Nothing but a real miss is reported (every page in both languages, and a 404), and an
    edit of a catalog shows at the next request."""
    po = catalog(catalogs)
    client = development_app(catalogs)
    caplog.set_level(logging.WARNING)
    paths = public_paths(client.application)
    assert len(paths) > 10
    for path in [*paths, "/nothing-here", "/en/nothing-here"]:
        assert client.get(path).status_code in (200, 404), path
    assert misses(caplog) == []
    assert "Todos los derechos reservados" in client.get("/").get_data(as_text=True)
    edit(po, FOOTER, FOOTER.replace("reservados", "bien reservados"))
    assert "Todos los derechos bien reservados" in client.get("/").get_data(as_text=True)
    assert po.with_suffix(".mo").stat().st_mtime_ns >= po.stat().st_mtime_ns  # compiled
    edit(po, FOOTER.replace("reservados", "bien reservados"), "#, fuzzy\n" + FOOTER)
    assert "All rights reserved" in client.get("/").get_data(as_text=True)  # fuzzy: left out
    assert misses(caplog) == [line("/", "All rights reserved", po)]


def test_make_run_says_in_one_line_what_a_catalog_lacks(catalogs):
    po = catalog(catalogs)
    assert catalog_warnings(catalogs) == []
    edit(po, FOOTER, "#, fuzzy\n" + FOOTER)
    with open(po, "rb") as handle:
        total = len([message for message in read_po(handle) if message.id])
    assert catalog_warnings(catalogs) == [
        "make run: es (Español) shows English where it lacks a translation (each such message "
        f"is logged when a page shows it; production refuses to start): {po} has 0 "
        f"untranslated and 1 fuzzy of {total} messages ({(total - 1) * 100 // total} % done): "
        "fill every empty msgstr and clear every '#, fuzzy' there (after make messages), then "
        "compile it (make setup, or make prod-setup on a server)"
    ]


def test_an_untranslated_message_logs_the_requests_path_escaped(catalogs, caplog):
    po = catalog(catalogs)
    edit(po, FOOTER, "#, fuzzy\n" + FOOTER)
    compile_catalog(po)
    client = development_app(catalogs)
    caplog.set_level(logging.WARNING)
    assert client.get("/" + HOSTILE).status_code == 404
    lines = terminal_lines(caplog)
    (logged,) = [each for each in lines if "PWNED" in each]
    assert f"Untranslated (es) on /{ESCAPED}: 'All rights reserved'" in logged
    assert not any(each.startswith("FAKE-LINE") for each in lines)


NOTE = "The error's details are in the terminal running make run."


@pytest.mark.parametrize("debug", [True, False])
def test_a_500_page_in_development_says_where_the_traceback_is(debug, caplog):
    """The traceback goes to the log (the terminal running make run) with only its own line
    breaks; production's page is unchanged."""
    app = create_app(config_with(DEBUG=debug, CACHE_TYPE="NullCache"))

    @app.get("/en/broken")
    def broken():
        raise RuntimeError(f"broken on {request.args['q']}")

    page = app.test_client().get(f"/en/broken?q={HOSTILE}")
    assert page.status_code == 500
    text = " ".join(BeautifulSoup(page.get_data(as_text=True), "html.parser").get_text().split())
    assert (NOTE in text) is debug
    logged = [record.exc_info[1].args[0] for record in caplog.records if record.exc_info]
    assert logged == [f"broken on {unquote(HOSTILE)}"]
    if debug:
        lines = terminal_lines(caplog)
        assert "Traceback (most recent call last):" in lines
        assert f"RuntimeError: broken on {ESCAPED}" in lines
