"""The content pages for everyone: on the narrowest phone the site supports (320 px, no
JavaScript) nothing overflows sideways, and axe finds no WCAG 2.2 AA or best-practice issue."""

from pathlib import Path

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


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
AXE_RUN = (
    "axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']})"
    ".then(r => r.violations.map(v => [v.id, v.nodes.map(n => n.target.join(' '))]))"
)


@pytest.mark.parametrize("width", [375, 1280])
def test_content_pages_pass_axe(browser, live_server, width):
    # axe is injected as an inline script, which the site's CSP rightly refuses: bypass it.
    context = browser.new_context(viewport={"width": width, "height": 800}, bypass_csp=True)
    page = context.new_page()
    try:
        violations = {}
        for route in [*ROUTES, "/en/services", "/en/aboutus"]:
            page.goto(live_server + route)
            page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
            found = page.evaluate(AXE_RUN)
            if found:
                violations[route] = found
        assert violations == {}
    finally:
        context.close()
