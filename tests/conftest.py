"""Fixtures shared by every test: the app built with TestConfig, its client, HTML parsing."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from werkzeug.serving import make_server

from motorlab import create_app
from motorlab.config import TestConfig

# The contact tests' fixtures (smtp, contact_app, contact_client).
pytest_plugins = ["tests.contact_support"]


@pytest.fixture
def app():
    return create_app(TestConfig())


@pytest.fixture
def client(app):
    """A returning visitor: the language cookie is set, so `/` never redirects."""
    client = app.test_client()
    client.set_cookie("i18n_redirected", "es")
    return client


@pytest.fixture
def first_visit_client(app):
    """A visitor without the language cookie."""
    return app.test_client()


def soup_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def visible_text(soup: BeautifulSoup) -> str:
    """The page's text as a person reads it: whitespace folded, scripts left out."""
    for node in soup(["script", "style", "template"]):
        node.decompose()
    return " ".join(soup.get_text(" ").split())


# --- Widgets (issue 8): fixture pages served by the real app, and helpers for the
# browser tests that drive them. The site's page templates are being restructured, so the
# widgets are proven on tests/widget_fixtures' pages with the real build output.

AXE_PATH = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDGET_MANIFEST = (
    Path(__file__).resolve().parents[1] / "site" / "motorlab" / "static" / "build" / "manifest.json"
)


def _serve(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server


@pytest.fixture(scope="session")
def widget_server():
    """The fixture pages (/_widgets/home|plain|contact) on a free loopback port."""
    from tests.widget_fixtures import create_fixture_app

    server = _serve(create_fixture_app())
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def widget_manifest() -> dict:
    if not WIDGET_MANIFEST.exists():
        pytest.fail(f"{WIDGET_MANIFEST} is missing: run `make setup` (npm run build)")
    return json.loads(WIDGET_MANIFEST.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def react_chunk(widget_manifest) -> str:
    """The one chunk both React widgets share: React and react-dom."""
    widgets = widget_manifest["widgets"]
    shared = set(widgets["carousel"]["imports"]) & set(widgets["navigation"]["imports"])
    shared -= set(widget_manifest["entry"]["imports"])
    assert len(shared) == 1, shared
    return shared.pop()


@pytest.fixture
def open_widget_page(browser, widget_server):
    """open_widget_page(path, width=1280, reduced_motion="no-preference", javascript=True)
    -> a Playwright page whose console errors collect in page.console_errors."""
    contexts = []

    def open_page(path, width=1280, reduced_motion="no-preference", javascript=True, goto=True):
        context = browser.new_context(
            viewport={"width": width, "height": 800},
            reduced_motion=reduced_motion,
            java_script_enabled=javascript,
        )
        contexts.append(context)
        page = context.new_page()
        page.console_errors = []
        page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
        page.on("pageerror", lambda e: page.console_errors.append(str(e)))
        if goto:
            assert page.goto(widget_server + path).status == 200
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def axe():
    """axe(page) -> the WCAG 2.2 A/AA violations on the page as it is now. axe is evaluated
    by Playwright, not injected as a <script>, so the page's CSP stays strict."""
    if not AXE_PATH.exists():
        pytest.fail(f"{AXE_PATH} is missing: run `make setup` (npm ci)")
    source = AXE_PATH.read_text(encoding="utf-8")

    def run(page) -> list:
        if not page.evaluate("() => typeof axe !== 'undefined'"):
            page.evaluate(source)
        result = page.evaluate(
            "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS
        )
        return [
            {"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"]
        ]

    return run
