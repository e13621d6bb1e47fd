"""Analytics with consent: with ANALYTICS_ID set, a banner asks first (a plain form, no
JavaScript needed); only "granted" loads the analytics tags and widens that response's CSP;
the choice lives in a cookie; the page cache never serves one choice to another visitor.
Without ANALYTICS_ID: no banner, no script, no cookie."""

from __future__ import annotations

import json

import pytest

from motorlab import create_app
from tests.support.app import ANALYTICS_ID, SITE, analytics_config, soup_of
from tests.support.pages import PAGES

GTAG = "https://www.googletagmanager.com/gtag/js?id=" + ANALYTICS_ID
SAME_SITE = {"Sec-Fetch-Site": "same-origin"}


@pytest.fixture
def visitor():
    client = create_app(analytics_config()).test_client()
    client.set_cookie("i18n_redirected", "es")
    return client


def banner(response):
    return soup_of(response).find(attrs={"data-widget": "consent_banner"})


def analytics_tags(response) -> list[str]:
    soup = soup_of(response)
    return [s["src"] for s in soup.find_all("script", src=True) if "analytics" in s["src"]
            or "googletagmanager" in s["src"]]  # fmt: skip


@pytest.mark.parametrize(("path", "locale"), PAGES)
def test_without_analytics_id_there_is_no_banner_script_or_cookie(client, path, locale):
    response = client.get(path)
    assert banner(response) is None and analytics_tags(response) == []
    assert "analytics_consent" not in response.headers.get("Set-Cookie", "")
    assert "googletagmanager" not in response.headers["Content-Security-Policy"]


def test_without_analytics_id_the_consent_form_does_not_exist(client):
    response = client.post("/en/consent", data={"choice": "granted"}, headers=SAME_SITE)
    assert response.status_code == 404 and "Set-Cookie" not in response.headers


@pytest.mark.parametrize(("path", "locale"), PAGES)
def test_the_banner_asks_first_on_every_page(visitor, path, locale):
    response = visitor.get(path)
    form = banner(response).find("form")
    assert form["method"] == "post"
    assert form["action"] == ("/en/consent" if locale == "en" else "/consent")
    assert form.find("input", attrs={"name": "next"})["value"] == path
    assert {b["value"] for b in form.find_all("button")} == {"granted", "denied"}
    assert analytics_tags(response) == []
    assert "googletagmanager" not in response.headers["Content-Security-Policy"]
    assert "Cookie" in response.headers["Vary"]


def test_accepting_returns_to_the_page_with_the_analytics(visitor):
    answer = visitor.post(
        "/en/consent", data={"choice": "granted", "next": "/en/services"}, headers=SAME_SITE
    )
    assert answer.status_code == 303 and answer.headers["Location"] == "/en/services"
    cookie = answer.headers["Set-Cookie"]
    assert "analytics_consent=granted" in cookie and "Max-Age=31536000" in cookie
    assert "SameSite=Lax" in cookie and "Path=/" in cookie
    page = visitor.get("/en/services")
    assert banner(page) is None
    assert analytics_tags(page)[0] == GTAG
    csp = page.headers["Content-Security-Policy"]
    assert "script-src 'self' 'sha256-" in csp and "https://www.googletagmanager.com" in csp
    assert "connect-src 'self' https://*.google-analytics.com" in csp


def test_declining_is_remembered_without_analytics(visitor):
    answer = visitor.post("/consent", data={"choice": "denied", "next": "/"}, headers=SAME_SITE)
    assert answer.status_code == 303 and "analytics_consent=denied" in answer.headers["Set-Cookie"]
    for path in ("/", "/services", "/en/aboutus"):
        page = visitor.get(path)
        assert banner(page) is None and analytics_tags(page) == []
        assert "googletagmanager" not in page.headers["Content-Security-Policy"]


def test_a_script_gets_the_choice_as_json_and_the_same_cookie(visitor):
    answer = visitor.post(
        "/en/consent",
        data={"choice": "granted", "next": "/en/services"},
        headers={**SAME_SITE, "Accept": "application/json"},
    )
    assert answer.status_code == 200 and answer.get_json() == {"choice": "granted"}
    assert "analytics_consent=granted" in answer.headers["Set-Cookie"]
    assert analytics_tags(visitor.get("/en/services"))[0] == GTAG


def test_the_banner_carries_its_widgets_strings_in_the_pages_language(visitor):
    for path, says in (("/en", "Thank you"), ("/", "Gracias")):
        props = banner(visitor.get(path)).find("script", type="application/json")
        assert json.loads(props.string)["granted"].startswith(says), path


