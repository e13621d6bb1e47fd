"""Trust and headers: only the site's own hosts, no redirect off the site, no forwarded scheme
but http/https, and every security header on pages, error pages and static files."""

from __future__ import annotations

import pytest
from flask import request

from motorlab import create_app
from motorlab.rendering import analytics
from motorlab.web.hosts import trusted_hosts
from motorlab.web.security import headers as security_headers
from tests.support.app import SITE, config_with, soup_of, visible_text

EVIL = {"Host": "evil.example"}


def test_trusted_hosts_come_from_site_url_and_the_extra_setting():
    client = create_app(config_with(EXTRA_HOSTS=["motorlab.example"])).test_client()
    assert client.get("/en/services", headers={"Host": "motorlab.example"}).status_code == 200
    assert client.get("/en/services", headers={"Host": "localhost"}).status_code == 400
    assert trusted_hosts("https://www.motorlab.example", ["cdn.example"]) == [
        "www.motorlab.example",
        "cdn.example",
    ]
    # Development (a loopback SITE_URL) answers on every loopback name, and without HSTS.
    assert set(trusted_hosts("http://127.0.0.1:5000")) == {"127.0.0.1", "localhost", "::1"}
    response = create_app(config_with(SITE_URL="http://127.0.0.1:5000")).test_client().get("/en")
    assert "Strict-Transport-Security" not in response.headers
    assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"


EN_400, ES_400 = "The request could not be understood", "No se ha podido entender la petición"


@pytest.mark.shared_app
@pytest.mark.parametrize(
    ("path", "lang", "message"),
    [
        ("/en//services", "en", EN_400),  # it answered 308 Location: http://evil.example/…
        ("/en/services", "en", EN_400),
        ("/services", "es", ES_400),
        ("/contact", "es", ES_400),
    ],
)
def test_an_unknown_host_gets_the_localised_400(client, path, lang, message):
    assert client.get(path).status_code in (200, 308)  # stored, for a page
    response = client.get(path, headers=EVIL)
    assert response.status_code == 400 and "Location" not in response.headers
    soup = soup_of(response)
    assert soup.html["lang"] == lang and soup.h1.get_text(strip=True) == message
    text = visible_text(soup)
    assert "400" in text and "Traceback" not in text and "evil.example" not in text
    assert "evil.example" not in response.get_data(as_text=True)


@pytest.mark.parametrize("scheme", ["javascript", "data", "https, javascript", "ftp"])
def test_a_forwarded_scheme_other_than_http_or_https_is_ignored(scheme):
    # Location started with javascript:// for X-Forwarded-Proto: javascript.
    app = create_app(config_with(PROXY_FIX_HOPS=1))

    @app.route("/scheme")
    def scheme_seen():
        return request.scheme

    client = app.test_client()
    forwarded = {"X-Forwarded-Proto": scheme, "Host": "www.motorlab.example"}
    assert client.get("/scheme", headers=forwarded).get_data(as_text=True) == "http"
    response = client.get("/en//services", headers=forwarded)
    assert response.status_code == 308 and response.headers["Location"] == "/en/services"
    https = {**forwarded, "X-Forwarded-Proto": "https"}
    assert client.get("/scheme?again", headers=https).get_data(as_text=True) == "https"


EXPECTED = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
}


@pytest.mark.shared_app
@pytest.mark.parametrize(
    ("method", "path", "headers", "status"),
    [
        ("GET", "/en", {}, 200),
        ("GET", "/contact", {}, 200),
        ("GET", "/en/no-such-page", {}, 404),
        ("GET", "/static/img/favicon.svg", {}, 200),
        ("GET", "/robots.txt", {}, 200),
        ("GET", "/en/services?" + "x" * 10, {}, 200),
        ("GET", "/en", EVIL, 400),
        ("POST", "/en/services", {}, 405),
        ("GET", "/" + "x" * 3000, {}, 414),
    ],
    ids=lambda value: str(value)[:30],
)
def test_every_answer_carries_every_security_header(client, method, path, headers, status):
    response = client.open(path, method=method, headers=headers)
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


def test_the_headers_of_a_settings_mapping_name_the_api_and_analytics_origins_if_set():
    """`headers(settings)` for any mapping (nginx's config is rendered from one): connect-src
    and form-action name the API's origin only when it differs, analytics only with an ID."""
    config = {"SITE_URL": SITE, "API_BASE_URL": "https://api.motorlab.example/v1/"}
    csp = security_headers(config)["Content-Security-Policy"]
    assert "form-action 'self' https://api.motorlab.example;" in csp
    assert "connect-src 'self' https://api.motorlab.example;" in csp
    for same_origin in (SITE + "/api", SITE + "/", "/api"):
        csp = security_headers({**config, "API_BASE_URL": same_origin})["Content-Security-Policy"]
        assert "form-action 'self';" in csp and "connect-src 'self';" in csp, same_origin
    plain = security_headers({"SITE_URL": SITE})
    with_id = security_headers({"SITE_URL": SITE, "ANALYTICS_ID": "G-X"})
    assert {**with_id, "Content-Security-Policy": ""} == {**plain, "Content-Security-Policy": ""}
    for directive, sources in analytics.CSP_SOURCES.items():
        assert f"{directive} " in plain["Content-Security-Policy"]
        assert sources not in plain["Content-Security-Policy"]
        assert sources in with_id["Content-Security-Policy"]
    assert security_headers({"SITE_URL": SITE, "ANALYTICS_ID": ""}) == plain
