"""The first click of a visit never waits for code: the entry asks for the page's HTML at once;
a swap if the navigation module comes first, else the browser's own navigation."""

import time

import pytest

from tests.support.browser import NAVIGATION_STARTED, wait_for_widgets
from tests.support.navigation import (
    CONTACT,
    PLAIN,
    PORTFOLIO,
    PRIVACY,
    RECORD_BAR,
    Held,
    bar_states,
    busy,
    click_without_hover,
    mark,
    start_navigation,
    swapped,
    wait_for_title,
)

pytestmark = pytest.mark.browser


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


def open_with_held_code(open_page, pattern, path="/en/portfolio", **options):
    """PLAIN with the code `pattern` matches held, the window marked, the bar's states
    recorded; the fetch of `path` held, and every request for it recorded."""
    page = open_page(PLAIN, goto=False, **options)
    page.add_init_script(RECORD_BAR)
    code = Held(page, pattern)
    page.goto(page.base + PLAIN)
    wait_for_widgets(page)
    mark(page)
    return page, code, Held(page, "**" + path, kinds={"fetch"}), document_requests(page, path)


@pytest.mark.parametrize(
    ("link", "path", "title", "options"),
    [
        (PORTFOLIO, "/en/portfolio", "Portfolio", {}),
        (PRIVACY, "/en/privacy", "Privacy", {"width": 390, "has_touch": True, "is_mobile": True}),
    ],
    ids=["click", "tap"],
)
def test_a_click_or_tap_asks_for_the_page_at_once_and_swaps_when_the_code_comes(
    open_page, navigation_chunk, link, path, title, options
):
    page, code, html, requests = open_with_held_code(open_page, navigation_chunk, path, **options)
    if options:
        page.tap(link)  # touch start (the intent), then the click
    else:
        page.click(link)  # moves the pointer there (the first intent) and clicks at once
    html.wait()  # asked for while the navigation module is still held
    code.wait()
    code.release()
    page.wait_for_function(NAVIGATION_STARTED)
    html.release()
    wait_for_title(page, title, timeout=10_000)
    assert swapped(page), "no full page load"
    assert requests == [("fetch", False)], "fetched once, by the entry"
    assert page.url.endswith(path)
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    assert page.console_errors == []


def test_the_page_before_the_code_is_the_browsers_navigation_at_once(open_page, navigation_chunk):
    page, _code, html, requests = open_with_held_code(open_page, navigation_chunk)
    html.release()  # the page comes; the module never does
    started = time.monotonic()
    with page.expect_request(lambda r: r.is_navigation_request(), timeout=8000):
        page.click(PORTFOLIO)
    waited = time.monotonic() - started
    wait_for_title(page, "Portfolio")
    assert not swapped(page), "a page load"
    assert requests == [("fetch", False), ("document", True)]
    assert waited < 2.0, "no click held (the entry used to wait 3 s for the module)"


def test_a_module_that_fails_to_load_is_the_browsers_navigation(open_page, navigation_chunk):
    page, code, html, requests = open_with_held_code(open_page, navigation_chunk)
    page.click(PORTFOLIO)  # the fetch never answered
    html.wait()
    code.wait()
    with page.expect_navigation(url="**/en/portfolio", timeout=5000):
        code.end("fail")
    assert not swapped(page)
    assert requests == [("fetch", False), ("document", True)]


def test_a_failed_fetch_before_the_code_shows_the_failure_and_keeps_the_page(
    open_page, navigation_chunk
):
    page, code, html, requests = open_with_held_code(open_page, navigation_chunk)
    page.click(PORTFOLIO)
    html.wait()
    code.wait()
    html.end("cut")
    page.wait_for_timeout(500)  # the fetch has failed; the navigation code is still held
    code.release()
    toast = page.locator(".c-toast--error")
    toast.wait_for(timeout=5000)
    assert toast.locator(".c-toast__action").text_content() == "Try again"
    page.wait_for_function("() => window.__barStates.includes('failed')")
    # Red at once (then hidden: "idle"), never a load that went on or ended well.
    assert bar_states(page)[:1] == ["failed"]
    assert {"loading", "done"}.isdisjoint(bar_states(page))
    assert swapped(page), "the page stays"
    assert page.url.endswith(PLAIN) and page.title().startswith("Services")
    assert busy(page) is None
    assert requests == [("fetch", False)], "no page load"


def test_a_failed_fetch_whose_code_never_comes_is_the_browsers_navigation_after_3_s(
    open_page, navigation_chunk
):
    page, _code, html, _requests = open_with_held_code(open_page, navigation_chunk)
    page.click(PORTFOLIO)
    html.wait()
    cut = time.monotonic()
    html.end("cut")
    with page.expect_navigation(url="**/en/portfolio", timeout=8000):
        pass
    assert time.monotonic() - cut >= 2.8, "the module had its 3 s"
    assert not swapped(page)


REACT_VIEW = """() => Object.keys(document.querySelector('.c-loading-bar__host'))
    .some((key) => key.startsWith('__reactContainer'))"""


def test_the_swap_and_its_bar_need_no_react_which_joins_once_the_visit_ends(open_page, react_chunk):
    """React (60 kB) would share the link with the page on the wire: the page swaps and a
    plain-DOM stand-in shows the bar until the visit ends, then React's view takes it over."""
    page, react, html, _ = open_with_held_code(open_page, "**/static/build/" + react_chunk)
    start_navigation(page, CONTACT)
    click_without_hover(page, PORTFOLIO)
    html.wait()
    bar = page.locator(".c-loading-bar[data-state=loading]")
    bar.wait_for(state="attached")  # past its 200 ms throttle: the stand-in
    assert float(bar.evaluate("b => b.style.getPropertyValue('--loading-progress')")) > 0
    assert busy(page) == "true"
    assert react.routes == [], "React is not asked for while the page is on the wire"
    html.release()
    wait_for_title(page, "Portfolio")
    assert swapped(page), "the swap needs no React"
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    react.wait()  # asked for once the visit has ended
    assert not page.evaluate(REACT_VIEW)
    react.release()
    page.wait_for_function(REACT_VIEW)
    page.wait_for_selector(".c-loading-bar[data-state=idle]", state="attached")
    assert page.locator(".c-loading-bar").count() == 1
    assert bar_states(page) == ["loading", "done", "idle"] and busy(page) is None


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
OWN = {"href": "/en/portfolio"}
# (the link's attributes, the click's, whether the page takes it over)
CLICKS = [
    (OWN, {}, True),
    (OWN, {"ctrlKey": True}, False),
    (OWN, {"metaKey": True}, False),
    (OWN, {"shiftKey": True}, False),
    (OWN, {"button": 1}, False),
    ({**OWN, "target": "_blank"}, {}, False),
    ({**OWN, "download": ""}, {}, False),
    ({"href": "https://elsewhere.example/"}, {}, False),
]


def test_only_plain_clicks_on_own_links_are_taken(open_page, navigation_chunk):
    page, *_ = open_with_held_code(open_page, navigation_chunk)  # the module never comes
    taken = [page.evaluate(CLICK_AND_RECORD, [attrs, init]) for attrs, init, _ in CLICKS]
    assert taken == [expected for *_, expected in CLICKS]
