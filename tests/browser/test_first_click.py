"""The first click of a visit is a client-side navigation: a click that lands while the
navigation module is still downloading is held and handed to it (one fetch, by the module,
the window kept); modified clicks, target, download and other origins stay the browser's;
after a few seconds without the module the click becomes a plain navigation."""

import time

import pytest

from tests.browser.test_widget_navigation import PLAIN, PORTFOLIO, PRIVACY, RECORD_BAR
from tests.support.browser import wait_for_widgets

pytestmark = pytest.mark.browser

# Records every request for a page document: (path, resource type, navigation?).
RECORD_DOCUMENTS = "() => window.__marker = 'kept'"


def delay(seconds):
    def handler(route):
        time.sleep(seconds)
        route.continue_()

    return handler


def document_requests(page, path):
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


def test_a_click_as_the_pointer_arrives_is_held_for_the_module(open_page, navigation_chunk):
    page = open_page(PLAIN, goto=False)
    page.add_init_script(RECORD_BAR)
    page.route(navigation_chunk, delay(1.0))  # the module is still downloading at the click
    page.route("**/en/portfolio", delay(0.6))  # slow enough for the bar (200 ms throttle)
    page.goto(page.base + PLAIN)
    wait_for_widgets(page)
    page.evaluate(RECORD_DOCUMENTS)
    requests = document_requests(page, "/en/portfolio")
    page.click(PORTFOLIO)  # moves the pointer there (the first intent) and clicks at once
    page.wait_for_function("() => document.title.startsWith('Portfolio')", timeout=10_000)
    assert page.evaluate("() => window.__marker") == "kept", "no full page load"
    assert requests == [("fetch", False)], "fetched once, by the module"
    assert page.url.endswith("/en/portfolio")
    assert "loading" in page.evaluate("() => window.__barStates")
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    assert page.console_errors == []


def test_a_tap_on_a_touch_screen_is_held_for_the_module(browser, live_server, widget_manifest):
    context = browser.new_context(
        viewport={"width": 390, "height": 800}, has_touch=True, is_mobile=True
    )
    try:
        context.add_cookies([{"name": "i18n_redirected", "value": "es", "url": live_server}])
        page = context.new_page()
        chunk = "**/static/build/" + widget_manifest["widgets"]["navigation"]["file"]
        page.route(chunk, delay(1.0))
        page.goto(live_server + PLAIN)
        wait_for_widgets(page)
        page.evaluate(RECORD_DOCUMENTS)
        requests = document_requests(page, "/en/privacy")
        page.tap(PRIVACY)  # touchstart (the intent) then click, before the module is there
        page.wait_for_function("() => document.title.startsWith('Privacy')", timeout=10_000)
        assert page.evaluate("() => window.__marker") == "kept"
        assert requests == [("fetch", False)]
    finally:
        context.close()


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
def test_only_plain_clicks_on_own_links_are_held(open_page, navigation_chunk, attrs, init, taken):
    page = open_page(PLAIN, goto=False)
    page.route(navigation_chunk, lambda route: None)  # the module never arrives
    page.goto(page.base + PLAIN)
    wait_for_widgets(page)
    assert page.evaluate(CLICK_AND_RECORD, [attrs, init]) is taken


def test_a_held_click_becomes_a_plain_navigation_after_a_few_seconds(open_page, navigation_chunk):
    page = open_page(PLAIN, goto=False)
    page.route(navigation_chunk, lambda route: None)  # the module never arrives
    page.goto(page.base + PLAIN)
    wait_for_widgets(page)
    started = time.monotonic()
    with page.expect_navigation(url="**/en/portfolio", timeout=8000):
        page.click(PORTFOLIO)
    assert 2.5 < time.monotonic() - started < 6
