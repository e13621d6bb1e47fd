"""The boot script (widgets/boot.js) in Chromium: the typeface first, the widgets' code once the
page has shown; the next page in the typeface the first missed; a never-ending load."""

import time

import pytest

from tests.support.browser import PAINTED, platform_fonts, wait_for_widgets
from tests.support.navigation import PORTFOLIO, mark, start_navigation, swapped, wait_for_title

pytestmark = pytest.mark.browser


# When the page loaded and painted (first and largest contentful paint), and when each of its
# requests started (ms).
TIMELINE = """() => {
  const paints = [
    ...performance.getEntriesByName("first-contentful-paint"),
    ...performance.getEntriesByType("largest-contentful-paint"),
  ];
  return {
    load: performance.getEntriesByType("navigation")[0].loadEventEnd,
    paint: paints.length ? Math.max(...paints.map((entry) => entry.startTime)) : null,
    requests: performance.getEntriesByType("resource").map((r) => [r.name, r.startTime]),
  };
}"""
FIGTREE_LOADED = "() => document.fonts.check('700 16px Figtree')"
BODY_FACE = "() => getComputedStyle(document.body).fontFamily.replaceAll('\"', '')"


@pytest.mark.parametrize(
    ("path", "javascript"),
    [("/", True), ("/en/services", True), ("/portfolio", True), ("/en/contact", True)]
    + [("/en/services", False)],
)
def test_a_first_visit_gets_the_typeface_first_and_the_code_after_the_page_has_shown(
    open_page, path, javascript
):
    page = open_page(path, javascript=javascript)  # a new context: nothing cached or stored
    page.wait_for_function(FIGTREE_LOADED)
    timeline = page.evaluate(TIMELINE)
    fonts = [start for url, start in timeline["requests"] if "/static/build/fonts/" in url]
    assert len(fonts) == 1 and fonts[0] == min(start for _, start in timeline["requests"])
    assert page.evaluate(BODY_FACE).startswith("Figtree, Figtree Fallback,")
    assert page.evaluate("document.documentElement.className") == ("js" if javascript else "no-js")
    if javascript:
        assert timeline["paint"] is not None
        code = [(url, start) for url, start in timeline["requests"] if url.endswith(".js")]
        assert any(url.startswith(page.base + "/static/build/mount-") for url, _ in code)
        shown = max(timeline["load"], timeline["paint"])
        early = [url for url, start in code if start < shown]
        assert early == [], "code fetched before the page had loaded and shown"
    assert page.console_errors == []


def test_the_next_page_swapped_in_is_set_in_the_typeface_the_first_one_missed(open_page):
    page = open_page("/en/services", goto=False)
    held = []
    page.route("**/static/build/fonts/*.woff2", lambda route: held.append(route))
    page.goto(page.base + "/en/services", wait_until="commit")
    page.wait_for_function(PAINTED)
    page.wait_for_timeout(300)  # past the block period: the first page is in the fallback
    for route in held:
        route.continue_()
    wait_for_widgets(page)
    page.wait_for_function(FIGTREE_LOADED)
    session = page.context.new_cdp_session(page)
    assert [face.split()[0] for face in platform_fonts(session)] == ["Liberation"]
    mark(page)
    start_navigation(page)  # the navigation module first: a swap, not the browser's navigation
    page.click(PORTFOLIO)
    wait_for_title(page, "Portfolio")
    assert swapped(page), "swapped, not loaded"
    assert [face.split()[0] for face in platform_fonts(session)] == ["Figtree"]


def test_a_page_whose_load_never_ends_still_gets_its_widgets(open_page):
    page = open_page("/", goto=False)
    hung = []
    page.route("**/static/img/brands.svg*", lambda route: hung.append(route))  # unanswered
    started = time.monotonic()
    page.goto(page.base + "/", wait_until="domcontentloaded")
    wait_for_widgets(page)
    assert hung, "the image was asked for and never came"
    assert page.evaluate("document.readyState") != "complete", "the load never ended"
    assert time.monotonic() - started < 12
    page.wait_for_function(FIGTREE_LOADED)
