"""The content pages on the narrowest phone the site supports (320 px), without JavaScript:
nothing overflows sideways, not even the guideline's grid and tables."""

import pytest

pytestmark = pytest.mark.browser

ROUTES = ["/services", "/aboutus", "/portfolio", "/guideline", "/test", "/en/privacy"]


def test_content_pages_fit_a_320px_screen(browser, live_server):
    context = browser.new_context(viewport={"width": 320, "height": 640}, java_script_enabled=False)
    page = context.new_page()
    try:
        too_wide = {}
        for route in ROUTES:
            page.goto(live_server + route)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 320:
                too_wide[route] = width
        assert too_wide == {}
    finally:
        context.close()
