"""The header navigation on phones: a disclosure button below 48 rem that opens a full-width
sheet over a backdrop; focus stays in it while it is open, Escape closes it and returns focus;
wider screens and visitors without JavaScript get the plain list."""

import pytest

from tests.support.browser import NAVIGATION_STARTED

pytestmark = pytest.mark.browser

PLAIN = "/services"


def test_menu_button_opens_and_escape_closes(open_page):
    page = open_page(PLAIN, width=375)
    toggle = page.locator(".c-nav__toggle")
    assert toggle.is_visible() and toggle.text_content().strip() == "Menú"
    assert toggle.get_attribute("aria-expanded") == "false"
    assert toggle.get_attribute("aria-controls") == page.locator(".c-nav__list").get_attribute("id")
    assert not page.locator(".c-nav__list").is_visible()

    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.locator(".c-nav__list").is_visible()
    page.keyboard.press("Tab")  # into the list
    assert page.evaluate("() => document.activeElement.classList.contains('c-nav__link')")
    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not page.locator(".c-nav__list").is_visible()
    assert page.evaluate("() => document.activeElement.classList.contains('c-nav__toggle')")
    assert page.console_errors == []


def test_header_fits_one_row_on_a_phone(open_page):
    page = open_page(PLAIN, width=375)
    brand = page.locator(".c-header__brand").bounding_box()
    toggle = page.locator(".c-nav__toggle").bounding_box()
    assert abs(brand["y"] + brand["height"] / 2 - (toggle["y"] + toggle["height"] / 2)) < 12
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375


def test_wide_screens_keep_the_plain_list(open_page):
    page = open_page(PLAIN, width=1280)
    assert not page.locator(".c-nav__toggle").is_visible()
    assert page.locator(".c-nav__list").is_visible()


def test_the_menu_works_after_a_swapped_navigation(open_page):
    page = open_page(PLAIN, width=375)
    page.hover(".c-header__brand")  # the first intent: the navigation loads
    page.wait_for_function(NAVIGATION_STARTED)
    page.click(".c-header__brand")
    page.wait_for_function("() => location.pathname === '/'")
    toggle = page.locator(".c-nav__toggle")
    assert toggle.count() == 1
    toggle.click()
    assert page.locator(".c-nav__list").is_visible()
    current = page.locator(".c-nav__link[aria-current=page]")
    assert current.count() == 1 and current.get_attribute("href") == "/"


def test_without_javascript_the_list_stays(open_page):
    page = open_page(PLAIN, width=375, javascript=False)
    assert not page.locator(".c-nav__toggle").is_visible()  # rendered, shown only with JS
    assert page.locator(".c-nav__list").is_visible()


def test_header_has_its_final_layout_before_the_widget_arrives(open_page, widget_manifest):
    """The button is server-rendered: the header does not change height when the widget
    mounts (no layout shift), and a widget that fails to load leaves the plain list."""
    chunk = widget_manifest["widgets"]["nav_menu"]["file"]
    mounted = open_page(PLAIN, width=375)
    final = mounted.evaluate("() => document.querySelector('main').getBoundingClientRect().top")

    waiting = open_page(PLAIN, width=375, goto=False)
    waiting.route(f"**/static/build/{chunk}", lambda route: None)  # never answers
    waiting.goto(waiting.base + PLAIN)
    top = waiting.evaluate("() => document.querySelector('main').getBoundingClientRect().top")
    assert top == final
    assert waiting.locator(".c-nav__toggle").is_visible()

    failed = open_page(PLAIN, width=375, goto=False)
    failed.route(f"**/static/build/{chunk}", lambda route: route.abort())
    failed.goto(failed.base + PLAIN)
    failed.wait_for_selector("[data-widget=nav_menu][data-mounted=failed]", state="attached")
    assert not failed.locator(".c-nav__toggle").is_visible()
    assert failed.locator(".c-nav__list").is_visible()


HEADER_HEIGHT = "() => document.querySelector('.c-header').getBoundingClientRect().height"


@pytest.mark.parametrize("path", ["/services", "/en/services"])
def test_header_keeps_one_row_at_every_width(open_page, path):
    """Brand, navigation (or its menu button) and the language link on one row: the header
    is as tall at 320-1920 px as at 1280 px, in both languages, and nothing overflows."""
    wide = open_page(path, width=1280).evaluate(HEADER_HEIGHT)
    for width in (320, 360, 375, 800, 1024, 1440, 1920):
        page = open_page(path, width=width)
        assert page.evaluate(HEADER_HEIGHT) == wide, width
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def test_phone_language_link_shows_its_code_and_keeps_its_name(open_page):
    page = open_page("/en/services", width=320)
    link = page.locator(".c-lang__link")
    assert link.locator(".c-lang__code").is_visible() and link.inner_text().startswith("ES")
    assert link.locator(".c-lang__name").bounding_box()["width"] <= 1
    assert page.get_by_role("link", name="Español").count() == 1
    box = link.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44


