"""The consent banner in Chromium, with ANALYTICS_ID set and the analytics origins routed to
a local stub (never the network): no choice shows the banner on every page and loads nothing;
its appearance shifts nothing, on a phone and a desktop; "accept" loads gtag at once, under
the page's own CSP, and on later pages (once per document, across client-side navigation);
"decline" loads nothing; the choice is kept in the page's own storage, never in a cookie;
both buttons look the same; keyboard, screen-reader names, axe and reduced motion; without
JavaScript no banner, no script and no cookie; the privacy page's block shows and changes the
choice. A sibling host's cookies: tests/browser/test_consent_sibling.py."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE
from motorlab.rendering import analytics
from tests.support.app import ANALYTICS_ID
from tests.support.browser import NAVIGATION_STARTED, axe_report
from tests.support.consent import ANALYTICS_ORIGINS, BANNER_MOUNTED, banner

pytestmark = pytest.mark.browser

GTAG = analytics.SCRIPT_URL + ANALYTICS_ID
# The stub counts its runs: a script the CSP refused would never run.
STUB = "window.__gtagRuns = (window.__gtagRuns || 0) + 1;"
# Before any script of the page: layout shifts and CSP violations, as the page meets them.
RECORD = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__shifts.push([entry.startTime, entry.value]);
}).observe({ type: "layout-shift", buffered: true });
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (event) => window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
"""
PHONE, DESKTOP = 375, 1280


@pytest.fixture
def visit(browser, analytics_server):
    """visit(width=1280, reduced_motion="no-preference", javascript=True) -> a fresh visitor's
    page (language cookie set) of the site with ANALYTICS_ID, whose `reached` lists the
    requests to the analytics stub and `errors` the console errors."""
    contexts = []

    def open_page(width=DESKTOP, reduced_motion="no-preference", javascript=True):
        context = browser.new_context(
            viewport={"width": width, "height": 800},
            reduced_motion=reduced_motion,
            java_script_enabled=javascript,
        )
        contexts.append(context)
        context.add_cookies(
            [{"name": COOKIE_NAME, "value": DEFAULT_LOCALE, "url": analytics_server}]
        )
        page = context.new_page()
        page.base = analytics_server
        page.reached = []
        page.errors = []

        def stub(route):
            page.reached.append(route.request.url)
            route.fulfill(status=200, content_type="text/javascript", body=STUB)

        for pattern in ANALYTICS_ORIGINS:
            context.route(pattern, stub)
        page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        if javascript:
            page.add_init_script(RECORD)
        return page

    yield open_page
    for context in contexts:
        context.close()


def consent_cookie(page):
    return [c for c in page.context.cookies() if c["name"] == analytics.COOKIE_NAME]


def kept(page) -> dict | None:
    """The choice as the widget keeps it in the page's storage."""
    return page.evaluate("key => JSON.parse(localStorage.getItem(key))", analytics.STORAGE_KEY)


def gtag_scripts(page) -> int:
    return page.locator(f"script[src^='{analytics.SCRIPT_URL}']").count()


def goto(page, path):
    assert page.goto(page.base + path).status in (200, 404)
    page.wait_for_selector(BANNER_MOUNTED, state="attached")


def swap_to(page, link):
    """A click the navigation swaps: its module has started first (a first click whose page
    comes before the module is the browser's own navigation)."""
    link.hover()
    page.wait_for_function(NAVIGATION_STARTED)
    link.click()


def test_without_a_choice_every_page_shows_the_banner_and_loads_nothing(visit):
    page = visit()
    for path in ("/", "/en/services", "/en/projects/kuzu", "/contact", "/en/no-such-page"):
        goto(page, path)
        expect(banner(page)).to_be_visible()
        assert gtag_scripts(page) == 0, path
    # A page the navigation swaps in keeps the banner (it lives outside <main>).
    goto(page, "/en/services")
    page.evaluate("window.__samePage = true")
    swap_to(page, page.get_by_role("link", name="Portfolio").first)
    page.wait_for_url("**/en/portfolio")
    page.wait_for_function("() => document.title.startsWith('Portfolio')")
    assert page.evaluate("window.__samePage === true"), "swapped, not loaded"
    expect(banner(page)).to_be_visible()
    assert page.reached == [] and consent_cookie(page) == []
    not_found = "Failed to load resource: the server responded with a status of 404 (NOT FOUND)"
    assert page.errors == [not_found] and page.evaluate("window.__violations") == []


