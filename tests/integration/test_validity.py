"""Valid HTML: the Nu Html Checker (npm `vnu-jar`, on Java) finds no error in every page, error
page and the contact mail, in one run (vnu takes seconds to start); skipped loudly without Java."""

from __future__ import annotations

import json
import shutil
import subprocess
import time

import pytest

from motorlab import create_app
from motorlab.contact.mail import build_message
from motorlab.contact.outbox import Row
from motorlab.errors.handlers import fallback_page
from tests.support.app import ROOT, analytics_config, returning_visitor
from tests.support.pages import PAGES

pytestmark = pytest.mark.system  # the Nu Html Checker runs on Java

VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def documents(client, analytics_client) -> dict[str, str]:
    """Every document to check, by a readable name."""
    docs = {}
    for param in PAGES:
        path = param.values[0]
        docs[f"page{path}"] = client.get(path).get_data(as_text=True)
    for path in ("/", "/en/privacy", "/privacy", "/en/projects/kuzu"):
        docs[f"analytics{path}"] = analytics_client.get(path).get_data(as_text=True)
    for path in ("/no-such-page", "/en/no-such-page"):
        docs[f"404{path}"] = client.get(path).get_data(as_text=True)
    docs["400/en"] = client.get("/en", headers={"Host": "evil.example"}).get_data(as_text=True)
    docs["422/en/contact"] = client.post("/en/contact", data={}).get_data(as_text=True)
    app = client.application
    with app.test_request_context("/en/anything"):
        docs["fallback/en"] = fallback_page(500).get_data(as_text=True)
        docs["mail"] = mail_html()
    return docs


def mail_html() -> str:
    row = Row(
        id=1, uuid="u1", created_at="2026-11-23T10:00:00+00:00", locale="en",
        name="Ana <b>Pérez</b>", email="ana@example.com",
        description="A workshop app.\nTwo lines & <markup>.", status="queued", attempts=0,
        last_error=None, claim=None, claimed_at=None, sent_at=None, next_attempt_at=0,
    )  # fmt: skip
    message = build_message(row)
    return message.get_body(("html",)).get_content()


def stylesheet_css_message(message: dict, html: str) -> bool:
    """A message of vnu's CSS checker (it knows no container queries) about the inline
    stylesheet: what vnu checks here is the HTML."""
    line = next(
        (n for n, text in enumerate(html.splitlines(), 1) if "<style data-stylesheet=" in text),
        None,
    )
    return message["message"].startswith("CSS:") and message.get("lastLine") == line


def test_every_document_is_valid_html(client, tmp_path):
    java = shutil.which("java")
    if java is None:
        pytest.skip(
            "NO JAVA: the HTML validity check (vnu) did not run. Install Debian's "
            "default-jre-headless (.ci/run does) to check every page."
        )
    assert VNU.exists(), f"{VNU} is missing: run `make setup` (npm ci)"
    docs = documents(client, returning_visitor(create_app(analytics_config())))
    names = {}
    for number, (name, html) in enumerate(sorted(docs.items())):
        file = tmp_path / f"{number:03d}.html"
        file.write_text(html, encoding="utf-8")
        names[file.name] = name
    started = time.monotonic()
    result = subprocess.run(
        [java, "-jar", str(VNU), "--errors-only", "--format", "json", str(tmp_path)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    elapsed = time.monotonic() - started
    report = json.loads(result.stderr or result.stdout)
    errors = [
        f"{names[m['url'].rsplit('/', 1)[-1]]}:{m.get('lastLine')}: {m['message']}"
        for m in report["messages"]
        if (m["type"] == "error" or m.get("subType") == "fatal")
        and not stylesheet_css_message(m, docs[names[m["url"].rsplit("/", 1)[-1]]])
    ]
    print(f"vnu checked {len(docs)} documents in {elapsed:.1f} s")
    assert errors == [], "\n".join(errors)
