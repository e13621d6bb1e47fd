"""The browser tests' fixtures and helpers: the app on loopback, Debian's Chromium, axe-core,
pages opened with their widgets mounted, and measurements."""

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
from tests.support.consent import ANALYTICS_ORIGINS, BANNER_MOUNTED

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "tests" / "artifacts"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@contextmanager
def serving(app):
    """`app` on a free loopback port (Werkzeug's threaded server): its URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
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
    with serving(create_app(analytics_config())) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    """The system Chromium: no browser download is possible here."""
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
    """`axe(page)`: the page's WCAG 2.2 A/AA and best-practice violations, the first nodes of
    each. Evaluated by Playwright, not injected, so the page's CSP stays and no-JS pages work."""
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


def assert_axe_clean(axe, page) -> None:
    violations = axe(page)
    assert violations == [], json.dumps(violations, indent=1)


WIDGETS_MOUNTED = """() => Array.from(document.querySelectorAll('[data-widget]'))
    .every(node => node.dataset.mounted === 'true')"""
# The tab has had the brand typeface (every page preloads it): later pages find it cached.
TYPEFACE_KEPT = "() => document.fonts.check('16px Figtree')"
# The widgets' entry has run: every island has a state, "waiting" for those far from view.
WIDGETS_STARTED = """() => Array.from(document.querySelectorAll('[data-widget]'))
    .every(node => node.dataset.mounted)"""
PAINTED = "() => performance.getEntriesByName('first-contentful-paint').length"
# The navigation module has started: it takes scroll restoration over from the browser.
NAVIGATION_STARTED = "() => history.scrollRestoration === 'manual'"

# Before any script of the page: every CSP violation it meets.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (event) => window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
"""

SCRIPT_ELEMENT = re.compile(r"<script\b[^>]*>.*?</script>", re.DOTALL | re.IGNORECASE)


def serve_without_scripts(route) -> None:
    """The page with none of its scripts (Chromium's own switch would also stop axe)."""
    # Playwright's fetch drops Sec-Fetch-Site: put it back, or a post with the page's Origin
    # is judged against SITE_URL's.
    response = route.fetch(headers={**route.request.headers, "sec-fetch-site": "same-origin"})
    route.fulfill(response=response, body=SCRIPT_ELEMENT.sub("", response.text()))


def stub_analytics(page) -> None:
    """Analytics answered by a stub counting its runs (one the CSP refused would not run)."""
    page.reached = []

    def stub(route):
        page.reached.append(route.request.url)
        body = "window.__gtagRuns = (window.__gtagRuns || 0) + 1;"
        route.fulfill(status=200, content_type="text/javascript", body=body)

    for pattern in ANALYTICS_ORIGINS:
        page.context.route(pattern, stub)


def goto(page, path) -> None:
    """`path` opened (the 404 page where no page is), the consent widget mounted."""
    assert page.goto(page.base + path).status == (404 if "no-such-page" in path else 200)
    page.wait_for_selector(BANNER_MOUNTED, state="attached")


def wait_for_widgets(page) -> None:
    """Every widget mounted: each still waiting to come near the viewport is scrolled into
    view first, then the page back (no timer of the page's: a test may run its clock)."""
    page.wait_for_function(WIDGETS_STARTED)
    top = page.evaluate("scrollY")
    # Handles, not a locator: a node may leave the waiting state at any moment.
    while nodes := page.query_selector_all("[data-widget][data-mounted=waiting]"):
        for node in nodes:
            node.scroll_into_view_if_needed()
            page.wait_for_function("node => node.dataset.mounted !== 'waiting'", arg=node)
    page.evaluate("top => scrollTo({top, behavior: 'instant'})", top)
    page.wait_for_function(WIDGETS_MOUNTED)


@pytest.fixture
def open_page(browser, live_server):
    """open_page(path, **options below) -> a page in a context of its own, language cookie set,
    console errors in page.console_errors; with `goto`, opened (answered `status`), widgets in."""
    contexts = []

    def open_(
        path,
        width=1280,
        height=800,
        reduced_motion="no-preference",
        javascript=True,
        goto=True,
        status=200,
        base=live_server,
        locale=DEFAULT_LOCALE,
        chromium=browser,
        **context_options,
    ):
        context = chromium.new_context(
            viewport={"width": width, "height": height},
            reduced_motion=reduced_motion,
            java_script_enabled=javascript,
            **context_options,
        )
        context.add_cookies([{"name": COOKIE_NAME, "value": locale, "url": base}])
        contexts.append(context)
        page = context.new_page()
        page.base = base
        page.console_errors = []
        page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
        page.on("pageerror", lambda e: page.console_errors.append(str(e)))
        if goto:
            assert page.goto(base + path).status == status
            if javascript:
                wait_for_widgets(page)
        return page

    yield open_
    for context in contexts:
        context.close()


def open_at(open_page, path, width, status=200):
    """The page at `width` px, widgets mounted, fonts in."""
    page = open_page(path, width=width, status=status)
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    return page


def across(page, widths, script, arg=None, height=900):
    """{width: what `script` returns} with the window resized to each width in turn."""
    found = {}
    for width in widths:
        page.set_viewport_size({"width": width, "height": height})
        found[width] = page.evaluate(script, arg)
    return found


# The boxes of the elements a selector matches (document order), rounded to the pixel:
# {x, y, right, bottom, width, height}.
BOXES = """selector => [...document.querySelectorAll(selector)].map(el => {
  const r = el.getBoundingClientRect();
  return {x: Math.round(r.left), y: Math.round(r.top), right: Math.round(r.right),
          bottom: Math.round(r.bottom), width: Math.round(r.width), height: Math.round(r.height)};
})"""
STYLES = """([selector, property, pseudo]) => [...document.querySelectorAll(selector)]
  .map(el => getComputedStyle(el, pseudo).getPropertyValue(property))"""


def boxes(page, selector) -> list[dict]:
    return page.evaluate(BOXES, selector)


def style(page, selector, prop, pseudo=None) -> str:
    return page.evaluate(STYLES, [selector, prop, pseudo])[0]


def pxs(page, selector, prop="font-size") -> list[float]:
    values = page.evaluate(STYLES, [selector, prop, None])
    return [float(value.removesuffix("px")) for value in values]


def px(page, selector, prop="font-size") -> float:
    return pxs(page, selector, prop)[0]


def rows_of(found) -> list[list[int]]:
    """The boxes' rows, top to bottom, as lists of their indexes."""
    tops = sorted({round(b["y"]) for b in found})
    return [[i for i, b in enumerate(found) if round(b["y"]) == top] for top in tops]


def assert_no_carousel(page, kind):
    """Nothing to name, rotate or tab through: every item of the carousel is in view."""
    carousel = page.locator(f".c-carousel--{kind}")
    assert carousel.locator("button, [aria-roledescription], [inert]").count() == 0
    assert carousel.locator(".c-carousel__controls").first.is_hidden()


# Every word of the page's visible text that the browser broke across two lines (a word may
# break only after a hyphen or a slash): at most 20.
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
    return page.evaluate(SPLIT_WORDS)


def platform_fonts(session, selector="main h1") -> list[str]:
    """The faces Chromium drew the node's text in, most glyphs first ("Figtree Light" for the
    variable Figtree)."""
    session.send("DOM.enable")
    session.send("CSS.enable")
    root = session.send("DOM.getDocument")["root"]["nodeId"]
    node = session.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = session.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return [f["familyName"] for f in sorted(fonts, key=lambda f: -f["glyphCount"])]
