"""Fetch-and-swap navigation and the loading bar on the real pages: no full reload, the bar only
for slow loads, red for a failed one, history with scroll restore, focus and title."""

import pytest

from tests.support.browser import wait_for_widgets
from tests.support.navigation import (
    CONTACT,
    PLAIN,
    PORTFOLIO,
    RECORD_BAR,
    Held,
    bar_states,
    busy,
    click_without_hover,
    follow,
    mark,
    open_recording_bar,
    start_navigation,
    swapped,
    wait_for_title,
)

pytestmark = pytest.mark.browser


def test_swaps_the_page_and_back_and_forward_restore_it_and_its_scroll(open_page):
    page = open_page(PLAIN)
    mark(page)
    start_navigation(page)
    page.evaluate("() => window.scrollTo(0, 1200)")
    page.wait_for_timeout(400)  # the position is saved 150 ms after scrolling stops
    click_without_hover(page, PORTFOLIO)
    wait_for_title(page, "Portfolio")
    assert swapped(page)
    assert page.url.endswith("/en/portfolio")
    assert page.locator("main h1").text_content() == "Portfolio"
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    assert busy(page) is None
    current = page.locator("header .c-nav__link[aria-current=page]")
    assert current.count() == 1 and current.get_attribute("href") == "/en/portfolio"
    # The new page's widgets mount: the portfolio's cards (at 1280 px all four fit, and the
    # carousel widget leaves their list as it is).
    wait_for_widgets(page)
    assert page.locator("main [data-widget=carousel][data-mounted=true]").count() == 1
    assert page.locator("main .c-carousel__list > li").count() == 4
    assert (
        page.locator("link[rel=alternate][hreflang=es]")
        .get_attribute("href")
        .endswith("/portfolio")
    )
    assert page.locator(".c-lang__link").get_attribute("href").endswith("/portfolio")
    # The new title is announced.
    page.wait_for_function(
        "() => [...document.querySelectorAll('[aria-live=polite]')]"
        ".some(n => n.textContent.startsWith('Portfolio'))"
    )
    assert page.evaluate("() => window.scrollY") == 0
    page.go_back()
    wait_for_title(page, "Services")
    page.wait_for_function("() => Math.abs(window.scrollY - 1200) < 2")
    assert page.url.endswith(PLAIN)
    page.go_forward()
    wait_for_title(page, "Portfolio")
    assert page.url.endswith("/en/portfolio") and swapped(page)
    assert page.console_errors == []


def test_the_bar_stays_hidden_for_a_fast_response_and_a_same_document_anchor(open_page):
    page = open_recording_bar(open_page)
    with page.expect_response(lambda r: r.url.endswith("/en/portfolio")):
        start_navigation(page)  # the hover prefetches the page
    page.keyboard.press("Tab")  # the skip link: a same-document anchor, left to the browser
    page.keyboard.press("Enter")
    page.wait_for_function("() => location.hash === '#main'")
    page.wait_for_timeout(400)  # past the bar's 200 ms throttle
    assert bar_states(page) == []  # no visit: the bar never joined
    assert page.evaluate("() => document.activeElement.id") == "main"
    page.click(PORTFOLIO)
    wait_for_title(page, "Portfolio")
    page.wait_for_timeout(400)
    page.wait_for_selector(".c-loading-bar", state="attached")  # its view joined at the end
    assert bar_states(page) == ["idle"]


def test_a_network_failure_keeps_the_page_and_offers_to_try_again(open_page):
    page = open_recording_bar(open_page)
    mark(page)
    page.route("**/en/contact", lambda route: route.abort())
    start_navigation(page)
    real_loads = []
    page.on("request", lambda r: r.is_navigation_request() and real_loads.append(r.url))
    click_without_hover(page, CONTACT)
    # The red state lasts 500 ms: recorded as it happens, not polled for.
    page.wait_for_function("() => window.__barStates.includes('failed')", timeout=2000)
    toast = page.locator(".c-toast-region .c-toast--error")
    toast.wait_for()
    assert toast.locator(".c-toast__text").text_content() == "The page could not be loaded."
    page.wait_for_timeout(800)  # past the bar's red phase: the old code navigated here
    assert real_loads == []
    assert page.url.endswith(PLAIN) and page.title().startswith("Services")
    assert swapped(page)
    assert busy(page) is None
    # The toast sits at the top of the viewport.
    assert toast.bounding_box()["y"] < 100
    # The network is back: "Try again" loads the page, still without a full reload.
    page.unroute("**/en/contact")
    toast.get_by_role("button", name="Try again").click()
    wait_for_title(page, "Ready to start?")  # the contact page
    assert page.url.endswith("/en/contact")
    assert swapped(page)
    assert page.locator(".c-toast--error").count() == 0


def test_the_failure_toast_speaks_the_pages_language(open_page):
    page = open_page("/services")
    page.route("**/portfolio", lambda route: route.abort())
    start_navigation(page, "header a.c-nav__link[href='/portfolio']")
    click_without_hover(page, "header a.c-nav__link[href='/portfolio']")
    toast = page.locator(".c-toast--error")
    toast.wait_for()
    assert toast.locator(".c-toast__text").text_content() == "No se ha podido cargar la página."
    assert toast.get_by_role("button", name="Reintentar").count() == 1


# Counts document.startViewTransition's calls (one held the new page's paint back: issue 37),
# and records what the new <main> looks like the moment it is in the document.
SPY_ARRIVAL = """() => {
  window.__viewTransitions = 0;
  window.__arrivals = [];
  if (Document.prototype.startViewTransition) {
    const start = Document.prototype.startViewTransition;
    Document.prototype.startViewTransition = function (update) {
      window.__viewTransitions += 1;
      return start.call(this, update);
    };
  }
  new MutationObserver(() => {
    const main = document.querySelector("main");
    if (!main || "recorded" in main.dataset) return;
    main.dataset.recorded = "";
    const style = getComputedStyle(main);
    window.__arrivals.push({h1: main.querySelector("h1")?.textContent, opacity: style.opacity,
      animations: main.getAnimations().length});
  }).observe(document, {childList: true, subtree: true});
}"""


