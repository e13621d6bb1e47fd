"""The boot script (widgets/boot.js) in Chromium: a first visit fetches nothing of the
typeface or the widgets' code until the page has loaded and shown; then both come, the widgets
mount, and the page stays in the fallback face (nothing changes under the reader's eyes) while
the next page, swapped in or loaded in the tab, is set in Figtree from the start; a page whose
load never ends still gets its widgets; without JavaScript the typeface comes at once."""

from __future__ import annotations

import time

import pytest

from tests.support.browser import wait_for_widgets

pytestmark = pytest.mark.browser

# When the page loaded and painted (its first contentful paint and its largest, as shown on
# screen), and when each of its requests started (ms).
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
# Before any script of the page: whether <html> has "fonts" once the parser is done.
FONTS_AT_PARSE = """document.addEventListener("DOMContentLoaded", () => {
  window.__fontsAtParse = document.documentElement.classList.contains("fonts");
});"""


@pytest.mark.parametrize("path", ["/", "/en/services", "/portfolio", "/en/contact"])
def test_a_first_visit_gets_the_typeface_and_the_code_after_the_page_has_shown(open_page, path):
    page = open_page(path)  # a new context: nothing cached, nothing stored
    page.wait_for_function(FIGTREE_LOADED)
    timeline = page.evaluate(TIMELINE)
    assert timeline["paint"] is not None
    built = [(url, start) for url, start in timeline["requests"] if "/static/build/" in url]
    kinds = {"font": "/static/build/fonts/", "entry": "/static/build/mount-"}
    for kind, prefix in kinds.items():
        assert any(url.startswith(page.base + prefix) for url, _ in built), kind
    shown = max(timeline["load"], timeline["paint"])
    early = [url for url, start in built if start < shown]
    assert early == [], "fetched before the page had loaded and shown"
    assert page.evaluate("document.documentElement.className") == "js"
    assert page.evaluate(BODY_FACE).startswith("Figtree Fallback, Figtree Fallback,")
    assert page.console_errors == []


def test_the_next_page_swapped_in_is_set_in_the_typeface(open_page):
    page = open_page("/en/services")
    page.wait_for_function(FIGTREE_LOADED)
    page.evaluate("() => { window.__marker = 'kept' }")
    page.click("header a.c-nav__link[href='/en/portfolio']")
    page.wait_for_function("() => document.title.startsWith('Portfolio')")
    assert page.evaluate("window.__marker") == "kept", "swapped, not loaded"
    assert page.evaluate("document.documentElement.className") == "js fonts"
    assert page.evaluate(BODY_FACE).startswith("Figtree, Figtree Fallback,")


def test_a_tab_that_has_had_the_typeface_sets_the_next_page_in_it_from_the_start(open_page):
    page = open_page("/en/services")
    page.wait_for_function("() => sessionStorage.getItem('motorlab:fonts') === '1'")
    page.context.add_init_script(FONTS_AT_PARSE)
    page.goto(page.base + "/en/portfolio")  # a page load in the same tab
    assert page.evaluate("window.__fontsAtParse") is True
    assert page.evaluate(BODY_FACE).startswith("Figtree, Figtree Fallback,")
    # Another tab has not had it: the fallback face until its page has shown.
    other = page.context.new_page()
    other.goto(page.base + "/en/portfolio")
    assert other.evaluate("window.__fontsAtParse") is False
    other.wait_for_function(FIGTREE_LOADED)
    assert other.evaluate("document.documentElement.className") == "js"


def test_a_page_whose_load_never_ends_still_gets_its_widgets(open_page):
    page = open_page("/", goto=False)
    hung = []
    page.route("**/static/img/brands/valdora.svg*", lambda route: hung.append(route))  # unanswered
    started = time.monotonic()
    page.goto(page.base + "/", wait_until="domcontentloaded")
    wait_for_widgets(page)
    assert hung, "the image was asked for and never came"
    assert page.evaluate("document.readyState") != "complete", "the load never ended"
    assert time.monotonic() - started < 12
    page.wait_for_function(FIGTREE_LOADED)


def test_without_javascript_the_typeface_comes_at_once(open_page):
    page = open_page("/en/services", javascript=False)
    page.wait_for_function(FIGTREE_LOADED)
    assert page.evaluate("document.documentElement.className") == "no-js"
    assert page.evaluate(BODY_FACE).startswith("Figtree, Figtree Fallback,")
    timeline = page.evaluate(TIMELINE)
    fonts = [start for url, start in timeline["requests"] if "/static/build/fonts/" in url]
    assert len(fonts) == 1 and fonts[0] < timeline["load"]
