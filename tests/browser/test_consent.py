"""The consent banner in Chromium, with ANALYTICS_ID set and the analytics origin
routed to a local stub: nothing reaches it before consent, it does after "accept",
"decline" is remembered from page to page, the banner works without JavaScript, and axe
finds no violation while it is shown. The choice works the same through nginx, which serves
each page in the variant of the choice from the export (tests/deploy/test_nginx_consent.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import axe_report

pytestmark = pytest.mark.browser

ANALYTICS_ORIGINS = ("https://www.googletagmanager.com/**", "https://*.google-analytics.com/**")


@pytest.fixture
def visit(browser, analytics_server):
    """A fresh visitor: (page, requests that reached the analytics stub)."""
    contexts = []

    def open_page(javascript: bool = True, site: str = analytics_server):
        context = browser.new_context(java_script_enabled=javascript)
        context.add_cookies([{"name": "i18n_redirected", "value": "es", "url": site}])
        contexts.append(context)
        reached: list[str] = []

        def stub(route):
            reached.append(route.request.url)
            route.fulfill(status=200, content_type="text/javascript", body="/* stub */")

        for pattern in ANALYTICS_ORIGINS:
            context.route(pattern, stub)
        return context.new_page(), reached

    yield open_page
    for context in contexts:
        context.close()


def test_nothing_reaches_the_analytics_origin_before_consent_and_after_accept_it_does(
    visit, analytics_server, axe
):
    page, reached = visit()
    errors = []  # a CSP violation (say, by the JSON-LD block) is a console error
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(analytics_server + "/en")
    page.goto(analytics_server + "/en/projects/kuzu")
    banner = page.get_by_role("region", name="Visit statistics")
    assert banner.is_visible()
    page.wait_for_selector("[data-widget=consent_banner][data-mounted=true]")
    page.goto(analytics_server + "/en/aboutus")
    assert reached == []
    violations = axe(page)
    assert violations == [], axe_report(violations)

    # The widget stores the choice without a page load: the banner goes, a toast says so.
    page.evaluate("window.__samePage = true")
    page.get_by_role("button", name="Accept analytics").click()
    expect(page.locator(".c-toast")).to_contain_text("Thank you")
    assert page.get_by_role("region", name="Visit statistics").count() == 0
    assert page.evaluate("window.__samePage === true")
    assert page.evaluate("document.activeElement.id") == "main"
    page.get_by_role("button", name="Close message").click()
    # Analytics starts on the next page, loaded in full under that page's policy.
    page.get_by_role("link", name="Services").first.click()
    page.wait_for_url(analytics_server + "/en/services")
    page.wait_for_load_state("load")
    assert not page.evaluate("window.__samePage === true")
    assert any("gtag/js?id=G-TEST12345" in url for url in reached), reached
    assert page.get_by_role("region", name="Visit statistics").count() == 0
    assert page.evaluate("Array.isArray(window.dataLayer) && window.dataLayer.length > 0")
    assert errors == []


def test_declining_is_remembered_across_pages(visit, analytics_server):
    page, reached = visit()
    page.goto(analytics_server + "/services")
    page.wait_for_selector("[data-widget=consent_banner][data-mounted=true]")
    page.get_by_role("button", name="Rechazar analítica").click()
    expect(page.locator(".c-toast")).to_contain_text("Entendido")
    for path in ("/services", "/aboutus", "/en/portfolio", "/privacy"):
        page.goto(analytics_server + path)
        assert page.locator("[data-widget=consent_banner]").count() == 0, path
    assert reached == []
    assert page.get_by_text("Rechazaste las estadísticas de visitas.").is_visible()


def test_the_banner_works_without_javascript(visit, analytics_server):
    page, _reached = visit(javascript=False)
    page.goto(analytics_server + "/en/contact")
    page.get_by_role("button", name="Accept analytics").click()
    page.wait_for_url(analytics_server + "/en/contact")
    assert page.locator("[data-widget=consent_banner]").count() == 0
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies["analytics_consent"] == "granted"
    assert page.locator("script[src*='googletagmanager']").count() == 1


@pytest.mark.parametrize("javascript", [True, False])
def test_through_nginx_the_next_page_follows_the_choice(visit, analytics_deployment, javascript):
    """Accept in the banner (the widget, or the plain form), then the next page, a file of
    the export picked by the cookie, loads the analytics under its own policy; decline, and
    no page has the banner or the analytics."""
    site = analytics_deployment.front
    page, reached = visit(javascript=javascript, site=site)
    errors = []  # a CSP violation is a console error
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(site + "/en/services")
    if javascript:
        page.wait_for_selector("[data-widget=consent_banner][data-mounted=true]")
    page.get_by_role("button", name="Accept analytics").click()
    if javascript:
        expect(page.locator(".c-toast")).to_contain_text("Thank you")
    else:
        page.wait_for_url(site + "/en/services")
    assert reached == []
    page.goto(site + "/en/aboutus")
    page.wait_for_load_state("load")
    assert page.locator("[data-widget=consent_banner]").count() == 0
    assert page.locator("script[src*='googletagmanager']").count() == 1
    if javascript:  # without it, the browser fetches no script
        assert any("gtag/js?id=G-TEST12345" in url for url in reached), reached
    assert errors == []

    page, reached = visit(javascript=javascript, site=site)
    page.goto(site + "/services")
    page.get_by_role("button", name="Rechazar analítica").click()
    if not javascript:
        page.wait_for_url(site + "/services")
    else:
        expect(page.locator(".c-toast")).to_contain_text("Entendido")
    for path in ("/aboutus", "/", "/en/portfolio"):
        page.goto(site + path)
        assert page.locator("[data-widget=consent_banner]").count() == 0, path
        assert page.locator("script[src*='googletagmanager']").count() == 0, path
    assert reached == []