BOXES = """() => Array.from(
  document.querySelectorAll("header, main, main h1, main p, main img, footer, footer a"),
  (node) => { const box = node.getBoundingClientRect();
              return [node.tagName, box.x, box.y + scrollY, box.width, box.height]; })"""


def open_with_the_widget_held(page, widget_manifest, path):
    """Opens `path` with the consent widget's chunk held until the rest of the page has
    settled and its boxes are measured; then lets it mount. Returns the boxes before, and
    after the widget's nodes are shown (and the banner's rise is over), and the layout
    shifts in between."""
    held = []
    chunk = "**/static/build/" + widget_manifest["widgets"]["consent_banner"]["file"]
    page.route(chunk, lambda route: held.append(route))
    page.goto(page.base + path, wait_until="domcontentloaded")
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_function("""() => Array.from(document.querySelectorAll(
        "[data-widget]:not([data-widget=consent_banner])")).every(n => n.dataset.mounted)""")
    page.wait_for_timeout(300)
    before = page.evaluate(BOXES)
    since = page.evaluate("performance.now()")
    while not held:
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.wait_for_selector(BANNER_MOUNTED, state="attached")
    page.wait_for_function(
        "() => document.querySelector('.c-consent-banner').getAnimations().length === 0"
    )
    shifts = [value for start, value in page.evaluate("window.__shifts") if start >= since]
    return before, page.evaluate(BOXES), shifts


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_the_banner_appears_over_the_page_and_moves_nothing(visit, widget_manifest, width):
    page = visit(width=width)
    before, after, shifts = open_with_the_widget_held(page, widget_manifest, "/en/services")
    expect(banner(page)).to_be_visible()
    assert after == before and shifts == []
    # It overlays the bottom of the window, and the page can scroll its end clear of it.
    sheet = banner(page).bounding_box()
    assert sheet["y"] + sheet["height"] == pytest.approx(800, abs=1)
    position = "getComputedStyle(document.querySelector('.c-consent-banner')).position"
    assert page.evaluate(position) == "fixed"
    page.keyboard.press("End")
    page.wait_for_timeout(200)
    footer = page.locator("footer").bounding_box()
    assert footer["y"] + footer["height"] <= sheet["y"] + 1


def test_accept_loads_gtag_at_once_and_on_later_pages_without_a_csp_error(visit):
    page = visit()
    goto(page, "/en/aboutus")
    page.evaluate("window.__samePage = true")
    page.get_by_role("button", name="Accept").click()
    expect(page.locator(".c-toast")).to_contain_text("Thank you")
    page.wait_for_function("() => window.__gtagRuns === 1")
    assert page.evaluate("window.__samePage === true"), "no page load"
    assert page.reached == [GTAG]
    assert page.evaluate("dataLayer.map((entry) => entry[0])") == ["js", "config"]
    assert page.evaluate("dataLayer[1][1]") == ANALYTICS_ID
    expect(banner(page)).to_have_count(0)
    entry = kept(page)
    assert entry["choice"] == analytics.GRANTED and consent_cookie(page) == []
    assert entry["until"] / 1000 - time.time() == pytest.approx(analytics.MAX_AGE, abs=60)

    # A page swapped in by the navigation keeps the one gtag: no second load.
    swap_to(page, page.get_by_role("link", name="Services").first)
    page.wait_for_function("() => document.title.startsWith('Services')")
    assert page.evaluate("window.__samePage === true"), "swapped, not loaded in full"
    assert gtag_scripts(page) == 1 and page.reached == [GTAG]

    # The next page loaded in full loads gtag as the widget mounts, with no banner.
    goto(page, "/en/portfolio")
    page.wait_for_function("() => window.__gtagRuns === 1")
    assert page.reached == [GTAG, GTAG] and gtag_scripts(page) == 1
    expect(banner(page)).to_have_count(0)
    assert page.errors == [] and page.evaluate("window.__violations") == []


