"""TLS at the front door (`tls_front`: deploy/nginx.conf with a throwaway CA's certificate):
TLS 1.2/1.3 with Mozilla's "intermediate" suites, no tickets, HTTP/2 as HTTP/1.1 answers; pages
with the app's headers and HSTS, cookies Secure as the app's, and the contact form."""

from __future__ import annotations

import re
import socket
import ssl
import subprocess
import urllib.request

import pytest
from bs4 import BeautifulSoup

from tests.support import browser as browser_support
from tests.support.app import visible_text
from tests.support.clients import SPANISH_COOKIE, NoRedirect, Visitor, get
from tests.support.nginx import PAGES, SECURITY_HEADERS, assert_the_apps_security_headers, text_of
from tests.support.tls import SITE, client_context

READY = "Ready to start? | Motorlab"


def handshake(port: int, context: ssl.SSLContext, session=None) -> ssl.SSLSocket:
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    return context.wrap_socket(raw, server_hostname="www.motorlab.example", session=session)


@pytest.mark.parametrize(
    ("version", "ciphers", "taken"),
    [
        ("TLSv1", None, "TLSV1_ALERT_PROTOCOL_VERSION"),
        ("TLSv1_1", None, "TLSV1_ALERT_PROTOCOL_VERSION"),
        # Only CBC suites (in OpenSSL's defaults, not in Mozilla's list).
        ("TLSv1_2", "ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA384",
         "SSLV3_ALERT_HANDSHAKE_FAILURE"),
        ("TLSv1_2", None, "TLSv1.2"),
        ("TLSv1_3", None, "TLSv1.3"),
    ],
)  # fmt: skip
def test_only_tls_1_2_and_1_3_are_taken_with_forward_secret_aead_suites(
    tls_front, throwaway_ca, version, ciphers, taken
):
    """The client does offer the old ones: against `ssl_protocols TLSv1 TLSv1.1 …` it connects."""
    context = client_context(throwaway_ca.ca, version)
    if ciphers:
        context.set_ciphers(ciphers)
    if not taken.startswith("TLSv"):
        with pytest.raises(ssl.SSLError) as refusal:
            handshake(tls_front.port, context).close()
        assert refusal.value.reason == taken
        return
    with handshake(tls_front.port, context) as connection:
        assert connection.version() == taken
        suite = connection.cipher()[0]
    assert re.fullmatch(
        r"(ECDHE-ECDSA-|TLS_)(AES(128|256)-GCM|AES_(128|256)_GCM|CHACHA20).*", suite
    )


def test_sessions_resume_from_the_cache_without_tickets(tls_front, throwaway_ca):
    """`ssl_session_tickets off`: a TLS 1.2 session carries no ticket (whose key nginx would
    never rotate) and resumes from the shared cache by its id."""
    context = client_context(throwaway_ca.ca, "TLSv1_2")
    with handshake(tls_front.port, context) as first:
        session = first.session
    assert not session.has_ticket and session.id
    with handshake(tls_front.port, context, session) as second:
        assert second.session_reused


@pytest.mark.parametrize(
    ("offered", "chosen"), [(["h2", "http/1.1"], "h2"), (["http/1.1"], "http/1.1")]
)
def test_alpn_negotiates_http2(tls_front, throwaway_ca, offered, chosen):
    context = client_context(throwaway_ca.ca)
    context.set_alpn_protocols(offered)
    with handshake(tls_front.port, context) as connection:
        assert connection.selected_alpn_protocol() == chosen


def crumbs(name: str, start: str, size: int) -> list[str]:
    """Two fields of one name, each within a buffer, that nginx joins into one line for
    gunicorn (Cookie 14 kB, within HEADER_LINE; X-Forwarded-For 24 kB): it takes it."""
    return [f"{name}: {start.format(n=n)}" + "c" * size for n in range(2)]


@pytest.mark.parametrize(
    ("method", "path", "headers", "status", "title"),
    [
        ("GET", "/en/services", [], "200 ", None),  # the export
        ("GET", "/en/contact", [], "200 ", None),  # the app, behind
        # njs reads h2's lowercase names.
        ("GET", "/", ["Accept-Language: en-GB,en;q=0.9"], "302 /en", None),
        ("GET", "/", ["Accept-Language: en", "Cookie: a=1", "Cookie: i18n_redirected=es"],
         "200 ", None),
        # Regression: a POST over HTTP/2 to a page of the export got nginx's bare 405.
        ("POST", "/en/services", ["Cookie: i18n_redirected=es"], "405 ",
         "This address does not accept"),
        ("PUT", "/", ["Cookie: i18n_redirected=es"], "405 ", "Esta dirección no admite"),
        ("GET", "/en/contact", crumbs("Cookie", "crumb{n}=", 7 * 1024), "200 ", READY),
        ("GET", "/en/contact", crumbs("X-Forwarded-For", "192.0.2.{n}, ", 12 * 1024), "200 ",
         READY),
    ],
)  # fmt: skip
def test_pages_come_over_http2(tls_front, throwaway_ca, method, path, headers, status, title):
    """Real HTTP/2 exchanges (curl with nghttp2, as Debian builds it); a 405 says Allow."""
    data = ["--data", "x=1"] if method != "GET" else []
    written = subprocess.run(
        ["curl", "--silent", "--show-error", "--http2", "--cacert", str(throwaway_ca.ca),
         *[argument for header in headers for argument in ("--header", header)],
         "--request", method, *data, "--write-out",
         "\n%{http_version} %{http_code} %header{location}%header{allow}", tls_front.https + path],
        capture_output=True, text=True, check=True, timeout=30,
    )  # fmt: skip
    page, _, said = written.stdout.rpartition("\n")
    assert said == "2 " + status + ("GET, HEAD" if status == "405 " else ""), page[:300]
    if title:
        soup = BeautifulSoup(page, "html.parser")
        assert soup.title.string.startswith(title), soup.title.string
        assert soup.html["lang"] == ("en" if path.startswith("/en") else "es")


@pytest.fixture(scope="module")
def chromium_over(browser):
    """Chromium speaking HTTP/2 (as it does over TLS) or, with --disable-http2, HTTP/1.1."""
    http1 = browser.browser_type.launch(
        executable_path=browser_support.CHROMIUM, args=["--no-sandbox", "--disable-http2"]
    )
    yield {"h2": browser, "http/1.1": http1}
    http1.close()


@pytest.mark.parametrize("protocol", ["h2", "http/1.1"])
@pytest.mark.parametrize(
    ("cookies", "answer"),
    [
        (3, "Ready to start?"),  # 12 kB: the app
        (5, "The request's headers are too large"),  # 20 kB: one Cookie line over HEADER_LINE
        (17, "The request's headers are too large"),  # 68 kB: over HEADER_BYTES
    ],
)
def test_http2_and_http1_agree_on_too_many_header_bytes(
    tls_front, chromium_over, protocol, cookies, answer
):
    """Regression: 68 kB of cookies got the site's 431 page over HTTP/1.1 and a dropped
    connection over HTTP/2. One count now for both (deploy/header_check.js). (4 kB cookies: a
    browser keeps none longer.)"""
    context = chromium_over[protocol].new_context(ignore_https_errors=True)
    try:
        cookie = {"value": "c" * 4000, "url": tls_front.https}
        context.add_cookies([{"name": f"parent{n}", **cookie} for n in range(cookies)])
        page = context.new_page()
        page.goto(tls_front.https + "/en/contact")
        spoken = page.evaluate("performance.getEntriesByType('navigation')[0].nextHopProtocol")
        assert spoken == protocol
        assert page.title().startswith(answer)
    finally:
        context.close()


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
