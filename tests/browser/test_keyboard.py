"""Keyboard use: every Tab stop of every page is a visible control with a visible focus ring;
the header in reading order; without JavaScript, a 320 px phone's header and the pager."""

import pytest

from tests.support.pages import PAGES

pytestmark = pytest.mark.browser

# What the focused element is, as the visitor sees it: None for <body> (focus lost).
FOCUSED = r"""() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const box = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  // A link stretched over its card (::after) draws the card's ring there.
  const ringed = s => s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0
    && !/rgba\(.*, 0\)$/.test(s.outlineColor);
  const outline = ringed(style) || ringed(getComputedStyle(el, "::after"));
  const first = window.__firstStop === undefined;
  if (first) window.__firstStop = el;
  return {
    name: `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent)
      .trim().replace(/\s+/g, " ").slice(0, 40)}"`,
    sized: box.width > 0 && box.height > 0,
    inView: box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth,
    shown: el.checkVisibility({visibilityProperty: true, opacityProperty: true}),
    ring: outline || style.boxShadow !== "none",
    again: !first && el === window.__firstStop,
    top: el.matches(".u-skip-link"),
    header: el.closest("header") && [box.left, el.textContent.trim().replace(/\s+/g, " ")],
  };
}"""


def tab_stops(page, limit=400) -> list[dict | None]:
    """Every stop of Tab until focus comes round to its first, None where focus fell to
    <body>; the browser's own stop past the document's end is left out."""
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUSED)
        if stop and stop["again"]:
            stops.append(stop)  # the first stop again: it tells whether the end came before
            break
        stops.append(stop)
    else:
        raise AssertionError(f"focus never came round in {limit} presses of Tab")
    wraps = [
        i
        for i in range(len(stops) - 1)
        if stops[i] is None and stops[i + 1] and stops[i + 1]["top"]
    ]
    assert len(wraps) == 1, "the end of the document once, then the skip link"
    del stops[wraps[0]]
    return stops[:-1]


# The language link's name, and the menu button's, by the page's locale.
LANGUAGE = {"es": "English", "en": "Español"}
MENU = {"es": "Menú", "en": "Menu"}


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize(("path", "locale"), PAGES)
def test_every_tab_stop_is_a_visible_control(open_page, path, locale, width):
    """Tab as the page's first input (on home a stop once fell to <body>: the carousel's
    render, which keyboard focus starts, replaced the focused link). The header's stops stand
    left to right (the issue saw the menu button reached before "EN", which sits left of it):
    brand, the five links and the language at 1280; brand, the language and the menu at 375."""
    page = open_page(path, width=width)
    stops = tab_stops(page)
    assert len(stops) >= 8  # the skip link, the header's links, the page's own
    faults = [
        (i, stops[i - 1]["name"] if i and stops[i - 1] else None, stop)
        for i, stop in enumerate(stops)
        if stop is None or not (stop["sized"] and stop["inView"] and stop["shown"] and stop["ring"])
    ]
    assert faults == [], "(index, the stop before, the stop)"
    header = [stop["header"] for stop in stops if stop["header"] and not stop["top"]]
    lefts = [left for left, _ in header]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts), header
    names = [name for _, name in header]
    if width == 375:
        assert len(names) == 3 and names[1].endswith(LANGUAGE[locale]), names
        assert names[2] == MENU[locale], names
    else:
        assert len(names) == 7 and names[-1].endswith(LANGUAGE[locale]), names


def test_without_javascript_a_small_phone_reaches_the_header_and_the_pager(open_page):
    page = open_page("/en", width=320, height=640, javascript=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to main content"
    reached = []
    for _ in range(8):
        page.keyboard.press("Tab")
        # The language link's name (its code "ES" is hidden from assistive technology).
        reached.append(
            page.evaluate(
                "(document.activeElement.querySelector('.c-lang__name')"
                " || document.activeElement).textContent.trim()"
            )
        )
    for label in ("Home", "Services", "Portfolio", "About", "Contact", "Español"):
        assert label in reached
    box = page.get_by_role("link", name="Español").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 320
    # The case studies' pager: the next project, by keyboard.
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(page.base + "/en/projects/viewbox")
    link = page.get_by_role("link", name="Next project ADS")
    link.focus()
    box = link.bounding_box()
    assert box and box["height"] >= 44 and box["x"] + box["width"] <= 375
    page.keyboard.press("Enter")
    page.wait_for_url(page.base + "/en/projects/ads")
    assert page.locator("h1").inner_text() == "ADS"