def test_decline_loads_nothing_and_the_banner_stays_gone(visit):
    page = visit()
    goto(page, "/services")
    page.get_by_role("button", name="Rechazar").click()
    expect(page.locator(".c-toast")).to_contain_text("Entendido")
    expect(banner(page)).to_have_count(0)
    assert kept(page)["choice"] == analytics.DENIED and consent_cookie(page) == []
    for path in ("/aboutus", "/en/portfolio", "/privacy"):
        goto(page, path)
        expect(banner(page)).to_have_count(0)
    assert page.reached == [] and gtag_scripts(page) == 0
    assert page.errors == []


STYLE = [
    "color", "background-color", "border-top-color", "border-top-width", "border-top-style",
    "border-radius", "font-family", "font-size", "font-weight", "text-transform",
    "letter-spacing", "padding-top", "padding-left", "min-height", "box-shadow", "opacity",
]  # fmt: skip


def test_both_buttons_have_the_same_secondary_style(visit):
    page = visit()
    goto(page, "/en")
    buttons = banner(page).get_by_role("button")
    assert buttons.all_inner_texts() == ["ACCEPT", "DECLINE"]
    styles = [
        button.evaluate(
            "(node, names) => names.map((n) => getComputedStyle(node).getPropertyValue(n))", STYLE
        )
        for button in buttons.all()
    ]
    assert styles[0] == styles[1]
    assert (
        buttons.evaluate_all("(nodes) => nodes.map((n) => n.className)")
        == ["c-button c-button--secondary"] * 2
    )
    # Outlined, not filled: the same look as any secondary button of the site.
    background = page.evaluate(
        "getComputedStyle(document.querySelector('.c-consent-banner .c-button')).backgroundColor"
    )
    assert background == "rgba(0, 0, 0, 0)"


# On the phone: the sheet's box, its buttons' boxes and home's first call to action's.
SHEET = """() => {
  const box = el => { const r = el.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
  const sheet = document.querySelector(".c-consent-banner");
  return {sheet: box(sheet), buttons: [...sheet.querySelectorAll(".c-button")].map(box),
          action: box(document.querySelector(".c-intro__actions .c-button--primary")),
          background: getComputedStyle(sheet).backgroundColor};
}"""


@pytest.mark.parametrize("path", ["/", "/en"])
def test_on_a_phone_a_compact_sheet_leaves_the_heros_action_in_view(
    browser, analytics_server, path
):
    """At 375 x 812 the sheet is at most 170 px tall, in the site's night colour, its two
    buttons side by side and of one size; home's "Estoy listo" / "I'm ready" shows whole
    above it on the first screen. (Issue 44 found a white block 247 px tall over the button,
    its buttons of two widths.)"""
    context = browser.new_context(viewport={"width": PHONE, "height": 812})
    context.add_cookies([{"name": COOKIE_NAME, "value": DEFAULT_LOCALE, "url": analytics_server}])
    page = context.new_page()
    try:
        page.goto(analytics_server + path)
        page.wait_for_selector(BANNER_MOUNTED, state="attached")
        expect(banner(page)).to_be_visible()
        page.wait_for_function(
            "() => document.querySelector('.c-consent-banner').getAnimations().length === 0"
        )
        spot = page.evaluate(SHEET)
        left, top, width, height = spot["sheet"]
        assert height <= 170 and top + height == 812, spot
        assert spot["background"] == "rgb(15, 27, 45)"  # --color-night
        (a_left, a_top, a_width, a_height), (b_left, b_top, b_width, b_height) = spot["buttons"]
        assert (a_width, a_height) == (b_width, b_height) and a_top == b_top, spot
        assert a_left + a_width < b_left, spot
        x, y, w, h = spot["action"]
        assert y >= 0 and y + h <= top, spot
    finally:
        context.close()


