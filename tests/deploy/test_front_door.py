"""nginx's redirects, attacked: every redirect for a hostile target resolves on this site as a
browser reads it, and no CR, LF or TAB from the path reaches a header."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.hostile import REDIRECT_BAIT, REPRODUCIBLE, targets
from tests.support.nginx import assert_safe, assert_site_page, request


@pytest.mark.parametrize(
    ("target", "location"),
    [
        ("/%5Cevil.example/", "/%5Cevil.example"),
        ("/%09/evil.example/", "/%09/evil.example"),
        ("//evil.example/", "/evil.example"),
        ("/\\evil.example/", "/%5Cevil.example"),
        (
            "/%0d%0aSet-Cookie:%20analytics_consent=granted;%20Path=/;%20Max-Age=99999999/",
            "/%0D%0ASet-Cookie:%20analytics_consent=granted;%20Path=/;%20Max-Age=99999999",
        ),
        ("/%0aSet-Cookie:%20x=1/", "/%0ASet-Cookie:%20x=1"),
        ("/en/services/?next=//evil.example", "/en/services?next=//evil.example"),
        ("/en//services", "/en/services"),
        ("/caf%C3%A9/", "/caf%C3%A9"),
    ],
)
def test_a_slash_redirect_is_the_path_re_encoded(nginx_server, browser_urls, target, location):
    answer = request(nginx_server, target.encode())
    redirect = (answer.status, answer.get("Location"), answer.get("Set-Cookie"))
    assert redirect == (308, [location], [])
    assert_safe(answer, nginx_server, target, browser_urls)


REFUSED = [
    # Bytes outside visible ASCII: gunicorn refuses them (a browser percent-encodes them).
    ("/café/".encode(), [], "es"),
    ("/en/contact?q=é".encode(), [], "en"),
    # Refused by nginx's parser, which stops before it knows the path's language.
    (b"/en/services?q=\x7f", [], "es"),
    (b"/en/contact?q=\x01", [], "es"),
    # A header value gunicorn refuses (the language switcher answers its own page).
    *[
        (target, [("X-Note", value)], None if target == b"/language/es" else "en")
        for target in (b"/en/contact", b"/en/services/", b"/language/es")
        for value in ("a\x01b", "a\x1bb", "a\x0bb", "a\x7fb")
    ],
]


@pytest.mark.parametrize(("target", "headers", "language"), REFUSED)
def test_what_cannot_be_taken_gets_the_sites_400_page(
    nginx_server, exported_site, target, headers, language
):
    answer = request(nginx_server, target, headers=headers)
    assert answer.status == 400
    if language:
        assert_site_page(answer, 400, language, exported_site[0])
    assert b"Invalid HTTP Header" not in answer.body, "gunicorn's own page"


@pytest.mark.parametrize(
    "target",
    [b"/en/./services", b"/en/%2e%2e/en/services", b"/en/.%2E/services", b"/%2E/en/services?x=1",
     b"/en/services/.", b"/en/services/..", b"/./robots.txt"],
)  # fmt: skip
def test_a_dot_segment_makes_no_second_address_of_a_page(nginx_server, app_server, target):
    """Regression: nginx served the page dot segments led to (the app: 404), a second address."""
    assert (request(nginx_server, target).status, request(app_server, target).status) == (404, 404)


@pytest.mark.parametrize("bait", REDIRECT_BAIT)
@pytest.mark.parametrize("ending", ["/", "//", "/?next=//evil.example"])
def test_every_bait_with_slashes_stays_on_the_site(nginx_server, browser_urls, bait, ending):
    for page in ("", "/en", "/en/services"):
        target = f"{page}/{bait}{ending}"
        assert_safe(request(nginx_server, target.encode()), nginx_server, target, browser_urls)


@settings(REPRODUCIBLE, max_examples=300)
@given(target=targets(), method=st.sampled_from(["GET", "HEAD"]))
def test_hostile_targets_never_leave_the_site_through_nginx(
    nginx_server, browser_urls, target, method
):
    answer = request(nginx_server, target.encode(), method=method)
    assert_safe(answer, nginx_server, target, browser_urls)
