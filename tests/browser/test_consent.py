"""The visitor's consent choice in Chromium: the banner until a choice, gtag under the page's CSP
on "accept" only, the choice in the page's storage (never a cookie), the privacy page's block."""

import time

import pytest
from playwright.sync_api import expect

from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE
from motorlab.rendering import analytics
from tests.support.app import ANALYTICS_ID
from tests.support.browser import goto, style
from tests.support.consent import BANNER_MOUNTED, banner
from tests.support.navigation import PORTFOLIO, mark, start_navigation, swapped, wait_for_title

pytestmark = pytest.mark.browser

GTAG = analytics.SCRIPT_URL + ANALYTICS_ID
SERVICES = "header a.c-nav__link[href='/en/services']"


def consent_cookie(page):
    return [c for c in page.context.cookies() if c["name"] == analytics.COOKIE_NAME]


def kept(page) -> dict | None:
    """The choice as the widget keeps it in the page's storage."""
    return page.evaluate("key => JSON.parse(localStorage.getItem(key))", analytics.STORAGE_KEY)


def gtag_scripts(page) -> int:
    return page.locator(f"script[src^='{analytics.SCRIPT_URL}']").count()


def test_without_a_choice_every_page_shows_the_banner_and_loads_nothing(visit):
    page = visit()
    for path in ("/", "/en/services", "/en/projects/kuzu", "/contact", "/en/no-such-page"):
        goto(page, path)
        expect(banner(page)).to_be_visible()
        assert gtag_scripts(page) == 0, path
    # It rises for visitors who allow motion.
    assert style(page, ".c-consent-banner", "animation-name") == "c-consent-rise"
    # A page the navigation swaps in keeps the banner (it lives outside <main>).
    goto(page, "/en/services")
    mark(page)
    start_navigation(page)
    page.click(PORTFOLIO)
    page.wait_for_url("**/en/portfolio")
    wait_for_title(page, "Portfolio")
    assert swapped(page), "swapped, not loaded"
    expect(banner(page)).to_be_visible()
    assert page.reached == [] and consent_cookie(page) == []
    not_found = "Failed to load resource: the server responded with a status of 404 (NOT FOUND)"
    assert page.console_errors == [not_found] and page.evaluate("window.__violations") == []


def test_accept_loads_gtag_at_once_and_on_later_pages_without_a_csp_error(visit):
    page = visit("/en/aboutus")
    mark(page)
    page.get_by_role("button", name="Accept").click()
    expect(page.locator(".c-toast")).to_contain_text("Thank you")
    page.wait_for_function("() => window.__gtagRuns === 1")
    assert swapped(page), "no page load"
    assert page.reached == [GTAG]
    assert page.evaluate("dataLayer.map((entry) => entry[0])") == ["js", "config"]
    assert page.evaluate("dataLayer[1][1]") == ANALYTICS_ID
    expect(banner(page)).to_have_count(0)
    entry = kept(page)
    assert entry["choice"] == analytics.GRANTED and consent_cookie(page) == []
    assert entry["until"] / 1000 - time.time() == pytest.approx(analytics.MAX_AGE, abs=60)

    # A page swapped in by the navigation keeps the one gtag: no second load.
    start_navigation(page, SERVICES)
    page.click(SERVICES)
    wait_for_title(page, "Services")
    assert swapped(page), "swapped, not loaded in full"
    assert gtag_scripts(page) == 1 and page.reached == [GTAG]

    # The next page loaded in full loads gtag as the widget mounts, with no banner.
    goto(page, "/en/portfolio")
    page.wait_for_function("() => window.__gtagRuns === 1")
    assert page.reached == [GTAG, GTAG] and gtag_scripts(page) == 1
    expect(banner(page)).to_have_count(0)
    assert page.console_errors == [] and page.evaluate("window.__violations") == []


KEYBOARD = {
    "/en/services": ("Skip to main content", "What is collected", "Accept", "Decline"),
    "/services": ("Saltar al contenido principal", "Qué se recoge", "Aceptar", "Rechazar"),
}