def focused(page) -> str:
    return page.evaluate("document.activeElement.textContent.trim()")


@pytest.mark.parametrize("key", ["Enter", " "])
def test_the_keyboard_reaches_both_buttons_and_a_choice_sends_focus_to_main(visit, key):
    page = visit()
    goto(page, "/en/services")
    expect(banner(page)).to_be_visible()
    page.keyboard.press("Tab")
    assert focused(page) == "Skip to main content"
    order = []
    for _ in range(3):
        page.keyboard.press("Tab")
        order.append(focused(page))
    assert order == ["What is collected", "Accept", "Decline"]
    page.keyboard.press(key)
    expect(page.locator(".c-toast")).to_contain_text("Understood")
    assert page.evaluate("document.activeElement.id") == "main"
    assert kept(page)["choice"] == analytics.DENIED
    assert page.reached == []


def test_focus_is_never_left_under_the_banner(visit):
    """WCAG 2.4.11: every element the keyboard reaches outside the banner is scrolled clear of
    it (the scroll padding the widget keeps at the banner's height)."""
    page = visit(width=PHONE)
    goto(page, "/en/privacy")
    expect(banner(page)).to_be_visible()
    sheet_top = banner(page).bounding_box()["y"]
    hidden = []
    for _ in range(40):
        page.keyboard.press("Tab")
        box = page.evaluate("""() => { const node = document.activeElement;
            if (node === document.body || node.closest('.c-consent-banner')) return null;
            const box = node.getBoundingClientRect();
            return [node.textContent.trim().slice(0, 30), box.top, box.bottom]; }""")
        if box and box[2] > sheet_top + 1:
            hidden.append(box)
    assert hidden == []


def test_screen_readers_meet_a_named_region_with_two_named_buttons(visit, axe):
    page = visit(width=PHONE)
    goto(page, "/en/projects/kuzu")
    region = banner(page)
    expect(region).to_be_visible()
    expect(region.get_by_role("button", name="Accept")).to_be_visible()
    expect(region.get_by_role("button", name="Decline")).to_be_visible()
    expect(region.get_by_role("link", name="What is collected")).to_have_attribute(
        "href", "/en/privacy#analytics"
    )
    violations = axe(page)
    assert violations == [], axe_report(violations)
    # The toast is announced by the polite live region that was there before it.
    region.get_by_role("button", name="Accept").click()
    live = page.locator(".c-toast-region")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text("Thank you")


@pytest.mark.parametrize(("motion", "animation"), [("reduce", "none"), ("no-preference", "")])
def test_the_banner_rises_only_for_visitors_who_allow_motion(visit, motion, animation):
    page = visit(reduced_motion=motion)
    goto(page, "/en")
    expect(banner(page)).to_be_visible()
    name = page.evaluate(
        "getComputedStyle(document.querySelector('.c-consent-banner')).animationName"
    )
    assert name == (animation or "c-consent-rise")
    if motion == "reduce":
        assert page.evaluate("document.querySelector('.c-consent-banner').getAnimations()") == []


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


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_the_privacy_pages_block_appears_in_its_own_room(visit, widget_manifest, width):
    """Opened at #analytics (the banner's link), the block the widget fills is in view: it
    takes its room from the first paint, so nothing below it moves."""
    page = visit(width=width)
    path = "/en/privacy#analytics"
    before, after, shifts = open_with_the_widget_held(page, widget_manifest, path)
    expect(page.locator(".c-consent-choice")).to_be_in_viewport()
    assert after == before and shifts == []


def test_the_privacy_page_shows_and_changes_the_choice(visit):
    page = visit()
    goto(page, "/en/privacy")
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
    assert page.reached == [GTAG] and page.errors == []


def test_over_https_the_choice_is_kept_in_the_pages_storage_too(visit):
    """The site answered as https://www.motorlab.example (TestConfig's SITE_URL) by routing
    that origin to the test server: the choice is that origin's, and no cookie carries it."""
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
