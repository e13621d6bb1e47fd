"""axe-core with the widgets in each state a visitor can put them in (every page as it mounts:
test_every_page_in_chromium.py)."""

import pytest

from tests.support.browser import NAVIGATION_STARTED, wait_for_widgets
from tests.support.browser import assert_axe_clean as clean

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("reduced_motion", ["no-preference", "reduce"])
def test_carousels_in_each_state(open_page, axe, reduced_motion):
    """The home's carousel running, paused and stopped (off under reduced motion); the
    portfolio row, which never rotates, moved to another step."""
    page = open_page("/", width=375, reduced_motion=reduced_motion)
    region = page.locator(".c-carousel--slides .c-carousel__region")
    states = ["off"] if reduced_motion == "reduce" else ["running", "paused", "stopped"]
    for state in states:
        if state == "paused":
            region.locator("img").first.hover()
        if state == "stopped":
            page.mouse.move(5, 5)  # over the header
            page.locator(".c-carousel--slides .c-carousel__rotation").focus()
            page.keyboard.press("Enter")  # focus stopped it, Enter restarts, Enter stops again
            page.keyboard.press("Enter")
        assert region.get_attribute("data-rotation") == state
        clean(axe, page)
    page.goto(page.base + "/en/portfolio")
    wait_for_widgets(page)
    page.locator(".c-carousel--projects .c-carousel__dot").nth(2).click()
    region = page.locator(".c-carousel--projects .c-carousel__region")
    assert region.get_attribute("data-rotation") == "off"
    clean(axe, page)


def test_open_menu_and_contact_errors(open_page, axe):
    """The enhanced form's errors (its error summary and field messages), then the menu's
    open sheet over the page."""
    page = open_page("/contact", width=375)
    page.fill("#email", "nope")
    page.click("button[type=submit]")
    page.wait_for_selector(".c-error-summary")
    clean(axe, page)
    page.click(".c-nav__toggle")
    assert page.get_attribute(".c-nav__toggle", "aria-expanded") == "true"
    clean(axe, page)


def test_loading_bar_while_loading(open_page, axe):
    page = open_page("/services")
    page.hover("header a.c-nav__link[href='/contact']")
    page.wait_for_function(NAVIGATION_STARTED)
    page.route("**/portfolio", lambda route: None)  # never answers
    page.evaluate("() => document.querySelector(\"header a[href='/portfolio']\").click()")
    page.wait_for_selector(".c-loading-bar[data-state=loading]", state="attached")
    clean(axe, page)
