"""The consent banner's look and keyboard in Chromium: over the page moving nothing, a compact
sheet on a phone, never over the focus, two buttons of one look. (The choices: test_consent.py.)"""

import pytest
from playwright.sync_api import expect

from tests.support.browser import assert_axe_clean, style
from tests.support.consent import BANNER_MOUNTED, banner

pytestmark = pytest.mark.browser

PHONE, DESKTOP = 375, 1280

BOXES = """() => Array.from(
  document.querySelectorAll("header, main, main h1, main p, main img, footer, footer a"),
  (node) => { const box = node.getBoundingClientRect();
              return [node.tagName, box.x, box.y + scrollY, box.width, box.height]; })"""


def open_with_the_widget_held(page, widget_manifest, path):
    """`path` with the consent widget held until the rest has settled: the boxes before and
    after it mounts (its rise over), and the layout shifts in between."""
    held = []
    chunk = "**/static/build/" + widget_manifest["widgets"]["consent_banner"]["file"]
    page.route(chunk, lambda route: held.append(route))
    page.goto(page.base + path, wait_until="domcontentloaded")
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_function("""() => Array.from(document.querySelectorAll(
        "[data-widget]:not([data-widget=consent_banner])")).every(n => n.dataset.mounted)""")
    page.wait_for_timeout(300)
    before = page.evaluate(BOXES)
    since = page.evaluate("performance.now()")
    while not held:
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.wait_for_selector(BANNER_MOUNTED, state="attached")
    page.wait_for_function(
        "() => document.querySelector('.c-consent-banner').getAnimations().length === 0"
    )
    shifts = [value for start, value in page.evaluate("window.__shifts") if start >= since]
    return before, page.evaluate(BOXES), shifts


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
@pytest.mark.parametrize("path", ["/en/services", "/en/privacy#analytics"])
def test_the_banner_and_the_privacy_block_appear_moving_nothing(
    visit, widget_manifest, path, width
):
    """The privacy page's block (opened at the banner's link) takes its room from the first
    paint, in view; the banner overlays the window's bottom."""
    page = visit(width=width)
    before, after, shifts = open_with_the_widget_held(page, widget_manifest, path)
    assert after == before and shifts == []
    if path.endswith("#analytics"):
        expect(page.locator(".c-consent-choice")).to_be_in_viewport()
        return
    expect(banner(page)).to_be_visible()
    # It overlays the bottom of the window, and the page can scroll its end clear of it.
    sheet = banner(page).bounding_box()
    assert sheet["y"] + sheet["height"] == pytest.approx(800, abs=1)
    assert style(page, ".c-consent-banner", "position") == "fixed"
    page.keyboard.press("End")
    page.wait_for_timeout(200)
    footer = page.locator("footer").bounding_box()
    assert footer["y"] + footer["height"] <= sheet["y"] + 1


STYLE = [
    "color", "background-color", "border-top-color", "border-top-width", "border-top-style",
    "border-radius", "font-family", "font-size", "font-weight", "text-transform",
    "letter-spacing", "padding-top", "padding-left", "min-height", "box-shadow", "opacity",
]  # fmt: skip


# On the phone: the sheet's box, its buttons' boxes and home's first call to action's.
SHEET = """() => {
  const box = el => { const r = el.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
  const sheet = document.querySelector(".c-consent-banner");
  return {sheet: box(sheet), buttons: [...sheet.querySelectorAll(".c-button")].map(box),
          action: box(document.querySelector(".c-intro__actions .c-button--primary")),
          background: getComputedStyle(sheet).backgroundColor};
}"""


@pytest.mark.parametrize("path", ["/", "/en"])
def test_on_a_phone_a_compact_sheet_leaves_the_heros_action_in_view(visit, path):
    """At 375 x 812 the sheet is 170 px tall at most, in the site's night colour, its two
    buttons side by side and of one size, home's first action whole above it (issue 44: a
    white block 247 px tall over the button)."""
    page = visit(path, width=PHONE, height=812)
    expect(banner(page)).to_be_visible()
    page.wait_for_function(
        "() => document.querySelector('.c-consent-banner').getAnimations().length === 0"
    )
    spot = page.evaluate(SHEET)
    left, top, width, height = spot["sheet"]
    assert height <= 170 and top + height == 812, spot
    assert spot["background"] == "rgb(15, 27, 45)"  # --color-night
    (a_left, a_top, a_width, a_height), (b_left, b_top, b_width, b_height) = spot["buttons"]
    assert (a_width, a_height) == (b_width, b_height) and a_top == b_top, spot
    assert a_left + a_width < b_left, spot
    x, y, w, h = spot["action"]
    assert y >= 0 and y + h <= top, spot


def test_a_named_region_with_two_buttons_of_one_look_never_over_the_focus(visit, axe):
    """WCAG 2.4.11: the widget keeps the scroll padding at the banner's height. Under reduced
    motion the banner does not rise."""
    page = visit("/en/privacy", width=PHONE, reduced_motion="reduce")
    expect(banner(page)).to_be_visible()
    assert style(page, ".c-consent-banner", "animation-name") == "none"
    assert page.evaluate("document.querySelector('.c-consent-banner').getAnimations()") == []
    sheet_top = banner(page).bounding_box()["y"]
    hidden = []
    for _ in range(40):
        page.keyboard.press("Tab")
        box = page.evaluate("""() => { const node = document.activeElement;
            if (node === document.body || node.closest('.c-consent-banner')) return null;
            const box = node.getBoundingClientRect();
            return [node.textContent.trim().slice(0, 30), box.top, box.bottom]; }""")
        if box and box[2] > sheet_top + 1:
            hidden.append(box)
    assert hidden == []
    region = banner(page)
    expect(region).to_be_visible()
    expect(region.get_by_role("button", name="Accept")).to_be_visible()
    expect(region.get_by_role("button", name="Decline")).to_be_visible()
    expect(region.get_by_role("link", name="What is collected")).to_have_attribute(
        "href", "/en/privacy#analytics"
    )
    assert_axe_clean(axe, page)
    # Both buttons have one look: a secondary button's, outlined, not filled.
    buttons = region.get_by_role("button")
    assert buttons.all_inner_texts() == ["ACCEPT", "DECLINE"]
    styles = [
        button.evaluate(
            "(node, names) => names.map((n) => getComputedStyle(node).getPropertyValue(n))", STYLE
        )
        for button in buttons.all()
    ]
    assert styles[0] == styles[1]
    classes = buttons.evaluate_all("(nodes) => nodes.map((n) => n.className)")
    assert classes == ["c-button c-button--secondary"] * 2
    assert style(page, ".c-consent-banner .c-button", "background-color") == "rgba(0, 0, 0, 0)"
    # The toast is announced by the polite live region that was there before it.
    region.get_by_role("button", name="Accept").click()
    live = page.locator(".c-toast-region")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text("Thank you")