@pytest.mark.parametrize(
    ("path", "key", "toast"),
    [("/en/services", "Enter", "Understood"), ("/services", " ", "Entendido")],
)
def test_the_keyboard_declines_and_the_banner_stays_gone(visit, path, key, toast):
    """The keyboard reaches both buttons; a choice sends focus to <main>; nothing loads."""
    page = visit(path)
    expect(banner(page)).to_be_visible()
    order = []
    for _ in range(4):
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.textContent.trim()"))
    assert order == list(KEYBOARD[path])
    page.keyboard.press(key)
    expect(page.locator(".c-toast")).to_contain_text(toast)
    expect(banner(page)).to_have_count(0)
    assert page.evaluate("document.activeElement.id") == "main"
    assert kept(page)["choice"] == analytics.DENIED and consent_cookie(page) == []
    for later in ("/aboutus", "/en/portfolio", "/privacy"):
        goto(page, later)
        expect(banner(page)).to_have_count(0)
    assert page.reached == [] and gtag_scripts(page) == 0
    assert page.console_errors == []


def test_without_javascript_no_banner_no_script_no_cookie(visit):
    page = visit(javascript=False)
    for path in ("/en/services", "/en/privacy"):
        page.goto(page.base + path)
        expect(banner(page)).to_have_count(0)
        assert not page.locator(".c-consent-banner").is_visible()
        expect(page.get_by_text("Without JavaScript none of this happens")).to_have_count(
            1 if path.endswith("privacy") else 0
        )
        expect(page.locator(".c-consent-choice")).to_be_hidden()
    assert page.reached == [] and consent_cookie(page) == []


def test_the_privacy_page_shows_and_changes_the_choice(visit):
    page = visit("/en/privacy")
    block = page.locator(".c-consent-choice")
    expect(block).to_be_visible()
    expect(block).to_contain_text("You have not chosen yet.")
    expect(block).to_contain_text("You can change your choice at any time:")
    expect(banner(page)).to_be_visible()
    decline = block.get_by_role("button", name="Decline")
    decline.click()
    expect(block).to_contain_text("You declined the visit statistics.")
    expect(decline).to_have_attribute("aria-pressed", "true")
    expect(banner(page)).to_have_count(0)  # the choice shows in every node
    assert page.evaluate("document.activeElement.textContent") == "Decline"
    assert page.reached == []
    block.get_by_role("button", name="Accept").click()
    expect(block).to_contain_text("You accepted the visit statistics.")
    page.wait_for_function("() => window.__gtagRuns === 1")
    assert page.reached == [GTAG]
    # Declined again on the same page: gtag stays, but Google's switch stops it sending.
    decline.click()
    assert page.evaluate(f"window['ga-disable-{ANALYTICS_ID}']") is True
    goto(page, "/en/privacy")
    expect(block).to_contain_text("You declined the visit statistics.")
    assert page.reached == [GTAG] and page.console_errors == []


def test_over_https_the_choice_is_kept_in_the_pages_storage_too(visit):
    """The site as https://www.motorlab.example (TestConfig's SITE_URL), routed to the test
    server: the choice is that origin's, and no cookie carries it."""
    page = visit()
    site = "https://www.motorlab.example"

    def proxy(route):
        url = route.request.url.replace(site, page.base, 1)
        route.fulfill(response=route.fetch(url=url))

    page.context.route(site + "/**", proxy)
    page.context.add_cookies([{"name": COOKIE_NAME, "value": DEFAULT_LOCALE, "url": site}])
    page.goto(site + "/en")
    page.wait_for_selector(BANNER_MOUNTED, state="attached")
    page.get_by_role("button", name="Decline").click()
    expect(banner(page)).to_have_count(0)
    cookies = [c for c in page.context.cookies(site) if c["name"] == analytics.COOKIE_NAME]
    assert kept(page)["choice"] == analytics.DENIED and cookies == []
