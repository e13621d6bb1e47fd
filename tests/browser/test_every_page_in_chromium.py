"""Every page in Chromium, both locales, JavaScript on and off, phone and desktop: axe, images,
touch targets, no word broken. (The brand font: test_first_page_typeface.py.)"""

import pytest

from tests.support.browser import (
    across,
    assert_axe_clean,
    serve_without_scripts,
    wait_for_widgets,
    words_split_across_lines,
)
from tests.support.pages import LOCALES, PAGES, ROUTES, localized

pytestmark = [pytest.mark.shared_app, pytest.mark.browser]

WIDTHS = {"phone": 375, "desktop": 1280}
# Every image loaded now (lazy ones would wait for the viewport): those that fail to decode.
BROKEN_IMAGES = """
Promise.all(Array.from(document.images, image => {
    image.loading = "eager";
    return image.decode().then(() => null, () => image.currentSrc || image.src);
})).then(results => results.filter(Boolean))
"""


@pytest.mark.parametrize(("path", "locale"), PAGES)
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("device", list(WIDTHS))
def test_page_in_chromium(open_page, artifacts, axe, path, locale, javascript, device):
    """It loads, never scrolls sideways, decodes every image, logs no console error, and axe
    finds no WCAG 2.2 A/AA or best-practice violation (with JavaScript, once every widget has
    mounted). Screenshots go to tests/artifacts/."""
    page = open_page(path, width=WIDTHS[device], locale=locale, goto=False)
    if not javascript:
        page.route(page.base + path, serve_without_scripts)
    assert page.goto(page.base + path, wait_until="load").status == 200
    if javascript:
        wait_for_widgets(page)
    assert page.evaluate("document.documentElement.lang") == locale
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTHS[device]
    assert page.evaluate(BROKEN_IMAGES) == []
    expected_class = "js" if javascript else "no-js"
    assert expected_class in page.evaluate("document.documentElement.className").split()
    assert_axe_clean(axe, page)
    route = path.removeprefix("/en").strip("/").replace("/", "-") or "home"
    shot = artifacts / f"{route}-{locale}-{device}-{'js' if javascript else 'nojs'}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert page.console_errors == []


def found_on_every_page(open_page, find, width, height=800, javascript=True) -> dict:
    """What `find(page)` finds on each page in both languages in a `width` px window, by path
    (a page where it finds nothing left out)."""
    page = open_page("/", width=width, height=height, javascript=javascript, goto=False)
    found = {}
    for route in ROUTES:
        for locale in LOCALES:
            path = localized(route, locale)
            page.goto(page.base + path)
            if javascript:
                wait_for_widgets(page)
            if what := find(page):
                found[path] = what
    return found


def test_every_page_fits_a_320px_screen_without_javascript(open_page):
    def too_wide(page):
        width = page.evaluate("document.documentElement.scrollWidth")
        return width if width > 320 else None

    assert found_on_every_page(open_page, too_wide, 320, 640, javascript=False) == {}


# Every control a finger uses, as it is shown: links that are not part of a sentence (an
# inline link in running text is exempt, WCAG 2.5.8), buttons and form fields.
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary')]
  .filter(e => e.checkVisibility() && !e.closest('[inert]')
               && getComputedStyle(e).display !== 'inline')
  .map(e => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width > 1 && (r.width < 44 || r.height < 44))
  .map(([e, r]) => `${e.tagName} "${e.textContent.trim().slice(0, 30)}" `
                   + `${Math.round(r.width)}x${Math.round(r.height)}`)"""


def test_on_a_phone_no_word_is_broken_and_every_control_is_a_44px_target(open_page):
    """At 375 px (and 320 px) no page shows a word cut in two ("TypeScrip/t"); a token may
    wrap only after a hyphen or a slash (guideline tables become stacked lists there)."""

    def faults(page):
        found = {"split": words_split_across_lines(page), "small": page.evaluate(SMALL_TARGETS)}
        return {name: what for name, what in found.items() if what}

    assert found_on_every_page(open_page, faults, 375) == {}
    assert found_on_every_page(open_page, words_split_across_lines, 320) == {}


@pytest.mark.parametrize("path", ["/", "/en"])
def test_no_card_stands_alone_in_half_a_row(open_page, path):
    """Home's three project cards at tablet widths: a row holds two cards or one card as
    wide as the list, never one card in half of it."""
    page = open_page(path, width=700)
    rows = across(
        page,
        (700, 800, 1000),
        """() => {
          const list = document.querySelector(".l-cards");
          const width = list.getBoundingClientRect().width;
          const rows = {};
          for (const item of list.children) {
            const r = item.getBoundingClientRect();
            (rows[Math.round(r.top)] ||= []).push(Math.round(r.width));
          }
          return Object.values(rows).map(row => row.length > 1 || row[0] >= width - 1);
        }""",
    )
    assert {width: found for width, found in rows.items() if not all(found)} == {}
