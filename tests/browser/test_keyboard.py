"""Keyboard use without JavaScript: the header on a 320 px phone, the case studies' pager."""

import pytest

pytestmark = pytest.mark.browser


def test_navigation_is_keyboard_reachable_on_a_small_phone(browser, live_server):
    context = browser.new_context(viewport={"width": 320, "height": 640}, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server + "/en")
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
    finally:
        context.close()


def test_next_project_by_keyboard(browser, live_server):
    context = browser.new_context(viewport={"width": 375, "height": 800}, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server + "/en/projects/viewbox")
        link = page.get_by_role("link", name="Next project ADS")
        link.focus()
        box = link.bounding_box()
        assert box and box["height"] >= 44 and box["x"] + box["width"] <= 375
        page.keyboard.press("Enter")
        page.wait_for_url(live_server + "/en/projects/ads")
        assert page.locator("h1").inner_text() == "ADS"
    finally:
        context.close()
