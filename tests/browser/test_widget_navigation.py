"""Fetch-and-swap navigation and the loading bar on the fixture pages: no full reload (a
marker on window survives), the bar only for slow loads, red for an aborted one, history
with scroll restore, focus and title, and the locale switch as a real navigation."""

import pytest

pytestmark = pytest.mark.browser

PLAIN = "/_widgets/plain"

# Records every state the bar goes through, from the start of each document.
RECORD_BAR = """
window.__barStates = [];
new MutationObserver(() => {
  const bar = document.querySelector('.c-loading-bar');
  const state = bar && bar.dataset.state;
  const states = window.__barStates;
  if (state && states[states.length - 1] !== state) states.push(state);
}).observe(document, {subtree: true, attributes: true, childList: true,
                      attributeFilter: ['data-state']});
"""


def start_navigation(page, link="to-home"):
    """Hover a link (the first intent), then wait for the navigation module and its bar."""
    page.hover(f"[data-testid={link}]")
    page.wait_for_selector(".c-loading-bar", state="attached")


def wait_for_title(page, title):
    page.wait_for_function("t => document.title.startsWith(t)", arg=title)


def test_swaps_the_page_without_a_full_reload(open_widget_page):
    page = open_widget_page(PLAIN)
    page.evaluate("() => { window.__marker = 'kept' }")
    start_navigation(page)
    page.click("[data-testid=to-home]")
    wait_for_title(page, "Carousels")
    assert page.evaluate("() => window.__marker") == "kept"
    assert page.url.endswith("/_widgets/home")
    assert page.locator("main h1").text_content() == "Carousels"
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    assert page.evaluate("() => document.body.hasAttribute('aria-busy')") is False
    current = page.locator("header .c-nav__link[aria-current=page]")
    assert current.count() == 1 and current.text_content() == "Carousels"
    # The new page's widgets mount.
    page.wait_for_selector("[data-testid=logos][data-mounted=true]")
    assert (
        page.locator("link[rel=alternate][hreflang=en]").get_attribute("href")
        == "/en/_widgets/home"
    )
    # The new title is announced.
    page.wait_for_function(
        "() => [...document.querySelectorAll('[aria-live=polite]')]"
        ".some(n => n.textContent.startsWith('Carousels'))"
    )
    assert page.console_errors == []


def test_bar_shows_for_a_one_second_response(open_widget_page, widget_server):
    page = open_widget_page(PLAIN, goto=False)
    page.add_init_script(RECORD_BAR)
    page.goto(widget_server + PLAIN)
    start_navigation(page, "to-slow")
    page.click("[data-testid=to-slow]")
    page.wait_for_selector(".c-loading-bar[data-state=loading]", timeout=1000)
    assert page.evaluate("() => document.body.getAttribute('aria-busy')") == "true"
    assert page.locator(".c-loading-bar").get_attribute("aria-hidden") == "true"
    wait_for_title(page, "Carousels")
    page.wait_for_selector(".c-loading-bar[data-state=idle]", state="attached")
    states = page.evaluate("() => window.__barStates")
    assert states[-3:] == ["loading", "done", "idle"], states


def test_bar_stays_hidden_for_a_fast_response(open_widget_page, widget_server):
    page = open_widget_page(PLAIN, goto=False)
    page.add_init_script(RECORD_BAR)
    page.goto(widget_server + PLAIN)
    with page.expect_response(lambda r: r.url.endswith("/_widgets/home")):
        start_navigation(page)  # the hover prefetches the page
    page.click("[data-testid=to-home]")
    wait_for_title(page, "Carousels")
    page.wait_for_timeout(400)  # past the 200 ms throttle
    assert page.evaluate("() => window.__barStates") == ["idle"]


def test_bar_turns_red_for_an_aborted_load(open_widget_page, widget_server):
    page = open_widget_page(PLAIN)
    page.route("**/_widgets/contact", lambda route: route.abort())
    start_navigation(page, "to-home")
    # After the red bar a real navigation follows, so the visitor gets the page or the
    # browser's own error (here the route aborts that too).
    real_load = lambda r: r.is_navigation_request() and r.url.endswith("/_widgets/contact")  # noqa: E731
    with page.expect_request(real_load, timeout=5000):
        page.click("[data-testid=to-contact]")
        page.wait_for_selector(".c-loading-bar[data-state=failed]", timeout=2000)


def test_back_and_forward_restore_page_and_scroll(open_widget_page):
    page = open_widget_page(PLAIN)
    page.evaluate("() => { window.__marker = 'kept' }")
    start_navigation(page)
    page.evaluate("() => window.scrollTo(0, 1200)")
    page.wait_for_timeout(400)  # the position is saved 150 ms after scrolling stops
    page.evaluate("() => document.querySelector('[data-testid=end-link]').click()")
    wait_for_title(page, "Contact")
    assert page.evaluate("() => window.scrollY") == 0

    page.go_back()
    wait_for_title(page, "Plain page")
    page.wait_for_function("() => Math.abs(window.scrollY - 1200) < 2")
    assert page.url.endswith(PLAIN)

    page.go_forward()
    wait_for_title(page, "Contact")
    assert page.url.endswith("/_widgets/contact")
    page.wait_for_selector("form[data-mounted=true]")
    assert page.evaluate("() => window.__marker") == "kept"
    assert page.console_errors == []


def test_same_document_anchor_is_left_to_the_browser(open_widget_page):
    page = open_widget_page(PLAIN)
    start_navigation(page)
    page.click("[data-testid=to-anchor]")
    page.wait_for_function("() => location.hash === '#end'")
    assert page.evaluate("() => window.scrollY") > 0
    assert page.evaluate("() => window.__barStates === undefined")


def test_language_switch_is_a_real_navigation(open_widget_page):
    page = open_widget_page(PLAIN)
    page.evaluate("() => { window.__marker = 'kept' }")
    start_navigation(page)
    page.hover(".c-lang__link")
    page.click(".c-lang__link")
    page.wait_for_url("**/en/_widgets/plain")
    page.wait_for_load_state()
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert page.evaluate("() => window.__marker") is None


def test_back_to_an_anchor_of_the_previous_page_shows_that_page(open_widget_page):
    page = open_widget_page(PLAIN)
    start_navigation(page)
    page.click("[data-testid=to-anchor]")  # the browser's own same-document entry
    page.wait_for_function("() => location.hash === '#end'")
    page.click("[data-testid=end-link]")
    wait_for_title(page, "Contact")
    page.go_back()
    wait_for_title(page, "Plain page")
    assert page.url.endswith(PLAIN + "#end")
    assert page.evaluate("() => window.scrollY") > 0
