"""axe-core (WCAG 2.2 A/AA) with the widgets mounted on every fixture page, phone and
desktop widths, and in each state a visitor can put them in: carousels rotating, paused,
stopped and under reduced motion; the menu open; the form with errors and its toast."""

import json

import pytest

pytestmark = pytest.mark.browser


def clean(axe, page):
    violations = axe(page)
    assert violations == [], json.dumps(violations, indent=1)


@pytest.mark.parametrize(
    "path", ["/_widgets/home", "/_widgets/plain", "/_widgets/contact", "/en/_widgets/home"]
)
@pytest.mark.parametrize("width", [375, 1280])
def test_every_fixture_page_mounted(open_widget_page, axe, path, width):
    page = open_widget_page(path, width=width)
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-widget]')]"
        ".every(n => n.dataset.mounted === 'true')"
    )
    clean(axe, page)
    assert page.console_errors == []


@pytest.mark.parametrize("state", ["running", "paused", "stopped", "reduced"])
def test_carousels_in_each_state(open_widget_page, axe, state):
    page = open_widget_page(
        "/_widgets/home", reduced_motion="reduce" if state == "reduced" else "no-preference"
    )
    page.wait_for_selector("[data-testid=logos][data-mounted=true]")
    region = page.locator("[data-testid=logos] .c-carousel__region")
    if state == "paused":
        region.hover()
    if state == "stopped":
        page.locator("[data-testid=logos] .c-carousel__rotation").focus()
        page.keyboard.press("Enter")  # focus stopped it, Enter restarts, Enter stops again
        page.keyboard.press("Enter")
    expected = {"running": "running", "paused": "paused", "stopped": "stopped", "reduced": "off"}
    assert region.get_attribute("data-rotation") == expected[state]
    clean(axe, page)


def test_open_menu_and_contact_errors_with_toast(open_widget_page, axe):
    page = open_widget_page("/_widgets/contact", width=375)
    page.wait_for_selector("form[data-mounted=true]")
    page.fill("#email", "nope")
    page.click("button[type=submit]")
    page.wait_for_selector(".c-toast--error")
    clean(axe, page)
    page.click(".c-toast__close")  # the toast sits over the header until it goes
    assert page.locator(".c-toast").count() == 0
    page.click(".c-nav__toggle")
    assert page.get_attribute(".c-nav__toggle", "aria-expanded") == "true"
    clean(axe, page)


def test_loading_bar_while_loading(open_widget_page, axe):
    page = open_widget_page("/_widgets/plain")
    page.hover("[data-testid=to-slow]")
    page.wait_for_selector(".c-loading-bar", state="attached")
    page.click("[data-testid=to-slow]")
    page.wait_for_selector(".c-loading-bar[data-state=loading]")
    clean(axe, page)
