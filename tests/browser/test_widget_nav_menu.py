"""The header navigation: on phones a button opens a sheet that keeps focus; wider screens and
visitors without JavaScript get the plain list; the header keeps one row at every width."""

import pytest

from tests.support.browser import NAVIGATION_STARTED, boxes, style

pytestmark = pytest.mark.browser

PLAIN = "/services"
HEADER_HEIGHT = "() => document.querySelector('.c-header').getBoundingClientRect().height"
# The open sheet: the list's box, the backdrop (the <nav>'s ::before) and whether it dims.
SHEET = """() => {
  const list = document.querySelector('.c-nav__list').getBoundingClientRect();
  const backdrop = getComputedStyle(document.querySelector('.c-nav'), '::before');
  const header = document.querySelector('.c-header').getBoundingClientRect();
  return {left: list.left, right: list.right, top: list.top, header: header.bottom,
          backdrop: backdrop.content !== 'none' && backdrop.position === 'fixed',
          dims: backdrop.backgroundColor,
          scrolls: getComputedStyle(document.documentElement).overflow};
}"""
FOCUSED = "() => document.activeElement.getAttribute('href') || document.activeElement.className"
# The --color-surface token as the browser computes it, from an element of the page's own.
SURFACE = """() => { const probe = document.createElement('i');
  probe.style.color = 'var(--color-surface)'; document.body.append(probe);
  const colour = getComputedStyle(probe).color; probe.remove(); return colour; }"""


@pytest.mark.parametrize(("path", "name"), [("/services", "Menú"), ("/en/services", "Menu")])
def test_the_phone_menu_is_a_sheet_that_keeps_focus(open_page, path, name):
    """A round, borderless button in the quiet controls' grey, a 44 px target level with the
    brand; open, the list spans the window under the header over a dimming backdrop (the page
    does not scroll); Tab and Shift+Tab go round; Escape, or the backdrop, closes it."""
    page = open_page(path, width=375)
    toggle = page.locator(".c-nav__toggle")
    assert toggle.is_visible() and toggle.text_content().strip() == name
    assert toggle.get_attribute("aria-expanded") == "false"
    assert toggle.get_attribute("aria-controls") == page.locator(".c-nav__list").get_attribute("id")
    assert not page.locator(".c-nav__list").is_visible()
    brand, button = boxes(page, ".c-header__brand")[0], boxes(page, ".c-nav__toggle")[0]
    assert abs(brand["y"] + brand["height"] / 2 - (button["y"] + button["height"] / 2)) < 12
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
    look = [style(page, ".c-nav__toggle", p) for p in ("border-top-width", "border-radius")]
    assert look == ["0px", "50%"] and (button["width"], button["height"]) == (44, 44)
    assert style(page, ".c-nav__toggle", "background-color") == page.evaluate(SURFACE)
    closed = style(page, ".c-nav__toggle-icon", "background-image")
    toggle.click()
    page.wait_for_function("() => document.getAnimations().length === 0")  # slid in
    assert toggle.get_attribute("aria-expanded") == "true"
    opened = style(page, ".c-nav__toggle-icon", "background-image")
    assert "45deg" in opened and "45deg" not in closed  # a close icon
    sheet = page.evaluate(SHEET)
    assert (sheet["left"], sheet["right"]) == (0, 375)
    assert abs(sheet["top"] - sheet["header"]) <= 1
    assert sheet["backdrop"] and sheet["dims"] not in ("rgba(0, 0, 0, 0)", "transparent")
    assert sheet["scrolls"] == "hidden"
    hrefs = page.locator(".c-nav__link").evaluate_all("as => as.map(a => a.getAttribute('href'))")
    assert len(hrefs) == 5
    toggle.focus()
    forward = []
    for _ in range(7):
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
    toggle.click()
    page.mouse.click(187, 700)  # below the sheet: the backdrop
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not page.locator(".c-nav__list").is_visible()
    assert page.evaluate(SHEET)["scrolls"] != "hidden"
    assert page.console_errors == []


def test_the_header_is_final_before_the_widget_which_works_after_a_swap(open_page, widget_manifest):
    """The button is server-rendered: the header does not change height when the widget
    mounts; a widget that fails to load, or no JavaScript, leaves the plain list."""
    chunk = f"**/static/build/{widget_manifest['widgets']['nav_menu']['file']}"
    main_top = "() => document.querySelector('main').getBoundingClientRect().top"
    waiting = open_page(PLAIN, width=375, goto=False)
    waiting.route(chunk, lambda route: None)  # never answers
    waiting.goto(waiting.base + PLAIN)
    page = open_page(PLAIN, width=375)
    assert waiting.evaluate(main_top) == page.evaluate(main_top)
    assert waiting.locator(".c-nav__toggle").is_visible()
    failed = open_page(PLAIN, width=375, goto=False)
    failed.route(chunk, lambda route: route.abort())
    failed.goto(failed.base + PLAIN)
    failed.wait_for_selector("[data-widget=nav_menu][data-mounted=failed]", state="attached")
    without = open_page(PLAIN, width=375, javascript=False)
    for plain in (failed, without):
        assert not plain.locator(".c-nav__toggle").is_visible()  # shown only with the widget
        assert plain.locator(".c-nav__list").is_visible()
    # The menu works on a page the navigation swapped in.
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


@pytest.mark.parametrize("path", ["/services", "/en/services"])
def test_header_keeps_one_row_at_every_width(open_page, path):
    """Brand, navigation (or its menu button) and the language link on one row: as tall at
    320-1920 px as at 1280 px, nothing overflowing. Wide screens keep the plain list; at
    320 px the language link shows its code, keeps its name and a 44 px target."""
    page = open_page(path, width=1280)
    assert not page.locator(".c-nav__toggle").is_visible()
    assert page.locator(".c-nav__list").is_visible()
    wide = page.evaluate(HEADER_HEIGHT)
    for width in (320, 360, 375, 800, 1024, 1440, 1920):
        page.set_viewport_size({"width": width, "height": 800})
        page.evaluate("() => new Promise(requestAnimationFrame)")
        assert page.evaluate(HEADER_HEIGHT) == wide, width
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page = open_page(path, width=320)  # loaded at that width
    link = page.locator(".c-lang__link")
    assert link.locator(".c-lang__code").is_visible()
    assert link.locator(".c-lang__name").bounding_box()["width"] <= 1
    language = "English" if path == "/services" else "Español"
    assert link.inner_text().startswith(language[:2].upper())
    assert page.get_by_role("link", name=language).count() == 1
    box = link.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
