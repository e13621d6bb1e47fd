"""The page's frame in Chromium: the footer, the sticky header (never over a target or the focus),
the sections' links without JavaScript, the band flowing into the footer, the 404's drawing."""

from io import BytesIO

import pytest
from PIL import Image

from tests.support.browser import assert_axe_clean, boxes, style
from tests.support.pages import LOCALES, localized

pytestmark = pytest.mark.browser

BOTH = pytest.mark.parametrize("locale", LOCALES)

# Where the footer and the document end, and what is left of the window under the footer.
FRAME = """() => {
  const footer = document.querySelector('footer').getBoundingClientRect();
  return {
    footerBottom: footer.bottom + scrollY,
    documentBottom: document.documentElement.scrollHeight,
    window: innerHeight,
    content: document.querySelector('main > *').getBoundingClientRect().bottom + scrollY,
  };
}"""


def open_not_found(open_page, locale, width, height, javascript=True):
    path = localized("/no-such-page", locale)
    return open_page(path, width=width, height=height, javascript=javascript, status=404)


@BOTH
@pytest.mark.parametrize(("width", "height"), [(1280, 900), (1920, 1080)])
def test_the_footer_meets_the_window_bottom_on_a_short_page(open_page, locale, width, height):
    for javascript in (True, False):
        page = open_not_found(open_page, locale, width, height, javascript)
        frame = page.evaluate(FRAME)
        # A short page: its content and footer leave room in the window...
        assert (
            frame["content"] + 1 < frame["window"] - page.locator("footer").bounding_box()["height"]
        )
        # ...which <main> takes: the footer ends at the window's bottom, nothing scrolls.
        assert round(frame["footerBottom"]) == frame["documentBottom"] == frame["window"], frame


HEADER_SEEN = """() => {
  const box = document.querySelector('.c-header').getBoundingClientRect();
  const hit = document.elementFromPoint(innerWidth / 2, box.top + box.height / 2);
  return box.top === 0 && box.height > 0 && Boolean(hit && hit.closest('.c-header'));
}"""


TARGET_BELOW_HEADER = """(id) => {
  const target = document.getElementById(id).getBoundingClientRect();
  const header = document.querySelector('.c-header').getBoundingClientRect();
  return {target: target.top, header: header.bottom, scrolled: scrollY};
}"""
# The focused control's top and the header's bottom; "header" once focus is back in it.
FOCUS_SPOT = """() => {
  const focused = document.activeElement;
  if (focused.closest('header')) return 'header';
  return [focused.getBoundingClientRect().top,
          document.querySelector('.c-header').getBoundingClientRect().bottom,
          focused.textContent.trim().slice(0, 30)];
}"""


@BOTH
@pytest.mark.parametrize("name", ["services", "guideline"])
@pytest.mark.parametrize("width", [375, 1280])
def test_the_sticky_header_comes_back_and_hides_no_target_or_focus(open_page, locale, name, width):
    """Back in view after a small scroll up far down a long page. On the guideline, a
    #fragment's target (opened with one, and from the contents) lands below it, and so does
    every control Shift+Tab reaches from the footer up (WCAG 2.4.11)."""
    guideline = name == "guideline"
    page = open_page(localized(f"/{name}", locale) + ("#cards" if guideline else ""), width=width)
    if guideline:
        spot = page.evaluate(TARGET_BELOW_HEADER, "cards")
        assert spot["scrolled"] > 0 and spot["header"] <= spot["target"] < spot["header"] + 40
        contents = page.locator(".l-guideline__toc a")
        hrefs = [contents.nth(i).get_attribute("href") for i in range(contents.count())]
        assert len(hrefs) > 3
        for href in (hrefs[-3], hrefs[1]):  # down the page, then back up
            page.locator(f".l-guideline__toc a[href='{href}']").click()
            page.wait_for_function("h => location.hash === h", arg=href)
            page.wait_for_timeout(100)
            spot = page.evaluate(TARGET_BELOW_HEADER, href[1:])
            assert spot["header"] <= spot["target"] < spot["header"] + 40, (href, spot)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height > 3 * 800  # a long page
    page.evaluate("h => window.scrollTo(0, h * 0.8)", height)
    page.mouse.move(width / 2, 400)
    page.mouse.wheel(0, -120)
    page.wait_for_function("() => scrollY < document.documentElement.scrollHeight * 0.8")
    assert page.evaluate("scrollY") > height / 2  # still far down
    assert page.evaluate(HEADER_SEEN)
    # One row, and the scroll padding (html) is its height and a 16 px breath.
    header = page.evaluate("document.querySelector('.c-header').getBoundingClientRect().height")
    assert header < 90 and style(page, "html", "scroll-padding-top") == f"{header + 16:g}px"
    if guideline:
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.locator("footer a").last.focus()
        hidden, stops = [], 0
        while (spot := page.evaluate(FOCUS_SPOT)) != "header" and stops < 200:
            if spot[0] < spot[1] - 1:
                hidden.append(spot)
            page.keyboard.press("Shift+Tab")
            stops += 1
        assert spot == "header" and stops > 20
        assert hidden == []


