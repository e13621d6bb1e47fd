"""Trust and headers: the app answers only for its own hosts, never redirects off the
site, ignores a forwarded scheme other than http/https, and sends every security header on
pages, error pages and static files."""

from __future__ import annotations

import pytest

from motorlab import create_app
from motorlab.rendering import analytics
from motorlab.web.hosts import trusted_hosts
from motorlab.web.security import headers as security_headers
from tests.support.app import SITE, config_with, soup_of, visible_text

EVIL = {"Host": "evil.example"}


def make_app(**overrides):
    return create_app(config_with(**overrides))


def test_trusted_hosts_come_from_site_url_and_the_extra_setting():
    assert trusted_hosts("https://www.motorlab.example", ["cdn.example"]) == [
        "www.motorlab.example",
        "cdn.example",
    ]
    # Development (a loopback SITE_URL) answers on every loopback name.
    assert set(trusted_hosts("http://127.0.0.1:5000")) == {"127.0.0.1", "localhost", "::1"}


@pytest.mark.parametrize(
    ("path", "lang", "message"),
    [
        ("/en//services", "en", "The request could not be understood"),
        ("/en/services", "en", "The request could not be understood"),
        ("/services", "es", "No se ha podido entender la petición"),
        ("/contact", "es", "No se ha podido entender la petición"),
    ],
)
def test_an_unknown_host_gets_the_localised_400(client, path, lang, message):
    # Before: `curl -H 'Host: evil.example' …/en//services` answered
    # 308 Location: http://evil.example/en/services.
    response = client.get(path, headers=EVIL)
    assert response.status_code == 400 and "Location" not in response.headers
    soup = soup_of(response)
    assert soup.html["lang"] == lang and soup.h1.get_text(strip=True) == message
    assert "evil.example" not in response.get_data(as_text=True)


def test_the_page_cache_serves_nothing_to_an_unknown_host(client):
    assert client.get("/en/services").status_code == 200  # now stored
    assert client.get("/en/services").status_code == 200  # served from the store
    assert client.get("/en/services", headers=EVIL).status_code == 400


def test_the_extra_hosts_are_answered():
    client = make_app(EXTRA_HOSTS=["motorlab.example"]).test_client()
    assert client.get("/en/services", headers={"Host": "motorlab.example"}).status_code == 200
    assert client.get("/en/services", headers={"Host": "localhost"}).status_code == 400


def test_redirects_carry_a_relative_location(client):
    response = client.get("/en//services", headers={"Host": "www.motorlab.example"})
    assert response.status_code == 308 and response.headers["Location"] == "/en/services"


@pytest.mark.parametrize("scheme", ["javascript", "data", "https, javascript", "ftp"])
def test_a_forwarded_scheme_other_than_http_or_https_is_ignored(scheme):
    # Before: with PROXY_FIX_HOPS=1 and X-Forwarded-Proto: javascript, Location started with
    # javascript://.
    app = make_app(PROXY_FIX_HOPS=1)

    @app.route("/scheme")
    def scheme_seen():
        from flask import request

        return request.scheme

    client = app.test_client()
    forwarded = {"X-Forwarded-Proto": scheme, "Host": "www.motorlab.example"}
    assert client.get("/scheme", headers=forwarded).get_data(as_text=True) == "http"
    response = client.get("/en//services", headers=forwarded)
    assert response.headers["Location"] == "/en/services"
    https = {**forwarded, "X-Forwarded-Proto": "https"}
    assert client.get("/scheme?again", headers=https).get_data(as_text=True) == "https"


# --- Headers -------------------------------------------------------------------------------

EXPECTED = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
}


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/en", 200),
        ("/contact", 200),
        ("/en/no-such-page", 404),
        ("/static/img/favicon.svg", 200),
        ("/robots.txt", 200),
        ("/en/services?" + "x" * 10, 200),
    ],
)
def test_every_answer_carries_every_security_header(client, path, status):
    response = client.get(path)
    response.close()  # a static file's handle
    assert response.status_code == status
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, name
    csp = response.headers["Content-Security-Policy"]
    if response.mimetype == "text/html":
        assert "default-src 'self'" in csp and "'unsafe-inline'" not in csp
        assert "script-src 'self' 'sha256-" in csp  # the hash-based policy, no nonce
    else:  # a file on its own runs and loads nothing
        assert csp == "default-src 'none'; frame-ancestors 'none'"


def test_error_pages_of_every_kind_carry_the_headers(client):
    for response in (
        client.get("/en", headers=EVIL),  # 400
        client.post("/en/services"),  # 405
        client.get("/" + "x" * 3000),  # 414
    ):
        assert response.status_code >= 400
        for name, value in EXPECTED.items():
            assert response.headers.get(name) == value, (response.status_code, name)


def test_no_hsts_on_a_plain_http_site():
    response = make_app(SITE_URL="http://127.0.0.1:5000").test_client().get("/en")
    assert "Strict-Transport-Security" not in response.headers
    assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"


def test_form_action_names_the_api_origin_only_when_it_differs():
    config = {"SITE_URL": SITE, "API_BASE_URL": "https://api.motorlab.example/v1"}
    csp = security_headers(config)["Content-Security-Policy"]
    assert "form-action 'self' https://api.motorlab.example;" in csp
    config["API_BASE_URL"] = SITE + "/api"
    assert "form-action 'self';" in security_headers(config)["Content-Security-Policy"]


def test_the_headers_of_a_settings_mapping_name_the_analytics_origins_iff_it_has_an_id():
    """`headers(settings)` is the whole set for any mapping (the nginx config is rendered
    from one): the analytics origins in the CSP exactly when ANALYTICS_ID is set."""
    plain = security_headers({"SITE_URL": SITE})
    with_id = security_headers({"SITE_URL": SITE, "ANALYTICS_ID": "G-X"})
    assert {**with_id, "Content-Security-Policy": ""} == {**plain, "Content-Security-Policy": ""}
    for directive, sources in analytics.CSP_SOURCES.items():
        assert f"{directive} " in plain["Content-Security-Policy"]
        assert sources not in plain["Content-Security-Policy"]
        assert sources in with_id["Content-Security-Policy"]
    assert security_headers({"SITE_URL": SITE, "ANALYTICS_ID": ""}) == plain


def test_the_bad_request_page_explains_itself(client):
    text = visible_text(soup_of(client.get("/en", headers=EVIL)))
    assert "400" in text and "Traceback" not in text
