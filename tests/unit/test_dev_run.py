"""`make run`'s settings (motorlab.dev_run), the mail sink's print-out, and `make help`
naming the address `make run` serves."""

from __future__ import annotations

import os
import subprocess
from email.message import EmailMessage

from motorlab.dev_run import environment
from motorlab.mail_sink import readable
from tests.support.servers import ROOT


def test_site_url_defaults_to_the_port_it_runs_on_and_loopback_is_always_trusted():
    env = environment({"PATH": "/bin"}, 5077, sink_port=2525)
    assert env["SITE_URL"] == "http://127.0.0.1:5077"
    assert env["EXTRA_HOSTS"] == "127.0.0.1,localhost"
    assert (env["MAIL_SERVER"], env["MAIL_PORT"]) == ("127.0.0.1", "2525")
    assert (env["MAIL_USE_TLS"], env["MAIL_USE_SSL"], env["PATH"]) == ("0", "0", "/bin")


def test_a_developers_own_settings_are_kept():
    mine = {
        "SITE_URL": "http://motorlab.test:8080",
        "EXTRA_HOSTS": "motorlab.test,localhost",
        "MAIL_SERVER": "smtp.example.com",
        "MAIL_PORT": "587",
    }
    env = environment(mine, 5077, sink_port=None)
    assert env["SITE_URL"] == "http://motorlab.test:8080"
    assert env["EXTRA_HOSTS"] == "motorlab.test,localhost,127.0.0.1"
    assert (env["MAIL_SERVER"], env["MAIL_PORT"]) == ("smtp.example.com", "587")


def test_the_sink_prints_headers_and_both_parts_decoded():
    message = EmailMessage()
    message["Subject"] = "Solicitud de contacto de Zoë"
    message["From"] = "web@motorlab.example"
    message["To"] = "hola@motorlab.example"
    message.set_content("Descripción: café\n", cte="quoted-printable")
    message.add_alternative("<p>Descripción: café</p>\n", subtype="html", cte="base64")
    lines = readable(message).splitlines()
    assert lines == [
        "=" * 72,
        "From: web@motorlab.example",
        "To: hola@motorlab.example",
        "Subject: Solicitud de contacto de Zoë",
        "",
        "--- text/plain ---",
        "Descripción: café",
        "",
        "--- text/html ---",
        "<p>Descripción: café</p>",
        "=" * 72,
    ]


def test_make_help_names_the_address_make_run_serves():
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL")}
    result = subprocess.run(
        ["make", "--no-print-directory", "help", "PORT=5077", "HOST=0.0.0.0"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    (run,) = [line for line in result.stdout.splitlines() if line.split()[0] == "run"]
    assert "http://0.0.0.0:5077 " in run
    assert "$(" not in result.stdout
