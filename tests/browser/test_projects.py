"""The case studies in Chromium: no WCAG 2.2 AA violation found by axe, no sideways scroll on
a 320 px phone, and the previous/next buttons reachable and followable by keyboard."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PATHS = [
    "/projects/ads",
    "/projects/kuzu",
    "/projects/vc",
    "/projects/viewbox",
    "/en/projects/ads",
    "/en/projects/vc",
]


@pytest.mark.parametrize("path", PATHS)
def test_no_axe_violation_and_no_sideways_scroll_at_320px(browser, live_server, path):
    # bypass_csp: axe is injected as an inline script, which the site's CSP rightly refuses.
    context = browser.new_context(viewport={"width": 320, "height": 640}, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(live_server + path, wait_until="load")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        page.add_script_tag(path=str(AXE))
        result = page.evaluate(
            "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS
        )
        violations = [(v["id"], [n["target"] for n in v["nodes"]]) for v in result["violations"]]
        assert violations == []
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
