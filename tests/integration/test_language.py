"""Locale by URL prefix; browser-language detection only on `/`, once; the switcher's cookie.
The tests of `/` run against the app and through nginx (which answers `/` from the export)."""

import pytest
from flask import url_for

from tests.support.app import soup_of
from tests.support.clients import ServerClient

COOKIE = "i18n_redirected"


@pytest.fixture(params=["app", pytest.param("nginx", marks=pytest.mark.system)])
def root_client(request, app):
    """A visitor without the language cookie, of the app or of nginx in front of the export."""
    if request.param == "app":
        return app.test_client()
    return ServerClient(request.getfixturevalue("nginx_server"))


def assert_detection_cookie(response, value):
    cookies = [v for k, v in response.headers.items() if k == "Set-Cookie" and v.startswith(COOKIE)]
    assert len(cookies) == 1, response.headers
    header = cookies[0]
    assert header.startswith(f"{COOKIE}={value};")
    for attribute in ("Max-Age=31536000", "Path=/", "SameSite=Lax"):
        assert attribute in header


@pytest.mark.parametrize(
    ("accept", "locale"),
    [(accept, "en") for accept in ("en", "en-US,en;q=0.9", "en-GB, es;q=0.8", "fr, en;q=0.7", "EN")]
    + [(accept, "es") for accept in (None, "es", "es-ES,en;q=0.5", "fr", "*", "")],
)
def test_root_redirects_english_browsers_keeps_the_others_in_spanish_and_remembers(
    root_client, accept, locale
):
    headers = {"Accept-Language": accept} if accept is not None else {}
    response = root_client.get("/", headers=headers)
    if locale == "en":
        assert response.status_code == 302
        assert response.headers["Location"] == "/en"
    else:
        assert response.status_code == 200
        assert soup_of(response).html["lang"] == "es"
    assert_detection_cookie(response, locale)
    assert {"Accept-Language", "Cookie"} <= set(response.vary)


@pytest.mark.parametrize("cookie", ["es", "en", "anything"])
def test_an_existing_cookie_never_redirects(root_client, cookie):
    root_client.set_cookie(COOKIE, cookie)
    response = root_client.get("/", headers={"Accept-Language": "en"})
    assert response.status_code == 200
    assert soup_of(response).html["lang"] == "es"
    assert "Set-Cookie" not in response.headers
    assert {"Accept-Language", "Cookie"} <= set(response.vary)


@pytest.mark.parametrize("path", ["/en", "/en/nope", "/nope"])
def test_other_pages_never_detect_nor_set_cookies(app, path):
    response = app.test_client().get(path, headers={"Accept-Language": "en"})
    assert response.status_code in (200, 404)
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize(("path", "other", "target"), [("/", "en", "/en"), ("/en", "es", "/")])
def test_switcher_links_to_the_twin_page_and_stores_the_choice(client, path, other, target):
    soup = soup_of(client.get(path))
    link = soup.find("a", hreflang=other)
    assert link is not None and link.get("lang") == other
    response = client.get(link["href"])
    assert response.status_code == 303
    assert response.headers["Location"] == target
    assert_detection_cookie(response, other)
    assert client.get("/language/fr?next=/").status_code == 404, "not a locale"


@pytest.mark.parametrize(
    "next_url",
    [
        "//evil.example/",
        "https://evil.example/",
        "/\\evil.example",
        "/en",
        "javascript:alert(1)",
        "/" + "a" * 5000,
        "\x00",
    ],
)
def test_switcher_refuses_foreign_or_mismatched_targets(client, next_url):
    response = client.get("/language/es", query_string={"next": next_url})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_the_url_wins_over_the_cookie_and_url_for_keeps_its_locale(app, client):
    client.set_cookie(COOKIE, "es")
    assert soup_of(client.get("/en")).html["lang"] == "en"
    client.set_cookie(COOKIE, "en")
    assert soup_of(client.get("/")).html["lang"] == "es"
    with app.test_request_context("/en"):
        app.preprocess_request()
        assert url_for("pages.home") == "/en"
        # Static files keep no language prefix (the inline stylesheet's font, too).
        assert 'url("/static/build/fonts/' in app.jinja_env.globals["inline_stylesheet"]()
    with app.test_request_context("/"):
        app.preprocess_request()
        assert url_for("pages.home") == "/"
        assert url_for("pages.home", lang_code="en") == "/en"


@pytest.mark.parametrize(
    "accept", ["en;q=abc", "x" * 10000, ",,,;;;", "en-" + "a" * 500, "é", "en;q=-1", "en;q=1e400"]
)
def test_malformed_accept_language_never_fails(root_client, accept):
    response = root_client.get("/", headers={"Accept-Language": accept})
    assert response.status_code in (200, 302)
    assert_detection_cookie(response, "en" if response.status_code == 302 else "es")
