"""With ANALYTICS_ID set (`analytics_deployment`), nginx reads no consent cookie: every page but
`/` and the contact page, and the 404 pages, is one answer for every visitor, which any cache
may keep, with the app's security headers."""

from __future__ import annotations

import pytest

from tests.support.clients import get
from tests.support.nginx import PAGES, assert_the_apps_security_headers, varies

# `/` varies by language and cookie, and the contact page carries a per-visitor token.
SAME_FOR_ALL = [path for path in PAGES if path != "/" and not path.endswith("/contact")]
NOT_FOUND = ["/no-such-page", "/en/no-such-page"]
COOKIES = [
    None,
    "analytics_consent=granted",
    "analytics_consent=denied",
    "i18n_redirected=en; analytics_consent=granted; _ga=GA1.1.1234.5678",
    # A quoted value holding an encoded surrogate: it made the old consent reader (njs) throw.
    'analytics_consent="\xed\xa0\x80"',
    # 15 KB before the cookie: it made every page cost nginx 23 times as much.
    "a=1;" * 3700 + 'analytics_consent="granted"',
    'foo="a;analytics_consent=granted"',
]


def answer(base: str, path: str, cookie: str | None) -> tuple[int, list, bytes]:
    """Status, every header but Date in order, body."""
    headers = {"Accept-Encoding": "br", **({"Cookie": cookie} if cookie else {})}
    status, found, body = get(base + path, headers)
    return status, [(k, v) for k, v in found.items() if k.lower() != "date"], body


@pytest.mark.parametrize("path", [*SAME_FOR_ALL, *NOT_FOUND])
def test_a_page_is_one_answer_whatever_the_analytics_cookie(analytics_deployment, path):
    """And nginx's error log holds no line of its JavaScript (njs) or regexes (PCRE)."""
    front, app = analytics_deployment.front, analytics_deployment.app
    answers = [answer(front, path, cookie) for cookie in COOKIES]
    assert [found == answers[0] for found in answers] == [True] * len(COOKIES)
    status, headers, body = get(front + path)
    assert "Cookie" not in varies(headers)
    if path in NOT_FOUND:
        error_page = path.removesuffix("no-such-page") + "404.html"
        assert (status, body) == (404, (analytics_deployment.export / error_page[1:]).read_bytes())
    else:
        assert status == 200 and "Last-Modified" in headers, "from the export, not the app"
        # Any cache may keep it: `public` with a shared cache's lifetime, as the app says.
        directives = {part.strip().split("=")[0] for part in headers["Cache-Control"].split(",")}
        assert {"public", "s-maxage"} <= directives
        assert not directives & {"private", "no-store", "no-cache"}
        assert headers["Cache-Control"] == get(app + path)[1]["Cache-Control"]
    assert_the_apps_security_headers(headers, get(app + path)[1])
    lines = analytics_deployment.error_log.read_text(errors="replace").splitlines()
    assert [line for line in lines if " js " in line or "js:" in line or "pcre" in line] == []
