"""Every status nginx answers itself is the site's page, in the language of the path; a contact
post over nginx's rate limit keeps the visitor's text."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode

import pytest
from bs4 import BeautifulSoup

from tests.support.nginx import assert_site_page, request, title_and_language


@pytest.mark.parametrize("path", ["/en/services", "/services", "/en", "/"])
@pytest.mark.parametrize(
    ("status", "method", "headers"),
    [
        (405, "POST", []),
        (405, "DELETE", []),
        (412, "GET", [("If-Match", '"not-this-one"')]),
        (412, "GET", [("If-Unmodified-Since", "Mon, 01 Jan 1990 00:00:00 GMT")]),
        (501, "GET", [("Transfer-Encoding", "gzip")]),
    ],
)
def test_nginxs_own_answers_are_the_sites_pages(nginx_server, path, status, method, headers):
    """Regression: nginx answered these with its bare pages where the app answers with its own."""
    if path == "/" and status != 405:  # `/` has no file to meet a condition: the language detection
        headers = [*headers, ("Cookie", "i18n_redirected=es")]
    answer = request(nginx_server, path.encode(), method=method, headers=headers)
    assert_site_page(answer, status, "en" if path.startswith("/en") else "es")
    if status == 405:
        assert answer.get("Allow") == ["GET, HEAD"]
    if status == 412:
        assert "max-age" not in " ".join(answer.get("Cache-Control")), "no error page kept"


def test_an_http_2_version_in_an_http_1_request_line_gets_the_505_page(nginx_server):
    answer = request(nginx_server, b"/en/services", version=b"HTTP/2.0")
    assert_site_page(answer, 505, "es")  # nginx reads no path from a line it refused


@pytest.mark.parametrize("path", [b"/en/services", b"/static/img/favicon.svg"])
@pytest.mark.parametrize("ranges", ["bytes=99999999-", "bytes=0-9", "bytes=0-1,5-9"])
def test_a_range_gets_the_whole_file(nginx_server, path, ranges):
    """Regression: an unsatisfiable Range got nginx's bare 416, with the page's Cache-Control
    and the security headers twice. As the app's pages, nginx answers with the whole file."""
    answer = request(nginx_server, path, headers=[("Range", ranges)])
    assert (answer.status, answer.body) == (200, request(nginx_server, path).body)
    assert not answer.get("Content-Range") and not answer.get("Accept-Ranges")


def test_a_conditional_request_that_holds_is_still_answered(nginx_server):
    """Only a condition that fails gets the 412 page: a current one gets the page."""
    (etag,) = request(nginx_server, b"/en/services").get("ETag")
    answer = request(nginx_server, b"/en/services", headers=[("If-Match", etag)])
    assert answer.status == 200 and title_and_language(answer)[1] == "en"


VISITOR_TEXT = "Nuestra flota de furgonetas necesita una app para los talleres"


def test_a_contact_post_over_nginxs_limit_gets_the_apps_429_page_with_its_text(nginx_server):
    """Regression: nginx's `app` limit answered its bare 429 page and the text was lost. Now
    the post is handed to the app, marked, which refuses it with the form and the text; the
    hand-off has its own limit (2 a second, bursts of 20), past which the static 429 page."""
    body = urlencode({"name": "Ana", "email": "ana@example.com", "description": VISITOR_TEXT})
    form = [("Content-Type", "application/x-www-form-urlencoded")]

    def post(_):  # from another address than the tests' own, which nginx_server exempts
        return request(nginx_server, b"/contact", method="POST", headers=form,
                       body=body.encode(), source="127.0.0.9")  # fmt: skip

    with ThreadPoolExecutor(16) as pool:  # faster than the limits refill, on a busy machine too
        answers = list(pool.map(post, range(400)))
    statuses = [answer.status for answer in answers]
    assert set(statuses) <= {400, 429}, "no post over the limit is accepted"  # 400: no token
    handed = [a for a in answers if a.status == 429 and VISITOR_TEXT.encode() in a.body]
    static = [a for a in answers if a.status == 429 and VISITOR_TEXT.encode() not in a.body]
    print(f"{statuses.count(400)} to the form, {len(handed)} handed off, {len(static)} static")
    assert len(handed) >= 20, "the hand-off's burst"
    assert len(static) > len(handed), "the hand-off is bounded too"
    for answer in handed[:1] + static[:1]:
        assert title_and_language(answer)[1] == "es" and answer.get("Content-Security-Policy")
    page = BeautifulSoup(handed[0].body.decode(), "html.parser")
    assert page.find("textarea").string.strip() == VISITOR_TEXT
    assert "Has enviado varias solicitudes" in page.get_text()
    assert handed[0].get("Retry-After") == ["1"]
    assert handed[0].get("Cache-Control") == ["no-store"]
