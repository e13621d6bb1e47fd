"""The browser tests' fixtures: the app on a free loopback port (Werkzeug's threaded server),
Debian's Chromium through Playwright, axe-core, and pages opened with their widgets mounted."""

from __future__ import annotations

import json
import re
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from motorlab import create_app
from motorlab.config import TestConfig
from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE
from tests.support.app import ROOT, analytics_config

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "tests" / "artifacts"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@contextmanager
def serving(app):
    """`app` on a free loopback port (Werkzeug's threaded server, in this process, so it ends
    with the run): its base URL. The one Werkzeug server of the tests."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def live_server():
    with serving(create_app(TestConfig())) as base:
        yield base


@pytest.fixture(scope="session")
def analytics_server():
    """The site with ANALYTICS_ID set, on its own loopback port."""
    with serving(create_app(analytics_config())) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    """Playwright launches the system Chromium: no browser download is possible here."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where browser tests leave screenshots for a person to look at (git-ignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def axe():
    """`axe(page)` runs axe-core on the page and returns its WCAG 2.2 A/AA and best-practice
    violations (empty when there are none), with the first nodes of each for the report.

    axe is evaluated by Playwright rather than injected as a <script>, so the page's strict
    CSP stays as it is; it also runs on pages loaded with JavaScript disabled."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make setup` (npm ci)")
    source = AXE.read_text(encoding="utf-8")

    def run(page) -> list[dict]:
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            page.evaluate(source)
        result = page.evaluate(
            "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS
        )
        return [
            {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"]
        ]

    return run


def axe_report(violations: list[dict]) -> str:
    return json.dumps(violations, indent=1)


# Every widget node of the page has mounted (or failed to: the page stays usable).
WIDGETS_SETTLED = """() => Array.from(document.querySelectorAll('[data-widget]'))
    .every(node => node.dataset.mounted === 'true' || node.dataset.mounted === 'failed')"""
WIDGETS_MOUNTED = """() => Array.from(document.querySelectorAll('[data-widget]'))
    .every(node => node.dataset.mounted === 'true')"""
# The tab has had the brand typeface (every page preloads it: styles/fonts.css): the pages it
# loads from now on find it in the cache, in time for their first layout.
TYPEFACE_KEPT = "() => document.fonts.check('16px Figtree')"
# The widgets' entry has run (the boot script imports it once the page has shown): every
# island has a state, "waiting" for those far from the viewport.
WIDGETS_STARTED = """() => Array.from(document.querySelectorAll('[data-widget]'))
    .every(node => node.dataset.mounted)"""

# The navigation module (widgets/navigation) has started: it takes the scroll restoration over
# from the browser.
NAVIGATION_STARTED = "() => history.scrollRestoration === 'manual'"


SCRIPT_ELEMENT = re.compile(r"<script\b[^>]*>.*?</script>", re.DOTALL | re.IGNORECASE)


def serve_without_scripts(route) -> None:
    """The page as a browser without JavaScript gets it: none of its scripts run. (Chromium's
    own switch would also stop axe, whose checks need timers, so the scripts go instead.)"""
    # Playwright's fetch drops the Sec-Fetch-Site Chromium sends on its own page's requests:
    # put it back, or a post with the page's Origin is judged against SITE_URL's (another).
    response = route.fetch(headers={**route.request.headers, "sec-fetch-site": "same-origin"})
    route.fulfill(response=response, body=SCRIPT_ELEMENT.sub("", response.text()))


def wait_for_widgets(page) -> None:
    """Wait until every widget on the page has mounted: each still waiting to come near the
    viewport (mount.js mounts it then) is scrolled into view first, and the page back to
    where it was. (No animation frame or timer of the page's: a test may run its clock.)"""
    page.wait_for_function(WIDGETS_STARTED)
    top = page.evaluate("scrollY")
    # Handles taken now, not a locator: a node may leave the waiting state at any moment.
    while nodes := page.query_selector_all("[data-widget][data-mounted=waiting]"):
        for node in nodes:
            node.scroll_into_view_if_needed()
            page.wait_for_function("node => node.dataset.mounted !== 'waiting'", arg=node)
    page.evaluate("top => scrollTo({top, behavior: 'instant'})", top)
    page.wait_for_function(WIDGETS_MOUNTED)


@pytest.fixture
def open_page(browser, live_server):
    """open_page(path, width=1280, reduced_motion="no-preference", javascript=True, goto=True,
    height=800)
    -> a Playwright page of the real site (language cookie set) whose console errors collect
    in page.console_errors; with `goto`, opened and its widgets mounted."""
    contexts = []

    def open_(
        path, width=1280, reduced_motion="no-preference", javascript=True, goto=True, height=800
    ):
        context = browser.new_context(
            viewport={"width": width, "height": height},
            reduced_motion=reduced_motion,
            java_script_enabled=javascript,
        )
        cookie = {"name": COOKIE_NAME, "value": DEFAULT_LOCALE, "url": live_server}
        context.add_cookies([cookie])
        contexts.append(context)
        page = context.new_page()
        page.base = live_server
        page.console_errors = []
        page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
        page.on("pageerror", lambda e: page.console_errors.append(str(e)))
        if goto:
            assert page.goto(live_server + path).status == 200
            if javascript:
                wait_for_widgets(page)
        return page

    yield open_
    for context in contexts:
        context.close()


# Every word of the page's visible text that the browser broke inside, across two lines: a
# word is split at white space, and may break only after a hyphen or a slash (a token such as
# `--font-sans` or `a/b` wraps there). Returns "word" strings, at most 20.
SPLIT_WORDS = r"""() => {
  const split = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node && split.length < 20; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, template, [hidden], [inert]")) continue;
    if (!parent.checkVisibility({visibilityProperty: true})) continue;
    // Visually hidden text (a 1 px clipped box, such as u-visually-hidden) is never seen.
    let hidden = false;
    for (let el = parent; el && !hidden; el = el.parentElement) {
      hidden = el.getBoundingClientRect().width <= 1 && getComputedStyle(el).overflow === "hidden";
    }
    if (hidden) continue;
    for (const match of node.data.matchAll(/[^\s\-\/\u2010-\u2014]+[\-\/\u2010-\u2014]?/g)) {
      if (match[0].length < 2) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set(
        [...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom))
      );
      if (tops.size > 1) split.push(match[0]);
    }
  }
  return split;
}"""


def words_split_across_lines(page) -> list[str]:
    """The words the page shows broken inside, across two lines (SPLIT_WORDS)."""
    return page.evaluate(SPLIT_WORDS)


def open_at(open_page, path, width):
    """The page at `width` px, any status (the 404 too), widgets mounted, fonts in."""
    page = open_page(path, width=width, goto=False)
    page.goto(page.base + path)
    wait_for_widgets(page)
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    return page
