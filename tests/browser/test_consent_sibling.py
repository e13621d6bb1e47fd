"""Consent a sibling host cannot set (issue 43): `evil.motorlab.test` granting for the whole
domain leaves the banner asking and gtag unloaded; any "denied" cookie wins."""

import re

import pytest
from playwright.sync_api import expect

from motorlab.rendering import analytics
from tests.support.app import ANALYTICS_ID, config_with
from tests.support.browser import CHROMIUM, goto, serving, stub_analytics
from tests.support.consent import banner

pytestmark = pytest.mark.browser

SITE, SIBLING = "motorlab.test", "evil.motorlab.test"
RESOLVE = f"--host-resolver-rules=MAP {SITE} 127.0.0.1, MAP {SIBLING} 127.0.0.1"
# What the sibling's page writes: valid for every host of the domain, on / and on /en.
GRANTS = [
    f"{analytics.COOKIE_NAME}={analytics.GRANTED}; Domain={SITE}; Path=/en; Max-Age=9999999",
    f"{analytics.COOKIE_NAME}={analytics.GRANTED}; Domain={SITE}; Path=/; Max-Age=9999999",
]


@pytest.fixture(scope="module")
def two_hosts(browser):
    """(Chromium that resolves both names to loopback, the port the site listens on)."""
    config = config_with(ANALYTICS_ID=ANALYTICS_ID, EXTRA_HOSTS=[SITE, "127.0.0.1"])
    from motorlab import create_app

    with serving(create_app(config)) as base:
        resolving = browser.browser_type.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", RESOLVE]
        )
        yield resolving, base.rsplit(":", 1)[1]
        resolving.close()


@pytest.fixture
def visitor(two_hosts, open_page):
    """A fresh visitor's page (stub_analytics) of the site; the sibling host is `page.sibling`."""
    resolving, port = two_hosts
    page = open_page("/", goto=False, base=f"http://{SITE}:{port}", chromium=resolving)
    page.sibling = f"http://{SIBLING}:{port}"
    stub_analytics(page)
    return page


def from_the_sibling(page, cookies: list[str]) -> None:
    """A page of the sibling host (the site's 400 page, of that origin) writes `cookies`."""
    page.goto(page.sibling + "/")
    assert page.evaluate("location.hostname") == SIBLING
    page.evaluate("cookies => cookies.forEach((cookie) => { document.cookie = cookie; })", cookies)
    # The browser's store (which the next request reads) gets them a moment later.
    written = {(c.split(";")[0], re.search(r"Path=([^;]*)", c)[1]) for c in cookies}
    for _ in range(50):
        stored = {(f"{c['name']}={c['value']}", c["path"]) for c in page.context.cookies()}
        if written <= stored:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the sibling's cookies never reached the store: {stored}")


def said(page) -> str:
    """The privacy page's line on the choice kept."""
    goto(page, "/en/privacy")
    line = page.locator(".c-consent-choice__now")
    expect(line).not_to_have_text("")
    return line.inner_text()


def test_a_sibling_hosts_grant_neither_hides_the_banner_nor_loads_gtag_nor_undoes_a_decline(
    visitor,
):
    page = visitor
    from_the_sibling(page, GRANTS)
    sent = page.context.cookies(page.base + "/en/services")
    assert [c["value"] for c in sent if c["name"] == analytics.COOKIE_NAME] == ["granted"] * 2
    for path in ("/en/services", "/en", "/services"):
        goto(page, path)
        expect(banner(page)).to_be_visible()
    assert said(page) == "You have not chosen yet."
    # Declined here, then granted again by the sibling (on this page's path too).
    goto(page, "/en/services")
    page.get_by_role("button", name="Decline").click()
    expect(banner(page)).to_have_count(0)
    from_the_sibling(page, [*GRANTS, GRANTS[0].replace("Path=/en", "Path=/en/services")])
    for path in ("/en/services", "/en/portfolio", "/", "/en/privacy"):
        goto(page, path)
        expect(banner(page)).to_have_count(0)
    assert said(page) == "You declined the visit statistics."
    page.wait_for_timeout(300)  # a gtag the widget would load comes within a frame or two
    assert page.reached == []


def test_a_denied_cookie_is_honoured_whoever_set_it_and_wins_over_a_grant(visitor):
    page = visitor
    # The visitor's own, as earlier releases stored a decline: no banner, nothing loaded.
    old = f"{analytics.COOKIE_NAME}={analytics.DENIED}; Path=/; Max-Age=9999999"
    goto(page, "/en")
    page.evaluate("cookie => { document.cookie = cookie; }", old)
    goto(page, "/en/services")
    expect(banner(page)).to_have_count(0)
    assert said(page) == "You declined the visit statistics."
    # "Accept" replaces it: the choice kept is the visitor's latest.
    page.get_by_role("button", name="Accept").first.click()
    page.wait_for_function("() => window.dataLayer && window.dataLayer.length > 0")
    assert said(page) == "You accepted the visit statistics."
    assert len(page.reached) == 2  # at the click, and on the privacy page loaded again
    # A sibling's "denied" outvotes the grant kept here: nothing more loads.
    from_the_sibling(page, [g.replace(analytics.GRANTED, analytics.DENIED) for g in GRANTS])
    for path in ("/en/services", "/en/aboutus"):
        goto(page, path)
        expect(banner(page)).to_have_count(0)
    assert said(page) == "You declined the visit statistics."
    assert len(page.reached) == 2
    assert re.fullmatch(r"https://www\.googletagmanager\.com/gtag/js\?id=G-\w+", page.reached[0])