def test_open_menu_button_shows_a_close_icon(open_page):
    page = open_page(PLAIN, width=375)
    icon = "() => getComputedStyle(document.querySelector('.c-nav__toggle-icon')).backgroundImage"
    closed = page.evaluate(icon)
    page.locator(".c-nav__toggle").click()
    opened = page.evaluate(icon)
    assert "45deg" in opened and "45deg" not in closed


# The open sheet as the visitor sees it: the list's box, and the backdrop (the <nav>'s
# ::before) with its colour and the box it covers.
SHEET = """() => {
  const list = document.querySelector('.c-nav__list').getBoundingClientRect();
  const nav = document.querySelector('.c-nav');
  const backdrop = getComputedStyle(nav, '::before');
  const header = document.querySelector('.c-header').getBoundingClientRect();
  return {left: list.left, right: list.right, top: list.top, header: header.bottom,
          backdrop: backdrop.content !== 'none' && backdrop.position === 'fixed',
          dims: backdrop.backgroundColor,
          scrolls: getComputedStyle(document.documentElement).overflow};
}"""

FOCUSED = "() => document.activeElement.getAttribute('href') || document.activeElement.className"


@pytest.mark.parametrize(("path", "links"), [("/services", 5), ("/en/services", 5)])
def test_the_phone_menu_is_a_sheet_that_keeps_focus(open_page, path, links):
    """The issue saw a small floating box with no backdrop. Open, the list spans the window
    under the header, a backdrop dims the page (which does not scroll); Tab and Shift+Tab go
    round the button and the links only; Escape closes and returns focus to the button."""
    page = open_page(path, width=375)
    toggle = page.locator(".c-nav__toggle")
    toggle.click()
    page.wait_for_function("() => document.getAnimations().length === 0")  # slid in
    sheet = page.evaluate(SHEET)
    assert (sheet["left"], sheet["right"]) == (0, 375)
    assert abs(sheet["top"] - sheet["header"]) <= 1
    assert sheet["backdrop"] and sheet["dims"] not in ("rgba(0, 0, 0, 0)", "transparent")
    assert sheet["scrolls"] == "hidden"
    hrefs = page.locator(".c-nav__link").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    assert len(hrefs) == links
    toggle.focus()
    forward = []
    for _ in range(links + 2):
        page.keyboard.press("Tab")
        forward.append(page.evaluate(FOCUSED))
    assert forward == [*hrefs, "c-nav__toggle", hrefs[0]]  # round, never out of the menu
    backward = []
    for _ in range(2):
        page.keyboard.press("Shift+Tab")
        backward.append(page.evaluate(FOCUSED))
    assert backward == ["c-nav__toggle", hrefs[-1]]
    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not page.locator(".c-nav__list").is_visible()
    assert page.evaluate(FOCUSED) == "c-nav__toggle"
    assert page.evaluate(SHEET)["backdrop"] is False
    assert page.console_errors == []


def test_a_click_on_the_backdrop_closes_the_sheet(open_page):
    page = open_page(PLAIN, width=375)
    page.locator(".c-nav__toggle").click()
    page.mouse.click(187, 700)  # below the sheet: the backdrop
    assert page.locator(".c-nav__toggle").get_attribute("aria-expanded") == "false"
    assert not page.locator(".c-nav__list").is_visible()
    assert page.evaluate(SHEET)["scrolls"] != "hidden"


def test_the_menu_button_is_in_the_site_style(open_page):
    """Not the heavy black-bordered square the issue saw: a round, borderless button in the
    surface grey of the site's quiet controls, a 44 px target."""
    page = open_page(PLAIN, width=375)
    style = page.locator(".c-nav__toggle").evaluate(
        """b => { const s = getComputedStyle(b), r = b.getBoundingClientRect();
          return [s.borderTopWidth, s.borderRadius, s.backgroundColor, r.width, r.height]; }"""
    )
    # The token's colour as the browser computes it, from an element of the page's own.
    surface = page.evaluate(
        """() => { const probe = document.createElement('i');
                   probe.style.color = 'var(--color-surface)'; document.body.append(probe);
                   const colour = getComputedStyle(probe).color; probe.remove(); return colour; }"""
    )
    assert style[:3] == ["0px", "50%", surface]
    assert style[3:] == [44, 44]
