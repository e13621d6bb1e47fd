"""What the navigation tests share: the links they follow, the loading bar's states recorded,
requests held back, and how they start a navigation, click and read whether a page swapped."""

import time

from tests.support.browser import NAVIGATION_STARTED, WIDGETS_STARTED

PLAIN = "/en/services"  # no carousel
PORTFOLIO = "header a.c-nav__link[href='/en/portfolio']"
CONTACT = "header a.c-nav__link[href='/en/contact']"
PRIVACY = "footer a[href='/en/privacy']"

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


def open_recording_bar(open_page, path=PLAIN, **options):
    """`path` opened with the loading bar's states recorded (bar_states)."""
    page = open_page(path, goto=False, **options)
    page.add_init_script(RECORD_BAR)
    page.goto(page.base + path)
    return page


def bar_states(page) -> list[str]:
    return page.evaluate("() => window.__barStates")


def mark(page):
    """A marker on window: it survives a swap, not a page load (swapped)."""
    page.evaluate("() => { window.__marker = 'kept' }")


def swapped(page) -> bool:
    return page.evaluate("() => window.__marker === 'kept'")


def wait_for_title(page, title, timeout=None):
    page.wait_for_function("t => document.title.startsWith(t)", arg=title, timeout=timeout)


def start_navigation(page, link=PORTFOLIO):
    """Hover a link (the first intent) once the widgets' entry watches for it, then wait for
    the navigation module to start."""
    page.wait_for_function(WIDGETS_STARTED)
    page.hover(link)
    page.wait_for_function(NAVIGATION_STARTED)


def click_without_hover(page, selector):
    """A click that is not preceded by a hover, so nothing was prefetched."""
    page.evaluate("s => document.querySelector(s).click()", selector)


def busy(page):
    # On <body>, not <html>: axe reports aria-busy on <html> as aria-allowed-attr.
    return page.evaluate("() => document.body.getAttribute('aria-busy')")


class Held:
    """The requests a route matches (of `kinds` of resource, if given), held until released,
    failed or cut; later ones pass."""

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

    def end(self, how):
        """ "release" (continue), "fail" (a 500) or "cut" (no answer: a network error)."""
        self.open = True
        for route in self.routes:
            if how == "release":
                route.continue_()
            elif how == "fail":
                route.fulfill(status=500, body="down")
            else:
                route.abort("connectionfailed")

    def release(self):
        self.end("release")


ADD_LINK = """href => {
  const link = Object.assign(document.createElement('a'), {href, id: 'made', textContent: 'go'});
  document.querySelector('main').prepend(link);
}"""


def follow(page, href):
    """A link to `href` made at the top of <main> and clicked, the navigation started."""
    page.evaluate(ADD_LINK, href)
    start_navigation(page, "#made")
    click_without_hover(page, "#made")
