"""What every page must do in real Chromium, in both locales: JavaScript on and off, phone and
desktop widths, axe, touch targets, the brand font."""

from __future__ import annotations

import pytest

from tests.support.browser import (
    axe_report,
    serve_without_scripts,
    wait_for_widgets,
    words_split_across_lines,
)
from tests.support.pages import LOCALES, PAGES, ROUTES, localized

pytestmark = pytest.mark.shared_app

WIDTHS = {"phone": 375, "desktop": 1280}
BROKEN_IMAGES = """
Promise.all(Array.from(document.images, image => {
    image.loading = "eager";
    return image.decode().then(() => null, () => image.currentSrc || image.src);
})).then(results => results.filter(Boolean))
"""


def screenshot_name(path: str, locale: str, device: str, javascript: bool) -> str:
    route = path.removeprefix("/en").strip("/").replace("/", "-") or "home"
    return f"{route}-{locale}-{device}-{'js' if javascript else 'nojs'}.png"


@pytest.mark.browser
@pytest.mark.parametrize(("path", "locale"), PAGES)
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("device", list(WIDTHS))
def test_page_in_chromium(browser, live_server, artifacts, axe, path, locale, javascript, device):
    """It loads, never scrolls sideways, decodes every image, logs no console error, and axe
    finds no WCAG 2.2 A/AA or best-practice violation, with JavaScript once every widget has
    mounted. Screenshots go to tests/artifacts/."""
    context = browser.new_context(viewport={"width": WIDTHS[device], "height": 800})
    context.add_cookies([{"name": "i18n_redirected", "value": locale, "url": live_server}])
    page = context.new_page()
    if not javascript:
        page.route(live_server + path, serve_without_scripts)
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        response = page.goto(live_server + path, wait_until="load")
        assert response.status == 200
        if javascript:
            wait_for_widgets(page)  # axe below checks the page as the widgets left it
        assert page.evaluate("document.documentElement.lang") == locale
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTHS[device]
        # Load every image now (lazy ones would wait for the viewport), then list the ones
        # that fail to decode: a missing file or an SVG that does not parse.
        assert page.evaluate(BROKEN_IMAGES) == []
        expected_class = "js" if javascript else "no-js"
        assert expected_class in page.evaluate("document.documentElement.className").split()
        violations = axe(page)
        assert violations == [], axe_report(violations)
        page.screenshot(
            path=str(artifacts / screenshot_name(path, locale, device, javascript)),
            full_page=True,
        )
        assert errors == []
    finally:
        context.close()


