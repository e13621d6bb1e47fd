"""With ANALYTICS_ID set, as production runs it (`analytics_deployment`: an export made with
it, gunicorn, and deploy's nginx rendered for it): nginx reads no consent cookie. Every page
but `/` and the contact page, and the 404 pages, is one answer for every visitor, whatever
their analytics cookie, with the app's own security headers, and any cache may keep it
(docs/operations.md, "A CDN in front")."""

from __future__ import annotations

import pytest

from motorlab import config, create_app
from motorlab.pages.public import public_paths
from tests.support.clients import get
from tests.support.nginx import assert_the_apps_security_headers, varies

PAGES = public_paths(create_app(config.TestConfig()))
# `/` varies by language and cookie, and the contact page carries a per-visitor token: the
# app's (tests/deploy/test_nginx.py).
SAME_FOR_ALL = [path for path in PAGES if path != "/" and not path.endswith("/contact")]
NOT_FOUND = ["/no-such-page", "/en/no-such-page"]
COOKIES = [
    None,
    "analytics_consent=granted",
    "analytics_consent=denied",
    "i18n_redirected=en; analytics_consent=granted; _ga=GA1.1.1234.5678",
    # A quoted value holding an encoded surrogate (the bytes ED A0 80): it made the old
    # consent reader (njs) throw on every page, five error lines a request.
    'analytics_consent="\xed\xa0\x80"',
    # 15 KB before the cookie: it made every page cost nginx 23 times as much.
    "a=1;" * 3700 + 'analytics_consent="granted"',
    'foo="a;analytics_consent=granted"',
]
DATE = {"date"}


def answer(base: str, path: str, cookie: str | None) -> tuple[int, list, bytes]:
    """Status, every header but Date in order, body."""
    headers = {"Accept-Encoding": "br"} if cookie is None else {"Accept-Encoding": "br",
                                                                "Cookie": cookie}  # fmt: skip
    status, found, body = get(base + path, headers)
    return status, [(k, v) for k, v in found.items() if k.lower() not in DATE], body


@pytest.fixture(scope="module")
def deployment(analytics_deployment):
    return analytics_deployment


@pytest.mark.parametrize("path", [*SAME_FOR_ALL, *NOT_FOUND])
def test_a_page_is_one_answer_whatever_the_analytics_cookie(deployment, path):
    answers = [answer(deployment.front, path, cookie) for cookie in COOKIES]
    assert [found == answers[0] for found in answers] == [True] * len(COOKIES)
    status, headers, body = get(deployment.front + path)
    assert "Cookie" not in varies(headers)
    if path in NOT_FOUND:
        error_page = path.removesuffix("no-such-page") + "404.html"
        assert (status, body) == (404, (deployment.export / error_page[1:]).read_bytes())
    else:
        assert status == 200 and "Last-Modified" in headers, "from the export, not the app"
    assert_the_apps_security_headers(headers, get(deployment.app + path)[1])


@pytest.mark.parametrize("path", SAME_FOR_ALL)
def test_any_cache_may_keep_a_page(deployment, path):
    """`public` with a shared cache's lifetime (s-maxage), as the app says it."""
    headers = get(deployment.front + path)[1]
    directives = {part.strip().split("=")[0] for part in headers["Cache-Control"].split(",")}
    assert {"public", "s-maxage"} <= directives
    assert not directives & {"private", "no-store", "no-cache"}
    assert headers["Cache-Control"] == get(deployment.app + path)[1]["Cache-Control"]


def test_nginx_logs_no_script_error(deployment):
    """After every page for every cookie (this module's other tests), nginx's error log holds
    no line of its JavaScript (njs) or its regular expressions (PCRE)."""
    for path in SAME_FOR_ALL[:3]:
        for cookie in COOKIES:
            answer(deployment.front, path, cookie)
    lines = deployment.error_log.read_text(errors="replace").splitlines()
    assert [line for line in lines if " js " in line or "js:" in line or "pcre" in line] == []
