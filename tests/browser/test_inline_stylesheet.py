"""The inline stylesheet under the page's CSP, and what the navigation leaves to a page load:
another build's page, another stylesheet's (the 404, the guideline), an error, the language."""

import pytest

from tests.support.browser import RECORD_VIOLATIONS, TYPEFACE_KEPT, wait_for_widgets
from tests.support.navigation import (
    CONTACT,
    PLAIN,
    PORTFOLIO,
    busy,
    click_without_hover,
    follow,
    mark,
    start_navigation,
    swapped,
    wait_for_title,
)

pytestmark = pytest.mark.browser

LOADED_IN_FULL = "() => window.__marker === undefined"

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


@pytest.mark.parametrize(("build", "swapped_in"), [(None, True), ("site-NEWBUILD.css", False)])
def test_a_page_of_another_build_is_loaded_not_swapped(open_page, build, swapped_in):
    """The next page as a new deployment serves it (its block named after another build) is
    a page load; the same build's is swapped in."""
    page = open_page(PLAIN)

    def serve(route):
        response = route.fetch()
        body = response.text()
        if build:
            body = body.replace('data-stylesheet="site-', f'data-stylesheet="{build}" data-was="')
        route.fulfill(response=response, body=body)

    page.route(page.base + "/en/portfolio", serve)
    mark(page)
    start_navigation(page)
    page.click(PORTFOLIO)
    wait_for_title(page, "Portfolio")
    page.wait_for_load_state()
    wait_for_widgets(page)
    assert swapped(page) is swapped_in
    assert page.url == page.base + "/en/portfolio"


# The stylesheets of the page on view (`style[data-stylesheet]`), by the start of the names.
STYLESHEETS = """() => [...document.querySelectorAll('style[data-stylesheet]')]
    .map(s => s.dataset.stylesheet.replace(/-[A-Z0-9]+\\.css$/, ''))"""


def test_a_page_of_another_stylesheet_is_loaded_in_full(open_page):
    """The 404 carries the error pages' stylesheet after the shared one, the guideline its own
    instead of it: each is loaded in full (swap.js, canSwap) and shows styled, and so is the
    way back to a page of the shared one."""
    page = open_page(PLAIN)
    mark(page)
    follow(page, "/en/no-such-page")
    page.wait_for_function(LOADED_IN_FULL)
    page.wait_for_function(
        "() => document.querySelector('main h1')?.textContent.includes('could not be found')"
    )
    assert page.url.endswith("/en/no-such-page")
    assert page.evaluate(STYLESHEETS) == ["site", "error_page"]
    status = page.locator(".c-error__status")
    assert status.evaluate("n => getComputedStyle(n).fontWeight") == "800"
    mark(page)
    follow(page, "/en/guideline")
    page.wait_for_function(LOADED_IN_FULL)
    wait_for_title(page, "Design guideline")
    assert page.evaluate(STYLESHEETS) == ["guideline"]
    assert page.locator(".c-swatches").evaluate("n => getComputedStyle(n).display") == "grid"
    chip = page.locator(".c-swatch__chip").first.bounding_box()
    assert chip["height"] == 64 and chip["width"] > 100  # 4rem, a column's width
    assert page.locator(".c-header").evaluate("n => getComputedStyle(n).position") == "sticky"
    mark(page)
    start_navigation(page)
    click_without_hover(page, PORTFOLIO)
    page.wait_for_function(LOADED_IN_FULL)
    wait_for_title(page, "Portfolio")
    assert page.evaluate(STYLESHEETS) == ["site"]
    assert [e for e in page.console_errors if "status of 404" not in e] == []


def test_a_server_error_answer_is_shown_as_the_page_it_is(open_page):
    page = open_page(PLAIN)
    mark(page)

    def server_error(route):
        body = route.fetch().text().replace("<h1", '<h1 data-test="error"', 1)
        route.fulfill(status=500, body=body, content_type="text/html; charset=utf-8")

    page.route("**/en/portfolio", server_error)
    start_navigation(page, CONTACT)
    click_without_hover(page, PORTFOLIO)
    page.wait_for_selector("main h1[data-test=error]", state="attached")
    assert page.url.endswith("/en/portfolio")
    assert swapped(page)
    assert page.locator(".c-toast--error").count() == 0


def test_language_switch_is_a_real_navigation(open_page):
    page = open_page(PLAIN)
    mark(page)
    start_navigation(page)
    page.hover(".c-lang__link")
    page.click(".c-lang__link")
    page.wait_for_url("**/services")
    page.wait_for_load_state()
    assert page.evaluate("() => document.documentElement.lang") == "es"
    assert not swapped(page)


# Something that throws in the middle of a visit: before the new page is in (history), and
# after it (the scroll placed once it is).
BREAK = {
    "before the swap": "() => { history.pushState = () => { throw new Error('broken'); }; }",
    "after the swap": "() => { window.scrollTo = () => { throw new Error('broken'); }; }",
}


@pytest.mark.parametrize("where", BREAK)
def test_an_error_during_a_visit_ends_in_a_real_navigation(open_page, where):
    page = open_page(PLAIN)
    mark(page)
    start_navigation(page)
    page.evaluate(BREAK[where])
    page.click(PORTFOLIO)
    page.wait_for_url("**/en/portfolio")
    page.wait_for_function(LOADED_IN_FULL)
    wait_for_title(page, "Portfolio")
    assert busy(page) is None
    wait_for_widgets(page)
    page.go_back()  # one history entry for the page, however far the visit had gone
    page.wait_for_url("**" + PLAIN)
