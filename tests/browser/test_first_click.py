"""The first click of a visit never waits for code: the page's HTML is asked for at the click
(or the intent before it) by the entry, whether or not the navigation module and React have
arrived. The module first: it swaps the page when the HTML comes (one fetch, the window
kept), without React; the loading bar joins when React arrives. The HTML first, or a module
that fails to load: the browser's own navigation, at once. Modified clicks, target, download
and other origins stay the browser's."""

import time

import pytest

from tests.support import navigation
from tests.support.browser import NAVIGATION_STARTED, wait_for_widgets
from tests.support.navigation import PLAIN, PORTFOLIO, RECORD_BAR, busy, start_navigation

pytestmark = pytest.mark.browser

MARK = "() => { window.__marker = 'kept' }"  # survives a swap, not a page load


class Held:
    """The requests a route matches (of `kinds` of resource, if given), held until released
    (or failed); later ones pass."""

    def __init__(self, page, pattern, kinds=None):
        self.page, self.kinds, self.routes, self.open = page, kinds, [], False
        page.route(pattern, self.hold)

    def hold(self, route):
        if self.open or (self.kinds and route.request.resource_type not in self.kinds):
            route.continue_()
        else:
            self.routes.append(route)

    def wait(self, timeout=5.0):
        deadline = time.monotonic() + timeout
        while not self.routes:
            assert time.monotonic() < deadline, "no request was held"
            self.page.wait_for_timeout(20)

    def release(self):
        self.open = True
        for route in self.routes:
            route.continue_()

    def fail(self):
        self.open = True
        for route in self.routes:
            route.fulfill(status=500, body="down")

    def cut(self):
        """No answer at all (the connection fails): what a fetch reports as "network"."""
        self.open = True
        for route in self.routes:
            route.abort("connectionfailed")


def document_requests(page, path):
    """Every request for the page at `path`: (resource type, a navigation?)."""
    seen = []
    page.on(
        "request",
        lambda r: (
            r.url.split("#")[0].endswith(path)
            and seen.append((r.resource_type, r.is_navigation_request()))
        ),
    )
    return seen


@pytest.fixture
def navigation_chunk(widget_manifest):
    return "**/static/build/" + widget_manifest["widgets"]["navigation"]["file"]


def open_with_held_code(open_page, pattern):
    page = open_page(PLAIN, goto=False)
    code = Held(page, pattern)
    page.goto(page.base + PLAIN)
    wait_for_widgets(page)
    page.evaluate(MARK)
    return page, code


def test_a_click_asks_for_the_page_at_once_and_swaps_when_the_code_comes(
    open_page, navigation_chunk
):
    page, code = open_with_held_code(open_page, navigation_chunk)
    html = Held(page, "**/en/portfolio", kinds={"fetch"})
    requests = document_requests(page, "/en/portfolio")
    page.click(PORTFOLIO)  # moves the pointer there (the first intent) and clicks at once
    html.wait()  # asked for while the navigation module is still held
    code.wait()
    code.release()
    page.wait_for_function(NAVIGATION_STARTED)
    html.release()
    page.wait_for_function("() => document.title.startsWith('Portfolio')", timeout=10_000)
    assert page.evaluate("() => window.__marker") == "kept", "no full page load"
    assert requests == [("fetch", False)], "fetched once, by the entry"
    assert page.url.endswith("/en/portfolio")
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    assert page.console_errors == []


