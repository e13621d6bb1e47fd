"""One button system (components/button): one computed style per role and surface on every
page, in both languages; nothing else dressed as a button; one filled button per view."""

import pytest

from tests.support.browser import TYPEFACE_KEPT, style
from tests.support.pages import LOCALES, localized, path_of

pytestmark = pytest.mark.browser

# Every page that shows a button, and the 404.
PATHS = [
    *(path_of(name) for name in ("home", "services", "portfolio", "team", "contact", "guideline")),
    "/projects/ads",
    "/test",
    "/no-such-page",
]
FIRST_SCREENS = (path_of("home"), path_of("portfolio"))

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


# The filled buttons whose top is inside the first screen.
PRIMARIES_IN_VIEW = """(height) => [...document.querySelectorAll('.c-button--primary')]
  .filter(b => b.checkVisibility() && b.getBoundingClientRect().top < height)
  .map(b => b.textContent.trim())"""


def assert_one_filled_button_at_most_in_the_first_screen(page, home: bool) -> None:
    """The filled red button is the main call only; the projects' and services' calls are
    secondary. Primary and secondary are set in capitals, text links as written (the
    catalogs' labels stay as written: only the look changes)."""
    primaries = page.evaluate(PRIMARIES_IN_VIEW, 900)
    assert len(primaries) <= 1 and set(primaries) <= {"Estoy listo", "I'm ready"}, primaries
    calls = page.locator(".c-card__call, .c-slide .c-button")
    assert calls.count() >= 4
    roles = calls.evaluate_all("els => els.map(e => e.className)")
    assert all("c-button--secondary" in role for role in roles), roles
    if home:
        buttons = (
            ".c-intro .c-button--primary",
            ".c-button--secondary",
            ".c-intro .c-button--text",
        )
        transforms = [style(page, button, "text-transform") for button in buttons]
        assert transforms == ["uppercase", "uppercase", "none"]
        primary = page.locator(".c-intro .c-button--primary")
        assert primary.inner_text() == primary.text_content().upper()
        assert primary.text_content() in ("Estoy listo", "I'm ready")


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
            for role, look, example in page.evaluate(STYLES):
                styles.setdefault(role, {}).setdefault(look, []).append(f"{path} {example}")
            if found := page.evaluate(DRESSED_AS_BUTTONS, NOT_BUTTONS):
                dressed[path] = found
            if route in FIRST_SCREENS:
                assert_one_filled_button_at_most_in_the_first_screen(page, route == PATHS[0])
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
    # Home's actions, the cards' calls (a secondary look inside the card's link), the form's
    # and the 404's are all there.
    seen = " ".join(
        example for found in styles.values() for lst in found.values() for example in lst
    )
    for example in ('BUTTON "Enviar"', 'SPAN "IR AL PROYECTO"', 'A "Back to the home page"'):
        assert example in seen
    assert 'A "Estoy listo"' in seen