@pytest.mark.parametrize(
    "target", ["//evil.example/", "https://evil.example/", "/\\evil.example", "", "javascript:x"]
)
def test_the_return_target_stays_on_the_site(visitor, target):
    answer = visitor.post("/en/consent", data={"choice": "denied", "next": target},
                          headers=SAME_SITE)  # fmt: skip
    assert answer.status_code == 303 and answer.headers["Location"] == "/en"


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Origin": "https://evil.example"},
        {"Referer": "https://evil.example/page"},
        {},
    ],
)
def test_a_cross_site_post_changes_nothing(visitor, headers):
    answer = visitor.post("/en/consent", data={"choice": "granted"}, headers=headers)
    assert answer.status_code == 400 and "Set-Cookie" not in answer.headers


def test_the_browsers_origin_is_enough_without_fetch_metadata(visitor):
    answer = visitor.post("/en/consent", data={"choice": "granted"}, headers={"Origin": SITE})
    # The test client asks for `localhost`: Origin must name the host the request came to.
    assert answer.status_code == 400
    answer = visitor.post(
        "/en/consent", data={"choice": "granted"}, headers={"Origin": "http://localhost"}
    )
    assert answer.status_code == 303


def test_an_unknown_choice_is_refused(visitor):
    answer = visitor.post("/en/consent", data={"choice": "maybe"}, headers=SAME_SITE)
    assert answer.status_code == 400


def test_the_page_cache_keeps_one_variant_per_choice(visitor):
    first = visitor.get("/en/services")  # stored: the banner
    visitor.set_cookie("analytics_consent", "granted")
    granted = visitor.get("/en/services")
    visitor.set_cookie("analytics_consent", "denied")
    denied = visitor.get("/en/services")
    visitor.delete_cookie("analytics_consent")
    again = visitor.get("/en/services")
    assert banner(first) and banner(again) and not analytics_tags(again)
    assert analytics_tags(granted) and not banner(granted)
    assert not analytics_tags(denied) and not banner(denied)
    assert len({first.headers["ETag"], granted.headers["ETag"], denied.headers["ETag"]}) == 3


@pytest.mark.parametrize("path", ["/en/services", "/"])
@pytest.mark.parametrize(
    ("cookie", "choice"),
    [
        ("x=\xff; analytics_consent=granted", "granted"),
        ('analytics_consent="\\147ranted"; i18n_redirected=\xe9', "granted"),
        ('x="\xff"; analytics_consent=denied', "denied"),
        ("analytics_consent=granted\xff", ""),
    ],
)
def test_a_cookie_header_that_is_not_utf8_is_read_as_request_cookies(path, cookie, choice):
    """Regression: the page cache read the header with werkzeug.http's parse_cookie, which
    decodes it as UTF-8 first: a byte such as 0xff (gunicorn passes it) failed the request.
    It reads it as `request.cookies` does, so its variant is the page's (a quoted value's
    escapes and all, as nginx's copy reads it: deploy/root_language.js)."""
    client = create_app(analytics_config()).test_client(use_cookies=False)
    for _ in range(2):  # rendered, then from the page cache
        page = client.get(path, headers={"Cookie": cookie})
        assert page.status_code == 200
        assert bool(analytics_tags(page)) == (choice == "granted")
        assert (banner(page) is None) == (choice != "")


@pytest.mark.parametrize("choice", ["granted", "denied"])
def test_only_the_page_of_no_choice_may_be_kept_by_a_shared_cache(visitor, choice):
    """A cache that ignores `Vary: Cookie` could otherwise hand the analytics tags to a
    visitor who never accepted them: the page of a choice is `private`, rendered or stored."""
    for _ in range(2):  # rendered, then from the page cache
        public = visitor.get("/en/services")
        assert public.headers["Cache-Control"] == "public, max-age=60, s-maxage=300"
        assert "Cookie" in public.headers["Vary"]
    visitor.set_cookie("analytics_consent", choice)
    for _ in range(2):
        chosen = visitor.get("/en/services")
        assert chosen.cache_control.private and not chosen.cache_control.public
        assert chosen.cache_control.max_age == 60 and chosen.cache_control.s_maxage is None
        assert "Cookie" in chosen.headers["Vary"]


@pytest.mark.parametrize(
    ("choice", "says"),
    [(None, "You have not chosen yet."), ("granted", "You accepted"), ("denied", "You declined")],
)
def test_the_privacy_page_explains_and_lets_the_visitor_change(visitor, choice, says):
    if choice:
        visitor.set_cookie("analytics_consent", choice)
    soup = soup_of(visitor.get("/en/privacy"))
    section = soup.find(id="analytics").parent
    text = section.get_text(" ")
    assert "Google Analytics" in text and says in text
    assert "no personal data at all" not in soup.get_text(" ")
    form = section.find("form", action="/en/consent")
    assert form.find("input", attrs={"name": "next"})["value"] == "/en/privacy#analytics"
    if choice:
        assert form.find("button", value=choice)["aria-pressed"] == "true"
