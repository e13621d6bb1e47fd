"""The guideline's tables in Chromium: a token's name (`--container-max`) is never broken
inside a word, at any width, in both languages (the issue saw `--contain / er-max`)."""

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
