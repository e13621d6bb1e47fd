"""axe-core (from node_modules) on every page, phone and desktop widths: no WCAG 2.x A/AA
violation. axe cannot see everything (it cannot judge copy or focus order), so the keyboard
tests and the HTML checks complement it."""

import json
from pathlib import Path

import pytest

from tests.site_pages import page_params

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make setup` (npm ci)")
    return AXE.read_text(encoding="utf-8")


@pytest.mark.parametrize(("path", "locale"), page_params())
@pytest.mark.parametrize("width", [375, 1280])
def test_no_axe_violations(browser, live_server, axe_source, path, locale, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    context.add_cookies([{"name": "i18n_redirected", "value": locale, "url": live_server}])
    page = context.new_page()
    try:
        assert page.goto(live_server + path).status == 200
        # Evaluated by Playwright, not injected as a <script>: the page's CSP stays strict.
        page.evaluate(axe_source)
        result = page.evaluate(
            "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", TAGS
        )
        violations = [
            {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"]
        ]
        assert violations == [], json.dumps(violations, indent=1)
    finally:
        context.close()