def test_a_tap_on_a_touch_screen_asks_for_the_page_at_once(browser, live_server, widget_manifest):
    context = browser.new_context(
        viewport={"width": 390, "height": 800}, has_touch=True, is_mobile=True
    )
    try:
        context.add_cookies([{"name": "i18n_redirected", "value": "es", "url": live_server}])
        page = context.new_page()
        code = Held(page, "**/static/build/" + widget_manifest["widgets"]["navigation"]["file"])
        html = Held(page, "**/en/privacy", kinds={"fetch"})
        page.goto(live_server + PLAIN)
        wait_for_widgets(page)
        page.evaluate(MARK)
        requests = document_requests(page, "/en/privacy")
        page.tap(navigation.PRIVACY)  # touch start (the intent), then the click
        html.wait()
        code.wait()
        code.release()
        page.wait_for_function(NAVIGATION_STARTED)
        html.release()
        page.wait_for_function("() => document.title.startsWith('Privacy')", timeout=10_000)
        assert page.evaluate("() => window.__marker") == "kept"
        assert requests == [("fetch", False)]
    finally:
        context.close()


def test_the_page_before_the_code_is_the_browsers_navigation_at_once(open_page, navigation_chunk):
    page, _code = open_with_held_code(open_page, navigation_chunk)  # the module never comes
    requests = document_requests(page, "/en/portfolio")
    started = time.monotonic()
    with page.expect_request(lambda r: r.is_navigation_request(), timeout=8000):
        page.click(PORTFOLIO)
    waited = time.monotonic() - started
    page.wait_for_function("() => document.title.startsWith('Portfolio')")
    assert page.evaluate("() => window.__marker") is None, "a page load"
    assert requests == [("fetch", False), ("document", True)]
    assert waited < 2.0, "no click held (the entry used to wait 3 s for the module)"


def test_a_module_that_fails_to_load_is_the_browsers_navigation(open_page, navigation_chunk):
    page, code = open_with_held_code(open_page, navigation_chunk)
    html = Held(page, "**/en/portfolio", kinds={"fetch"})  # never answers the fetch
    requests = document_requests(page, "/en/portfolio")
    page.click(PORTFOLIO)
    html.wait()
    code.wait()
    with page.expect_navigation(url="**/en/portfolio", timeout=5000):
        code.fail()
    assert page.evaluate("() => window.__marker") is None
    assert requests == [("fetch", False), ("document", True)]


def test_a_failed_fetch_before_the_code_shows_the_failure_and_keeps_the_page(
    open_page, navigation_chunk
):
    page = open_page(PLAIN, goto=False)
    page.add_init_script(RECORD_BAR)
    code = Held(page, navigation_chunk)
    page.goto(page.base + PLAIN)
    wait_for_widgets(page)
    page.evaluate(MARK)
    html = Held(page, "**/en/portfolio", kinds={"fetch"})
    requests = document_requests(page, "/en/portfolio")
    page.click(PORTFOLIO)
    html.wait()
    code.wait()
    html.cut()
    page.wait_for_timeout(500)  # the fetch has failed; the navigation code is still held
    code.release()
    toast = page.locator(".c-toast--error")
    toast.wait_for(timeout=5000)
    assert toast.locator(".c-toast__action").text_content() == "Try again"
    page.wait_for_function("() => window.__barStates.includes('failed')")
    # Red at once (then hidden: "idle"), never a load that went on or ended well.
    assert page.evaluate("() => window.__barStates")[:1] == ["failed"]
    assert {"loading", "done"}.isdisjoint(page.evaluate("() => window.__barStates"))
    assert page.evaluate("() => window.__marker") == "kept", "the page stays"
    assert page.url.endswith(PLAIN) and page.title().startswith("Services")
    assert busy(page) is None
    assert requests == [("fetch", False)], "no page load"


def test_a_failed_fetch_whose_code_never_comes_is_the_browsers_navigation_after_3_s(
    open_page, navigation_chunk
):
    page, _code = open_with_held_code(open_page, navigation_chunk)  # the module never comes
    html = Held(page, "**/en/portfolio", kinds={"fetch"})
    page.click(PORTFOLIO)
    html.wait()
    cut = time.monotonic()
    html.cut()
    with page.expect_navigation(url="**/en/portfolio", timeout=8000):
        pass
    assert time.monotonic() - cut >= 2.8, "the module had its 3 s"
    assert page.evaluate("() => window.__marker") is None


