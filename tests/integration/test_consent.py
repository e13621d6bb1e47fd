"""Analytics consent is the browser's: with ANALYTICS_ID, every cacheable page is the same
whatever the consent cookie, the CSP names the analytics origins exactly then, and pages carry
the consent_banner widget's hidden nodes and props (the widget: tests/browser/)."""

from __future__ import annotations

import json
from datetime import timedelta
from urllib.parse import urlsplit

import pytest

from motorlab import config, create_app
from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE
from motorlab.pages.registry import public_paths
from motorlab.rendering import analytics
from tests.support.app import (
    ANALYTICS_ID,
    SITE,
    analytics_config,
    csp_directives,
    returning_visitor,
    soup_of,
)

ALIKE = [path.removeprefix(SITE) or "/" for path in public_paths(create_app(config.TestConfig()))]
ALIKE = [path for path in ALIKE if path != "/" and not path.endswith("/contact")]
ALIKE += ["/test", "/en/test", "/no-such-page", "/en/no-such-page"]
NAME = analytics.COOKIE_NAME
COOKIES = [
    None,
    f"{NAME}={analytics.GRANTED}",
    f"{NAME}={analytics.DENIED}",
    f'{NAME}="{analytics.GRANTED}"',
    f"{NAME}={analytics.GRANTED}\xff",
    f"x=\xff; {NAME}={analytics.DENIED}; {NAME}={analytics.GRANTED}",
    f"{NAME}=" + "g" * 4000,
]
ORIGINS = ("https://www.googletagmanager.com", "https://*.google-analytics.com")


def answer(app, path: str, cookie: str | None):
    client = app.test_client(use_cookies=False)
    cookies = f"{COOKIE_NAME}={DEFAULT_LOCALE}" + (f"; {cookie}" if cookie else "")
    response = client.get(path, headers={"Cookie": cookies})
    return response.status_code, response.get_data(), sorted(response.headers.items())


@pytest.mark.parametrize("path", ALIKE)
def test_every_page_is_the_same_whatever_the_consent_cookie(path):
    app = create_app(analytics_config())
    # Twice each: rendered, then from the page cache.
    answers = [answer(app, path, cookie) for cookie in COOKIES for _ in range(2)]
    assert answers == [answers[0]] * len(answers)
    status, _body, headers = answers[0]
    assert status == (404 if "no-such-page" in path else 200)
    headers = dict(headers)
    assert "Cookie" not in headers.get("Vary", "")
    assert "Set-Cookie" not in headers
    if status == 200:
        assert headers["Cache-Control"] == "public, max-age=60, s-maxage=300"


@pytest.mark.parametrize("path", ["/", "/en", "/contact", "/en/privacy", "/en/no-such-page"])
@pytest.mark.parametrize("with_id", [True, False])
def test_the_csp_names_the_analytics_origins_exactly_when_analytics_is_on(path, with_id):
    app = create_app(analytics_config() if with_id else config.TestConfig())
    headers = dict(answer(app, path, f"{NAME}={analytics.DENIED}")[2])
    csp = headers["Content-Security-Policy"]
    assert [origin in csp for origin in ORIGINS] == [with_id] * len(ORIGINS)
    script_src = csp_directives(headers)["script-src"]
    assert script_src.endswith(" https://www.googletagmanager.com") == with_id


def nodes(soup):
    return soup.find_all(attrs={"data-widget": "consent_banner"})


def props_of(node) -> dict:
    return json.loads(node.find("script", type="application/json").string)


@pytest.mark.parametrize(("path", "title"), [("/en/services", "Thank you"), ("/", "Gracias")])
def test_every_page_carries_the_hidden_banner_with_its_props(path, title):
    response = returning_visitor(create_app(analytics_config())).get(path)
    (banner,) = nodes(soup_of(response))
    assert banner.name == "section" and banner.has_attr("hidden") and banner["aria-label"]
    props = props_of(banner)
    assert (props["mode"], props["id"]) == ("banner", ANALYTICS_ID)
    # The script it loads after "accept" is on the origin the page's CSP allows.
    script_src = csp_directives(response.headers)["script-src"]
    assert urlsplit(props["script"] + props["id"]).netloc in script_src
    assert props["script"].endswith("?id=")
    # Its choice: the cookie earlier releases wrote, its values the buttons', kept one year.
    assert props["cookie"] == NAME and props["key"] == NAME
    assert props["maxAge"] == timedelta(days=365).total_seconds()
    assert props["labels"][props["granted"]].startswith(title)
    buttons = banner.find_all("button")
    assert [(b["type"], b["value"], b["class"]) for b in buttons] == [
        ("button", choice, ["c-button", "c-button--secondary"])
        for choice in (props["granted"], props["denied"])
    ]
    # No analytics tag from the server: the widget loads gtag after "accept".
    scripts = soup_of(response).find_all("script", src=True)
    assert [s["src"] for s in scripts if not s["src"].startswith("/static/build/")] == []


def test_without_analytics_id_there_is_no_node_and_no_text_about_analytics(client):
    for path in ("/en", "/en/services", "/en/privacy"):
        page = client.get(path)
        assert nodes(soup_of(page)) == [] and b"googletagmanager" not in page.data
    privacy = soup_of(client.get("/en/privacy"))
    assert privacy.find(id="analytics") is None
    text = privacy.get_text(" ")
    assert "no personal data at all" in text and "no advertising or tracking cookies" in text
    # The cookies it names, as the app names them.
    assert [code.string for code in privacy.find_all("code")] == [COOKIE_NAME]


def test_the_privacy_page_explains_what_happens_without_javascript_and_no_endpoint_records():
    client = returning_visitor(create_app(analytics_config()))
    soup = soup_of(client.get("/en/privacy"))
    topic = soup.find(id="analytics").find_next_sibling("p")
    assert "Google Analytics" in topic.get_text() and "Without JavaScript" in topic.get_text()
    assert topic.code.string == analytics.STORAGE_KEY
    assert "no personal data at all" not in soup.get_text(" ")
    banner, choice = nodes(soup)
    assert choice.name == "div" and choice.has_attr("hidden") and choice.find("form") is None
    props = props_of(choice)
    assert props["mode"] == "choice" and props["labels"]["nowDenied"] == (
        "You declined the visit statistics."
    )
    assert [b["value"] for b in choice.find_all("button")] == list(analytics.CHOICES)
    # The choice is the browser's alone: no endpoint records it.
    for path in ("/consent", "/en/consent"):
        response = client.post(path, data={"choice": analytics.GRANTED})
        assert response.status_code == 404 and "Set-Cookie" not in response.headers
