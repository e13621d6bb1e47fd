"""The guideline in Chromium: a token's name (`--container-max`) is never broken inside a word
(the issue saw `--contain / er-max`); a heading after a list has a part's room above it."""

import pytest

from tests.support.browser import across
from tests.support.pages import LOCALES, localized

pytestmark = pytest.mark.browser

# The token names in the tables that take more than one line box, and the page's width.
BROKEN_NAMES = """() => [[...document.querySelectorAll('.c-table th code')]
  .filter(code => code.getClientRects().length !== 1).map(code => code.textContent),
  document.documentElement.scrollWidth]"""
# Every heading of <main> after a list, a table, a figure or a grid: its text and the room
# between it and that block, in px.
AFTER_A_BLOCK = """() => [...document.querySelectorAll("main :is(h2, h3)")]
  .filter(h => h.previousElementSibling?.matches("ul, ol, dl, table, figure, .l-grid"))
  .map(h => [h.textContent.trim(), Math.round(h.getBoundingClientRect().top
    - h.previousElementSibling.getBoundingClientRect().bottom)])"""
IMAGE_BREAKPOINTS = {"en": "Image breakpoints", "es": "Puntos de corte de imagen"}


@pytest.mark.parametrize("locale", LOCALES)
def test_token_names_are_never_broken_and_parts_have_room(open_page, locale):
    page = open_page(localized("/guideline", locale), width=1280)
    names = page.locator(".c-table th code").all_text_contents()
    assert "--container-max" in names and len(names) >= 8
    widths = (320, 375, 768, 1024, 1280, 1440, 1920)
    for width, (broken, scroll_width) in across(page, widths, BROKEN_NAMES).items():
        assert broken == [] and scroll_width <= width, width
    # 40 px (--space-5) above "Image breakpoints" (issue 44: the heading touched the list).
    for room in across(page, (375, 1280), AFTER_A_BLOCK).values():
        assert room == [[IMAGE_BREAKPOINTS[locale], 40]]