# The tops of the links of the header's navigation and of the footer's sections, each inside
# the window or not.
SECTION_LINKS = """width => ["header .c-nav__list", "footer nav .c-footer__list"].map(list =>
  [...document.querySelectorAll(`${list} a`)].map(a => { const r = a.getBoundingClientRect();
    return [Math.round(r.top), r.left >= 0 && r.right <= width]; }))"""


@BOTH
def test_without_javascript_the_sections_take_one_row_and_the_header_sticks_from_48rem(
    open_page, locale
):
    """On a phone the header's five links and the footer's, each one row inside the window
    (issue 44: "Contacto" alone on a second row at 375 px), the header wrapping under the
    brand: that taller header scrolls away; from 48 rem it is one row and stays in reach."""
    page = open_page(localized("/services", locale), width=375, javascript=False)
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    for width in (375, 414, 768, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        page.evaluate("window.scrollTo(0, 0)")
        for links in page.evaluate(SECTION_LINKS, width) if width < 600 else ():
            assert len(links) == 5 and len({top for top, _ in links}) == 1, (width, links)
            assert all(inside for _, inside in links), (width, links)
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight * 0.8)")
        page.wait_for_function("() => scrollY > 0")
        assert page.evaluate(HEADER_SEEN) is (width >= 768), width
        if width >= 768:
            assert boxes(page, ".c-header")[0]["height"] < 90


# The colour just under the call-to-action band's bottom edge and just over it, read from the
# pixels the browser draws (a screenshot of a 2 px strip across the seam), and the footer's
# logo mark.
SEAM = """() => {
  const band = [...document.querySelectorAll('main > .c-band--night')].pop();
  const footer = document.querySelector('footer');
  const mark = footer.querySelector('svg.c-footer__mark');
  const box = mark && mark.getBoundingClientRect();
  return {band: band.getBoundingClientRect().bottom + scrollY,
          footer: footer.getBoundingClientRect().top + scrollY,
          mark: box && [box.width, box.height, mark.checkVisibility()]};
}"""


@BOTH
@pytest.mark.parametrize("width", [375, 1440])
def test_the_call_to_action_band_flows_into_the_footer_with_the_mark(open_page, locale, width):
    """The issue saw the footer's near-black meet the band's navy with no transition and no
    logo mark: the footer starts in the band's own colour (the pixels either side of the seam
    are the same) and shows the mark."""
    page = open_page(localized("/services", locale), width=width)
    seam = page.evaluate(SEAM)
    assert seam["band"] == seam["footer"]
    assert seam["mark"] == [40, 40, True]
    y = seam["footer"]
    page.evaluate(f"window.scrollTo(0, {y} - 200)")
    top = page.evaluate("scrollY")
    shot = page.screenshot(clip={"x": 4, "y": y - top - 2, "width": 2, "height": 4})
    pixels = Image.open(BytesIO(shot)).convert("RGB")
    above, below = pixels.getpixel((0, 0)), pixels.getpixel((0, pixels.height - 1))
    assert max(abs(a - b) for a, b in zip(above, below, strict=True)) <= 2, (above, below)


# The 404's drawing, its text column and its sections, as laid out.
NOT_FOUND = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const img = document.querySelector('.c-error__picture');
  return {picture: box(img), loaded: img.complete && img.naturalWidth > 0,
          text: box(document.querySelector('.c-error__text')),
          sections: document.querySelectorAll('.c-error__sections a').length};
}"""


@BOTH
@pytest.mark.parametrize("width", [375, 1440])
def test_the_not_found_page_shows_its_drawing_beside_its_sections(open_page, axe, locale, width):
    """The 404 has a drawing of its own (the issue saw a plain centred block), beside its
    message, way home and sections from 48 rem, under them on phones. On a phone the footer
    ends the page, no band under it."""
    page = open_not_found(open_page, locale, width, 900)
    page.wait_for_function("() => document.querySelector('.c-error__picture').complete")
    shown = page.evaluate(NOT_FOUND)
    picture, text = shown["picture"], shown["text"]
    assert shown["loaded"] and shown["sections"] == 4
    assert picture[2] - picture[0] >= (300 if width == 375 else 440)
    if width == 375:
        assert picture[1] >= text[3]
    else:
        assert picture[0] >= text[2]
        assert picture[1] < text[3] and text[1] < picture[3]
    assert_axe_clean(axe, page)
    if width == 375:
        # Scrolled to the end until the page holds still (the typeface or a widget may
        # still arrive): the footer's bottom is then the window's.
        page.wait_for_function(
            """() => {
              window.scrollTo(0, document.documentElement.scrollHeight);
              return Math.round(document.querySelector('footer').getBoundingClientRect().bottom)
                === innerHeight;
            }""",
            polling=100,
            timeout=10_000,
        )
        frame = page.evaluate(FRAME)
        assert round(frame["footerBottom"]) == frame["documentBottom"] >= frame["window"]
