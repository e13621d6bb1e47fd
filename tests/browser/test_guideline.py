"""The guideline in Chromium: a token's name (`--container-max`) is never broken inside a
word, at any width, in both languages (the issue saw `--contain / er-max`); a heading after a
list starts a new part, with room above it."""

from __future__ import annotations

import pytest

from tests.support.pages import LOCALES, localized

pytestmark = pytest.mark.browser

# Each token name's line boxes in the tables: a name on one line has one.
BROKEN_NAMES = """() => [...document.querySelectorAll('.c-table th code')]
  .filter(code => code.getClientRects().length !== 1)
  .map(code => code.textContent)"""


@pytest.mark.parametrize("locale", LOCALES)
def test_token_names_are_never_broken(open_page, locale):
    page = open_page(localized("/guideline", locale), width=1280, goto=True)
    names = page.locator(".c-table th code").all_text_contents()
    assert "--container-max" in names and len(names) >= 8
    for width in (320, 375, 768, 1024, 1280, 1440, 1920):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate(BROKEN_NAMES) == [], width
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width, width


# Every heading of <main> that follows a list, a table, a figure or a grid: its text and the
# room between it and that block, in px.
AFTER_A_BLOCK = """() => [...document.querySelectorAll("main :is(h2, h3)")]
  .filter(h => h.previousElementSibling?.matches("ul, ol, dl, table, figure, .l-grid"))
  .map(h => [h.textContent.trim(), Math.round(h.getBoundingClientRect().top
    - h.previousElementSibling.getBoundingClientRect().bottom)])"""
IMAGE_BREAKPOINTS = {"en": "Image breakpoints", "es": "Puntos de corte de imagen"}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("width", [375, 1280])
def test_a_heading_after_a_list_has_a_parts_room_above_it(open_page, locale, width):
    """40 px (--space-5) between the breakpoints' list and "Image breakpoints". (Issue 44
    found the heading touching the list: the headings' own margin outweighed the rule.)"""
    page = open_page(localized("/guideline", locale), width=width)
    assert page.evaluate(AFTER_A_BLOCK) == [[IMAGE_BREAKPOINTS[locale], 40]]
