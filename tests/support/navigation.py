"""What the navigation tests share: the links they follow, a script that records the loading
bar's states, and how they start a navigation, click and read whether the page is busy."""

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
    # On <body>, not <html>: axe 4.14 reports aria-busy on <html> as
    # aria-allowed-attr (WCAG 4.1.2; ARIA in HTML allows no aria-* attribute on <html>).
    return page.evaluate("() => document.body.getAttribute('aria-busy')")