def found_on_every_page(browser, base, find, width, height=800, javascript=True) -> dict:
    """What `find(page)` finds on each page in both languages in a `width` px window, by path
    (a page where it finds nothing left out)."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, java_script_enabled=javascript
    )
    page = context.new_page()
    try:
        found = {}
        for route in ROUTES:
            for locale in LOCALES:
                path = localized(route, locale)
                page.goto(base + path)
                if javascript:
                    wait_for_widgets(page)
                if what := find(page):
                    found[path] = what
        return found
    finally:
        context.close()


@pytest.mark.browser
def test_every_page_fits_a_320px_screen_without_javascript(browser, live_server):
    def too_wide(page):
        width = page.evaluate("document.documentElement.scrollWidth")
        return width if width > 320 else None

    assert found_on_every_page(browser, live_server, too_wide, 320, 640, javascript=False) == {}


@pytest.mark.browser
@pytest.mark.parametrize("locale", LOCALES)
def test_home_shows_its_call_to_action_in_the_first_phone_screen(browser, live_server, locale):
    """At 375 x 812 the intro's "I'm ready" button to the contact page is in view without
    scrolling, with the portfolio link beside or under it."""
    context = browser.new_context(viewport={"width": 375, "height": 812})
    context.add_cookies([{"name": "i18n_redirected", "value": locale, "url": live_server}])
    page = context.new_page()
    try:
        page.goto(live_server + localized("/", locale))
        wait_for_widgets(page)
        for target in ("/contact", "/portfolio"):
            link = page.locator(f'main .c-intro a[href="{localized(target, locale)}"]')
            box = link.bounding_box()
            assert box and box["y"] + box["height"] <= 812 and box["height"] >= 44, target
        button = page.locator(f'main .c-intro a[href="{localized("/contact", locale)}"]')
        # The label as the catalog writes it (the button's capitals are CSS).
        assert button.text_content().strip() == {"es": "Estoy listo", "en": "I'm ready"}[locale]
    finally:
        context.close()


@pytest.mark.browser
def test_no_word_is_broken_across_lines_on_a_phone(browser, live_server):
    """At 375 px (and 320 px) no page shows a word cut in two ("TypeScrip/t"); a token may
    wrap only after a hyphen or a slash. Guideline tables become stacked lists there."""
    for width in (375, 320):
        split = found_on_every_page(browser, live_server, words_split_across_lines, width)
        assert split == {}, width


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


@pytest.mark.browser
def test_every_control_is_a_44px_target_on_a_phone(browser, live_server):
    def small_targets(page):
        return page.evaluate(SMALL_TARGETS)

    assert found_on_every_page(browser, live_server, small_targets, 375) == {}


@pytest.mark.browser
@pytest.mark.parametrize("width", [700, 800, 1000])
def test_no_card_stands_alone_in_half_a_row(open_page, width):
    """Home's three project cards at tablet widths: a row holds two cards or one card as
    wide as the list, never one card in half of it."""
    page = open_page("/", width=width)
    rows = page.eval_on_selector(
        ".l-cards",
        """list => {
          const width = list.getBoundingClientRect().width;
          const rows = {};
          for (const item of list.children) {
            const r = item.getBoundingClientRect();
            (rows[Math.round(r.top)] ||= []).push(Math.round(r.width));
          }
          return Object.values(rows).map(row => row.length > 1 || row[0] >= width - 1);
        }""",
    )
    assert all(rows)


LAYOUT_SHIFTS = """() => {
  window.__shifts = [];
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__shifts.push(entry.value);
    }
  }).observe({type: "layout-shift", buffered: true});
}"""


@pytest.mark.browser
@pytest.mark.parametrize("path", ["/", "/en/services"])
def test_the_brand_font_comes_from_the_site_and_moves_nothing(open_page, path):
    """Figtree is fetched once from this origin (≤ 40 kB), after the page has shown (held
    1.5 s here); the page stays in the fallback sized like it, and nothing on the first
    screen moves (CLS 0). The next page the tab loads is set in Figtree from the start."""
    page = open_page(path, width=375, goto=False)
    fonts = []
    page.on("request", lambda r: r.resource_type == "font" and fonts.append(r))

    def late(route):
        page.wait_for_timeout(1500)
        route.continue_()

    page.route("**/static/build/fonts/*.woff2", late)
    page.add_init_script(LAYOUT_SHIFTS.join(["(", ")()"]))
    assert page.goto(page.base + path).status == 200
    wait_for_widgets(page)
    page.wait_for_function("() => document.fonts.check('700 16px Figtree')", timeout=10_000)
    page.wait_for_timeout(300)
    assert len(fonts) == 1 and fonts[0].url.startswith(page.base + "/static/build/fonts/")
    assert len(fonts[0].response().body()) <= 40 * 1024
    # One family list on every page (font-display: optional draws the face only if it came in
    # time; here it did not, and the fallback sized like it stays: nothing moves).
    family = "() => getComputedStyle(document.body).fontFamily.replaceAll('\"', '')"
    assert page.evaluate(family).startswith("Figtree, Figtree Fallback,")
    assert sum(page.evaluate("() => window.__shifts")) == 0
    page.reload()
    assert page.evaluate("() => document.fonts.check('700 16px Figtree')")
