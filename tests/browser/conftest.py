"""The consent tests' visitor: the site with ANALYTICS_ID, its analytics origins routed to a
local stub (never the network)."""

import pytest

from tests.support.browser import RECORD_VIOLATIONS, goto, stub_analytics

# Before any script of the page: layout shifts and CSP violations, as the page meets them.
RECORD = (
    """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__shifts.push([entry.startTime, entry.value]);
}).observe({ type: "layout-shift", buffered: true });
"""
    + RECORD_VIOLATIONS
)


@pytest.fixture
def visit(open_page, analytics_server):
    """visit(path=None, javascript=True, **open_page's options) -> a fresh visitor's page (at
    `path`, if given), whose `reached` lists the requests to the stub."""

    def open_(path=None, javascript=True, **options):
        page = open_page("/", javascript=javascript, goto=False, base=analytics_server, **options)
        stub_analytics(page)
        if javascript:
            page.add_init_script(RECORD)
        if path:
            goto(page, path)
        return page

    return open_
