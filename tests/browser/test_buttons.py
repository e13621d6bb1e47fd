"""One button system (components/button): every primary, secondary and text-link button of the
site has one computed style per role (colours per surface: the night band and the toast set
their own), in both languages; nothing else on a page is dressed as a button."""

from __future__ import annotations

import pytest

from tests.support.browser import TYPEFACE_KEPT
from tests.support.pages import LOCALES, localized, path_of

pytestmark = pytest.mark.browser

# Every page that shows a button, and the 404.
PATHS = [
    *(path_of(name) for name in ("home", "services", "portfolio", "team", "contact", "guideline")),
    "/projects/ads",
    "/test",
    "/no-such-page",
]

# What a role looks like: type, shape, spacing and colours. Hover and focus are not on.
# A busy button's label is its idle text (components/button, `busy`).
STYLES = """() => [...document.querySelectorAll('.c-button')].filter(b => b.checkVisibility())
  .map(b => {
    const label = (b) => (b.querySelector('.c-button__idle') || b).textContent.trim();
    const s = getComputedStyle(b);
    const role = ['primary', 'secondary', 'text'].find(r => b.classList.contains('c-button--' + r));
    const surface = b.closest('.c-band--night, .c-toast') ? 'dark' : 'light';
    return [role + ' on ' + surface, [
      s.fontFamily, s.fontSize, s.fontWeight, s.lineHeight, s.letterSpacing, s.textTransform,
      s.textDecorationLine, s.borderTopWidth, s.borderTopStyle, s.borderRadius, s.paddingTop,
      s.paddingLeft, s.minHeight, s.color, s.backgroundColor, s.borderTopColor,
    ].join(' | '), b.tagName + ' "' + label(b) + '"'];
  })"""

# Controls that are not one of the three roles: the carousels' round icon buttons, the menu
# button, and the case studies' previous/next cards (two lines: a label and a project).
NOT_BUTTONS = ".c-carousel__button, .c-nav__toggle, .c-pager__link, .u-skip-link"
DRESSED_AS_BUTTONS = """(allowed) => [...document.querySelectorAll('a[href], button')]
  .filter(e => e.checkVisibility() && !e.matches('.c-button, ' + allowed))
  .filter(e => {
    const s = getComputedStyle(e);
    return s.backgroundColor !== 'rgba(0, 0, 0, 0)' || parseFloat(s.borderTopWidth) > 0
           || parseFloat(s.borderBottomWidth) > 0;
  })
  .map(e => e.tagName + ' "' + e.textContent.trim().slice(0, 30) + '"')"""


def test_each_role_has_one_style_everywhere(open_page):
    styles: dict[str, dict[str, list[str]]] = {}
    dressed = {}
    # Reduced motion: no colour still easing in (a button's transition) when a page is read.
    page = open_page("/", width=1280, height=900, reduced_motion="reduce")
    page.wait_for_function(TYPEFACE_KEPT)  # every page below set in the brand typeface
    for locale in LOCALES:
        for route in PATHS:
            path = localized(route, locale)
            page.goto(page.base + path)
            for role, style, example in page.evaluate(STYLES):
                styles.setdefault(role, {}).setdefault(style, []).append(f"{path} {example}")
            if found := page.evaluate(DRESSED_AS_BUTTONS, NOT_BUTTONS):
                dressed[path] = found
    assert dressed == {}
    assert set(styles) == {
        "primary on light",
        "secondary on light",
        "text on light",
        "primary on dark",
        "secondary on dark",
        "text on dark",
    }
    several = {role: found for role, found in styles.items() if len(found) > 1}
    assert several == {}
    # The home page's actions, the cards' calls (a secondary look inside the card's one link),
    # the form's and the 404's are all there.
    seen = " ".join(
        example for found in styles.values() for lst in found.values() for example in lst
    )
    for example in (
        'BUTTON "Enviar"',
        'SPAN "IR AL PROYECTO"',
        'A "Back to the home page"',
        'A "Estoy listo"',
    ):
        assert example in seen


def test_primary_and_secondary_are_set_in_capitals_and_text_links_as_written(open_page):
    page = open_page(localized("/", "es"), width=1280)
    transform = "b => getComputedStyle(b).textTransform"
    assert page.eval_on_selector(".c-intro .c-button--primary", transform) == "uppercase"
    assert page.eval_on_selector(".c-button--secondary", transform) == "uppercase"
    assert page.eval_on_selector(".c-intro .c-button--text", transform) == "none"
    # The catalogs' labels stay as written: only the look changes.
    assert page.locator(".c-intro .c-button--primary").text_content() == "Estoy listo"
    assert page.locator(".c-intro .c-button--primary").inner_text() == "ESTOY LISTO"


# The filled buttons whose top is inside the first screen.
PRIMARIES_IN_VIEW = """(height) => [...document.querySelectorAll('.c-button--primary')]
  .filter(b => b.checkVisibility() && b.getBoundingClientRect().top < height)
  .map(b => b.textContent.trim())"""


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", ["home", "portfolio"])
def test_one_filled_button_at_most_in_the_first_screen(open_page, name, locale):
    """One primary action per view: the filled red button is the main call only; the
    projects' and services' calls are secondary."""
    page = open_page(localized(path_of(name), locale), width=1280, height=900)
    primaries = page.evaluate(PRIMARIES_IN_VIEW, 900)
    assert len(primaries) <= 1
    assert set(primaries) <= {"Estoy listo", "I'm ready"}
    calls = page.locator(".c-card__call, .c-slide .c-button")
    assert calls.count() >= 4
    roles = calls.evaluate_all("els => els.map(e => e.className)")
    assert all("c-button--secondary" in role for role in roles), roles
