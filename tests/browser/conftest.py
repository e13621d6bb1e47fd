"""The consent tests' visitor: the site with ANALYTICS_ID, its analytics origins routed to a
local stub (never the network)."""

import pytest

from tests.support.consent import ANALYTICS_ORIGINS, BANNER_MOUNTED

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


def goto(page, path):
    """`path` opened (the 404 too), the consent widget mounted."""
    assert page.goto(page.base + path).status in (200, 404)
    page.wait_for_selector(BANNER_MOUNTED, state="attached")


@pytest.fixture
def visit(open_page, analytics_server):
    """visit(path=None, javascript=True, **open_page's options) -> a fresh visitor's page (at
    `path`, if given), whose `reached` lists the requests to the stub."""

    def open_(path=None, javascript=True, **options):
        page = open_page("/", javascript=javascript, goto=False, base=analytics_server, **options)
        page.reached = []

        def stub(route):
            page.reached.append(route.request.url)
            route.fulfill(status=200, content_type="text/javascript", body=STUB)

        for pattern in ANALYTICS_ORIGINS:
            page.context.route(pattern, stub)
        if javascript:
            page.add_init_script(RECORD)
        if path:
            goto(page, path)
        return page

    return open_