# What the page looks like at each frame while the bar shows "loading" (each new look once).
SAMPLE_WHILE_LOADING = """() => {
  window.__whileLoading = [];
  const sample = () => {
    const loading = document.querySelector('.c-loading-bar[data-state=loading]');
    const seen = window.__whileLoading;
    if (!loading && seen.length) return;
    if (loading) {
      const main = document.querySelector('main');
      const look = [main.querySelector('h1').textContent, getComputedStyle(main).opacity,
                    main.getAnimations().length];
      if (JSON.stringify(seen[seen.length - 1]) !== JSON.stringify(look)) seen.push(look);
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}"""
LEFT_AS_IT_IS = ["Services for the whole life of a car", "1", 0]
ARRIVED = ["Portfolio", "1", 0]


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_slow_page_shows_the_bar_and_comes_at_once_with_no_transition(open_page, motion):
    """The bar shows and the page is busy while a slow page loads. No transition holds the
    new heading back and nothing dims the page left (its text would fall below AA contrast):
    the new <main> arrives at full opacity with no animation."""
    page = open_page(PLAIN, goto=False, reduced_motion=motion)
    page.add_init_script(f"({SPY_ARRIVAL})()")
    page.add_init_script(RECORD_BAR)
    page.goto(page.base + PLAIN)
    wait_for_widgets(page)
    mark(page)
    # The route first: a prefetch the module makes at idle waits too.
    html = Held(page, "**/en/portfolio")
    start_navigation(page, CONTACT)
    page.evaluate(SAMPLE_WHILE_LOADING)  # at every frame from before the click
    click_without_hover(page, PORTFOLIO)  # nothing prefetched: the bar shows, as it did
    page.wait_for_selector(".c-loading-bar[data-state=loading]", state="attached")
    assert busy(page) == "true"
    html.release()
    wait_for_title(page, "Portfolio")
    page.wait_for_selector(".c-loading-bar[data-state=idle]", state="attached")
    assert page.locator(".c-loading-bar").get_attribute("aria-hidden") == "true"
    # The page left as it is while the bar shows (and the new one, if a frame comes between
    # its arrival and the bar's end).
    assert page.evaluate("() => window.__whileLoading") in (
        [LEFT_AS_IT_IS],
        [LEFT_AS_IT_IS, ARRIVED],
    )
    arrivals = page.evaluate("() => window.__arrivals")
    assert arrivals[1:] == [{"h1": "Portfolio", "opacity": "1", "animations": 0}]
    assert page.evaluate("() => window.__viewTransitions") == 0
    assert swapped(page)
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    assert bar_states(page)[-3:] == ["loading", "done", "idle"]
    assert page.console_errors == []


# Percent-encoded bytes that are not UTF-8 (issue 43): decodeURIComponent throws on them.
MALFORMED = "#%E0%A4%A"


def settled(page):
    """The visit is over: the bar back to idle, <body> no longer busy, the widgets mounted."""
    page.wait_for_selector(".c-loading-bar[data-state=idle]", state="attached", timeout=5000)
    assert busy(page) is None
    wait_for_widgets(page)


def test_a_link_to_a_fragment_focuses_its_target_and_one_that_does_not_decode_stops_nothing(
    open_page,
):
    page = open_page(PLAIN + MALFORMED)
    mark(page)
    follow(page, "/en/privacy#cookies")
    wait_for_title(page, "Privacy")
    page.wait_for_function("() => document.activeElement.id === 'cookies'")
    top = page.evaluate("() => document.getElementById('cookies').getBoundingClientRect().top")
    assert -1 < top < 200 and page.evaluate("() => window.scrollY") > 0  # sub-pixel layout
    assert page.url.endswith("/en/privacy#cookies")
    page.go_back()  # to the page whose address holds the fragment
    wait_for_title(page, "Services")
    settled(page)
    assert page.url.endswith(PLAIN + MALFORMED)
    # A link to such a fragment, on another page.
    follow(page, "/en/privacy" + MALFORMED)
    wait_for_title(page, "Privacy")
    settled(page)
    assert page.url.endswith("/en/privacy" + MALFORMED)
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    assert swapped(page)  # swapped each time
    assert page.console_errors == []


def test_no_hover_or_scroll_near_a_contact_link_starts_a_session(open_page):
    """The contact page is each visitor's own (its form token starts a session): only a click
    asks for it, never a prefetch."""
    page = open_page(PLAIN)
    asked = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(page.base)))
    start_navigation(page, CONTACT)  # the first intent is on the header's Contact link
    page.hover(PORTFOLIO)
    page.mouse.wheel(0, 20000)  # every link on the page goes past, the band's Contact too
    page.wait_for_timeout(400)
    page.locator("main a[href='/en/contact']").last.hover()
    page.wait_for_function("() => window.scrollY > 1000")
    page.wait_for_timeout(2500)  # past prefetch-visible's idle timeout (2 s)
    assert "/en/portfolio" in asked  # other pages are prefetched as before
    assert not [path for path in asked if path.startswith("/en/contact")], asked
    assert [c["name"] for c in page.context.cookies()] == ["i18n_redirected"]
    # The click asks for it, and the form's session starts then.
    page.click(CONTACT)
    page.wait_for_url("**/en/contact")
    wait_for_title(page, "Ready to start?")
    assert "session" in [c["name"] for c in page.context.cookies()]