def test_the_swap_needs_no_react(open_page, react_chunk):
    page, _react = open_with_held_code(open_page, "**/static/build/" + react_chunk)
    html = Held(page, "**/en/portfolio", kinds={"fetch"})
    page.click(PORTFOLIO)
    html.wait()
    page.wait_for_function(NAVIGATION_STARTED)
    html.release()
    page.wait_for_function("() => document.title.startsWith('Portfolio')", timeout=10_000)
    assert page.evaluate("() => window.__marker") == "kept"
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    assert busy(page) is None
    assert not page.evaluate(REACT_VIEW), "React never came"


REACT_VIEW = """() => Object.keys(document.querySelector('.c-loading-bar__host'))
    .some((key) => key.startsWith('__reactContainer'))"""


def test_the_bar_shows_without_react_and_react_joins_once_the_visit_ends(open_page, react_chunk):
    """React (60 kB) would share the link with the page on the wire: a plain-DOM stand-in
    shows the bar until the visit ends, then React's view takes it over."""
    page = open_page(PLAIN, goto=False)
    page.add_init_script(RECORD_BAR)
    react = Held(page, "**/static/build/" + react_chunk)
    page.goto(page.base + PLAIN)
    start_navigation(page, navigation.CONTACT)
    html = Held(page, "**/en/portfolio", kinds={"fetch"})
    navigation.click_without_hover(page, PORTFOLIO)
    html.wait()
    bar = page.locator(".c-loading-bar[data-state=loading]")
    bar.wait_for(state="attached")  # past its 200 ms throttle: the stand-in
    assert float(bar.evaluate("b => b.style.getPropertyValue('--loading-progress')")) > 0
    assert busy(page) == "true"
    assert react.routes == [], "React is not asked for while the page is on the wire"
    html.release()
    page.wait_for_function("() => document.title.startsWith('Portfolio')")
    react.wait()  # asked for once the visit has ended
    assert not page.evaluate(REACT_VIEW)
    react.release()
    page.wait_for_function(REACT_VIEW)
    page.wait_for_selector(".c-loading-bar[data-state=idle]", state="attached")
    assert page.locator(".c-loading-bar").count() == 1
    assert page.evaluate("() => window.__barStates") == ["loading", "done", "idle"]


# Each click is dispatched on a link made for it; a listener on window (after the page's
# own) records whether the page took the click over, then cancels it for the test.
CLICK_AND_RECORD = """([attrs, init]) => {
  const link = Object.assign(document.createElement('a'), {textContent: 'x'});
  for (const [name, value] of Object.entries(attrs)) link.setAttribute(name, value);
  document.querySelector('main').append(link);
  let taken = null;
  const record = (event) => { taken = event.defaultPrevented; event.preventDefault(); };
  window.addEventListener('click', record, {once: true});
  link.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, ...init}));
  link.remove();
  return taken;
}"""


@pytest.mark.parametrize(
    ("attrs", "init", "taken"),
    [
        ({"href": "/en/portfolio"}, {}, True),
        ({"href": "/en/portfolio"}, {"ctrlKey": True}, False),
        ({"href": "/en/portfolio"}, {"metaKey": True}, False),
        ({"href": "/en/portfolio"}, {"shiftKey": True}, False),
        ({"href": "/en/portfolio"}, {"button": 1}, False),
        ({"href": "/en/portfolio", "target": "_blank"}, {}, False),
        ({"href": "/en/portfolio", "download": ""}, {}, False),
        ({"href": "https://elsewhere.example/"}, {}, False),
    ],
)
def test_only_plain_clicks_on_own_links_are_taken(open_page, navigation_chunk, attrs, init, taken):
    page, _code = open_with_held_code(open_page, navigation_chunk)  # the module never comes
    assert page.evaluate(CLICK_AND_RECORD, [attrs, init]) is taken
