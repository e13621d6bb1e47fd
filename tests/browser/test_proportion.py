"""Proportion (tokens.css's fluid scales, DESIGN.md rules 3, 5 and 9): the gutter, the services
page's type, pictures and bands. (The team's columns: test_layout.py.)"""

import pytest

from tests.support.browser import across, open_at
from tests.support.pages import LOCALES, localized

pytestmark = pytest.mark.browser

# The guideline shows the site's cards: the first one's title size.
CARD_TITLE = """() => parseFloat(getComputedStyle(
  document.querySelector("#cards li :is(h2, h3)")).fontSize)"""
# A service's title and its section's heading sizes, the bands' padding, and each service's
# row: [picture left, picture width, text left, row width].
SERVICES = """() => {
  const px = (selector, name) =>
    parseFloat(getComputedStyle(document.querySelector(selector))[name]);
  return {title: px(".c-service h3", "fontSize"), section: px("#services-title", "fontSize"),
    band: px(".c-band", "paddingTop"),
    rows: [...document.querySelectorAll(".c-service")].map(row => {
      const picture = row.querySelector("img").getBoundingClientRect();
      const text = row.querySelector("h3").getBoundingClientRect();
      return [picture.left, picture.width, text.left, row.getBoundingClientRect().width];
    })};
}"""
WIDTHS = (375, 768, 1024, 1280, 1440, 1920)
# Where each section's content starts (its container's left edge and padding).
CONTENT_STARTS = """() => [...document.querySelectorAll('.l-container')].map(el =>
  el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft))"""


@pytest.mark.parametrize("locale", LOCALES)
def test_the_services_proportions(open_page, locale):
    """From 1280 px a service's title (28-33 px) outranks a project card's and is outranked
    by its section's heading (issue 36: 20 px beside a 24 px card title); from tablet width
    each picture takes half its row at most, on alternating sides (issue 36: all on the
    left); the bands' padding grows with the window from 64 px."""
    guideline = open_at(open_page, localized("/guideline", locale), 1280)
    cards = across(guideline, WIDTHS[3:], CARD_TITLE)
    services = across(open_at(open_page, localized("/services", locale), 375), WIDTHS, SERVICES)
    for width in WIDTHS[3:]:
        title = services[width]["title"]
        assert cards[width] < title < services[width]["section"] and 28 <= title <= 33, width
    for width in (768, 1440, 1920):
        rows = services[width]["rows"]
        assert len(rows) == 3 and all(picture <= row / 2 for _, picture, _, row in rows)
        assert ["left" if p < t else "right" for p, _, t, _ in rows] == ["left", "right", "left"]
    band = {width: services[width]["band"] for width in (375, 1024, 1440, 1920)}
    assert 64 <= band[375] < 68 and band[1920] >= 96, band
    assert band[375] < band[1024] < band[1440] < band[1920], band


def test_the_gutter_grows_smoothly_with_the_window(open_page):
    """Every section's content starts at one x, growing with the window without a jump (at
    most half the window's growth: it stays centred), 24 px or more from 600 px up."""
    page = open_at(open_page, "/en/services", 320)
    starts = across(page, range(320, 1921, 8), CONTENT_STARTS, height=800)
    assert {width: found for width, found in starts.items() if len(set(found)) != 1} == {}
    lefts = {width: found[0] for width, found in starts.items()}
    assert min(lefts.values()) >= 16
    assert [w for w, left in lefts.items() if w >= 600 and left < 24] == []
    widths = sorted(lefts)
    steps = [lefts[b] - lefts[a] for a, b in zip(widths, widths[1:], strict=False)]
    assert min(steps) >= 0 and max(steps) <= 8 / 2
