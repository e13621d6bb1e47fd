"""The site over https through `tls_front`: pages carry the app's headers and HSTS, cookies are
Secure as the app's, and the contact form works."""

from __future__ import annotations

import urllib.request

import pytest
from bs4 import BeautifulSoup

from tests.support.app import visible_text
from tests.support.clients import SPANISH_COOKIE, NoRedirect, Visitor, get
from tests.support.nginx import PAGES, SECURITY_HEADERS, assert_the_apps_security_headers, text_of
from tests.support.tls import SITE, client_context


@pytest.fixture(scope="module")
def https_opener(throwaway_ca):
    context = client_context(throwaway_ca.ca)
    return urllib.request.build_opener(urllib.request.HTTPSHandler(context=context), NoRedirect())


@pytest.mark.parametrize("path", PAGES)
def test_every_page_over_https_carries_the_apps_headers(tls_front, https_app, https_opener, path):
    front = get(tls_front.https + path, SPANISH_COOKIE, opener=https_opener)
    alone = get(https_app + path, SPANISH_COOKIE)
    assert front[0] == alone[0] == 200
    assert text_of(front[2]) == text_of(alone[2])
    names = (*SECURITY_HEADERS, "Strict-Transport-Security")
    assert_the_apps_security_headers(front[1], alone[1], names, path.endswith("/contact"))
    hsts = front[1]["Strict-Transport-Security"].split(";")
    assert int(dict(part.strip().partition("=")[::2] for part in hsts)["max-age"]) >= 31536000


def cookie_attributes(headers) -> list[list[str]]:
    """Each Set-Cookie's name and attributes, without its value (a session id differs)."""
    cookies = [value.split(";") for value in headers.get_all("Set-Cookie") or []]
    return [[parts[0].split("=")[0], *sorted(p.strip() for p in parts[1:])] for parts in cookies]


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/", {"Accept-Language": "en"}),  # nginx's own cookie (the first visit's language)
        ("/", {"Accept-Language": "es"}),
        ("/en/contact", SPANISH_COOKIE),  # the app's session cookie (CSRF token)
        ("/language/en?next=/en/services", {}),  # the switcher's
    ],
)
def test_cookies_over_https_are_secure_as_the_apps(
    tls_front, https_app, https_opener, path, headers
):
    front = get(tls_front.https + path, headers, opener=https_opener)
    alone = get(https_app + path, headers)
    assert front[0] == alone[0]
    attributes = cookie_attributes(front[1])
    assert attributes and attributes == cookie_attributes(alone[1])
    assert all("Secure" in cookie for cookie in attributes), attributes


def test_the_contact_form_works_over_https(tls_front, throwaway_ca):
    """nginx tells the app the visit is https (X-Forwarded-Proto): the Secure session cookie
    comes back and the post goes through, as a browser sends it on the public host (Flask-WTF
    then also wants a same-origin Referer)."""
    visitor = Visitor(tls_front.https, client_context(throwaway_ca.ca))
    visitor.fetch_token()
    fields = {
        "name": "José Núñez",
        "email": "jose.nunez@example.com",
        "description": "We need a booking app for the workshops of three brands.",
    }
    public = {"Host": "www.motorlab.example", "Referer": SITE + "/en/contact"}
    status, body = visitor.post("/en/contact", fields, headers=public)
    assert status == 303, visible_text(BeautifulSoup(body, "html.parser"))[:1000]
    status, body = visitor.get("/en/contact")
    assert BeautifulSoup(body, "html.parser").select_one(".c-contact-sent") is not None
