"""The inline stylesheet in Chromium, under the page's own CSP: the page is styled and set in
Figtree with no policy violation (with and without JavaScript, error pages too), and the
navigation tells a page of another build by its block's name: that one is a real page load."""

from __future__ import annotations

import pytest

from tests.support.browser import NAVIGATION_STARTED, TYPEFACE_KEPT, wait_for_widgets

pytestmark = pytest.mark.browser

# Before any script of the page: every CSP violation it meets.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (event) => window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
"""
# What the stylesheet sets, read back: the brand font loaded, the body's face and margin, the
# header sticky.
STYLED = """async () => {
  await document.fonts.ready;
  const body = getComputedStyle(document.body);
  return {
    figtree: document.fonts.check('16px Figtree'),
    family: body.fontFamily.split(',')[0],
    margin: body.margin,
    header: getComputedStyle(document.querySelector('header')).position,
  };
}"""


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize(
    ("path", "status"), [("/", 200), ("/en/contact", 200), ("/en/no-such-page", 404)]
)
def test_the_page_is_styled_under_its_csp(open_page, path, status, javascript):
    page = open_page(path, javascript=javascript, goto=False)
    page.context.add_init_script(RECORD_VIOLATIONS)
    assert page.goto(page.base + path).status == status
    if javascript:
        # The first page of a tab is in Figtree if it came in time (font-display: optional);
        # once the tab has had it, a page loaded is set in it from the start.
        page.wait_for_function(TYPEFACE_KEPT)
        assert page.evaluate("window.__violations") == []
        assert page.goto(page.base + path).status == status
    # Without JavaScript the recorder is Playwright's own script: it still runs.
    assert page.evaluate(STYLED) == {
        "figtree": True,
        "family": "Figtree",
        "margin": "0px",
        "header": "sticky",
    }
    assert page.evaluate("window.__violations") == []
    # (A 404 page's own status is the one console error it shows.)
    assert [e for e in page.console_errors if f"status of {status}" not in e] == []


NEXT = "/en/portfolio"
PORTFOLIO = "header a.c-nav__link[href='/en/portfolio']"


@pytest.mark.parametrize(("build", "swapped"), [(None, True), ("site-NEWBUILD.css", False)])
def test_a_page_of_another_build_is_loaded_not_swapped(open_page, build, swapped):
    """The next page as a new deployment serves it (its block named after another build) is
    a real navigation; the same build's is swapped in (a marker on window survives)."""
    page = open_page("/en/services")

    def serve(route):
        response = route.fetch()
        body = response.text()
        if build:
            body = body.replace('data-stylesheet="site-', f'data-stylesheet="{build}" data-was="')
        route.fulfill(response=response, body=body)

    page.route(page.base + NEXT, serve)
    page.evaluate("() => { window.__marker = 'kept' }")
    page.hover(PORTFOLIO)
    # A click before the navigation has started is the browser's own when the page comes
    # first (links.js): what this test asks is what a started navigation does with it.
    page.wait_for_function(NAVIGATION_STARTED)
    page.click(PORTFOLIO)
    page.wait_for_function("() => document.title.startsWith('Portfolio')")
    page.wait_for_load_state()
    wait_for_widgets(page)
    assert page.evaluate("() => window.__marker === 'kept'") is swapped
    assert page.url == page.base + NEXT
