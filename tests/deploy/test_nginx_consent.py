"""With ANALYTICS_ID set, nginx serves every page in the variant of the visitor's analytics
choice from the export (`analytics_deployment`: an export with the variants, gunicorn and
nginx in front, as production runs them), and each answer is the app's for that cookie:
status, headers (but the validators and framing) and body, byte for byte. Without
ANALYTICS_ID the export and the config have no variant at all."""

from __future__ import annotations

import re

import pytest

from motorlab import compression, config, create_app
from motorlab.public_pages import public_paths
from tests.deploy.test_nginx import get, raw_get, utf8, varies
from tests.support.app import ANALYTICS_ID
from tests.support.servers import Visitor

PAGES = public_paths(create_app(config.TestConfig()))
# The contact page is the app's for everyone (its CSRF token is per visitor).
EXPORTED = [path for path in PAGES if not path.endswith("/contact")]
CHOICES = {
    "no choice": "i18n_redirected=es",
    "granted": "i18n_redirected=es; analytics_consent=granted; _ga=GA1.1.1234.5678",
    "denied": "i18n_redirected=es; analytics_consent=denied",
}
GTAG = "https://www.googletagmanager.com/gtag/js?id=" + ANALYTICS_ID
# What two servers answer differently by nature: the validators (nginx's are the file's),
# the date, the framing, and the encoding (nginx sends its 404 pages compressed as well, the
# app does not): bodies are compared decoded.
NOT_COMPARED = {
    "date", "server", "connection", "keep-alive", "etag", "last-modified", "accept-ranges",
    "content-length", "transfer-encoding", "content-encoding", "vary",
}  # fmt: skip


# The banner on a 404 page sends the visitor back to the path asked for (the app's page)
# or to its language's error path (the export's page, rendered once for every path).
BANNER_RETURN = re.compile(rb'(<input type="hidden" name="next" value=")[^"]*(/__export-error__)?"')


def visible(answer) -> dict:
    """What a visitor gets: status, every other header's values, the names Vary lists (one
    line or several; but Accept-Encoding), the decoded body (not of a redirect: nginx's
    `return` writes its own body, of type `text/html` without a charset)."""
    status, headers, body = answer
    fields: dict[str, list[str]] = {}
    for name, value in headers.items():
        if name.lower() not in NOT_COMPARED:
            fields.setdefault(name.lower(), []).append(value)
    coding = headers.get("Content-Encoding")
    if coding:
        body = compression.decompress(body, coding)
    if status == 404:
        body = BANNER_RETURN.sub(rb'\1(the page)"', body)
    if 300 <= status < 400:
        fields.pop("content-type", None)
    return {
        "status": status,
        "headers": fields,
        "vary": [name for name in varies(headers) if name != "Accept-Encoding"],
        "body": None if 300 <= status < 400 else body,
    }


def served_by_nginx(headers) -> bool:
    return "Last-Modified" in headers  # a file of the export; the app's answers carry none


@pytest.fixture(scope="module")
def deployment(analytics_deployment):
    return analytics_deployment


@pytest.mark.parametrize("coding", ["br", "identity"])
@pytest.mark.parametrize("choice", CHOICES)
@pytest.mark.parametrize("path", [*EXPORTED, "/no-such-page", "/en/no-such-page"])
def test_every_page_in_every_consent_state_is_the_apps_answer(deployment, path, choice, coding):
    headers = {"Cookie": CHOICES[choice], "Accept-Encoding": coding}
    front = get(deployment.front + path, headers)
    alone = get(deployment.app + path, headers)
    assert visible(front) == visible(alone)
    body = visible(front)["body"]
    if "no-such-page" in path:
        suffix = "" if choice == "no choice" else f".{choice}"
        error_page = path.removesuffix("no-such-page") + f"404{suffix}.html"
        exported = (deployment.export / error_page[1:]).read_bytes()
        assert front[0] == 404 and body == BANNER_RETURN.sub(rb'\1(the page)"', exported)
    else:
        assert front[0] == 200 and served_by_nginx(front[1]), "from the export, not the app"
    body = body.decode()
    assert (GTAG in body) == (choice == "granted")
    assert ('data-widget="consent_banner"' in body) == (choice == "no choice")


# Cookie headers read as werkzeug reads them (request.cookies): the first `analytics_consent`
# part counts, a quoted value loses its quotes and escapes (`\147` is "g"), a name inside
# another cookie's quoted value is no cookie, an unreadable part is skipped up to `;`, names
# are case-sensitive, repeated fields are one value joined with "," (gunicorn).
HOSTILE_COOKIES = [
    None,
    "analytics_consent=granted",
    "analytics_consent=denied",
    "analytics_consent=x",
    "analytics_consent=",
    "analytics_consent",
    "analytics_consent=GRANTED",
    "analytics_consent=granted ",
    "analytics_consent=gran ted",
    "analytics_consent=granted,x",
    'analytics_consent="granted"',
    'analytics_consent="\\147ranted"',
    'analytics_consent="\\d\\e\\n\\i\\e\\d"',
    'analytics_consent="\\147ranted\\"',
    'analytics_consent="granted',
    "analytics_consent=denied; analytics_consent=granted",
    "analytics_consent=x; analytics_consent=granted",
    "analytics_consent; analytics_consent=granted",
    'foo="a;analytics_consent=granted"',
    'foo="a\\";analytics_consent=granted"',
    'foo="a\\"; analytics_consent=granted',
    "foo=a b; analytics_consent=granted",
    "analytics_consent x; analytics_consent=denied",
    "xanalytics_consent=granted; ANALYTICS_CONSENT=granted; analytics_consentx=granted",
    ' analytics_consent\t=\t"granted" ',
    "a=1,analytics_consent=granted",
    utf8("x=é; analytics_consent=granted"),
    utf8('analytics_consent="\\é"; analytics_consent=granted'),
    "x=\xff; analytics_consent=granted",
    'analytics_consent="granted\xff"',
    ";" * 15000 + "analytics_consent=granted",
    'k="\\";' * 2400 + "analytics_consent=denied",
    'k="' + "a;" * 7400 + 'analytics_consent=granted"',
    "a b;" * 3700 + " analytics_consent = denied",
    "a=1; " * 3000 + "analytics_consent=granted",  # 15 KB, all read by the map
    "a=1;" * 3700 + 'analytics_consent="granted"',  # the map gives up at the end: njs
]


@pytest.mark.parametrize("cookie", HOSTILE_COOKIES)
@pytest.mark.parametrize("path", ["/en/services", "/privacy", "/en/no-such-page"])
def test_the_cookie_is_read_as_the_app_reads_it(deployment, path, cookie):
    headers = {"Cookie": cookie} if cookie is not None else {}
    front = get(deployment.front + path, headers)
    alone = get(deployment.app + path, headers)
    assert visible(front) == visible(alone)
    assert served_by_nginx(front[1]) or front[0] == 404


@pytest.mark.parametrize(
    "cookies",
    [
        ["a=1", "analytics_consent=granted"],
        ["analytics_consent=granted", "a=1"],
        ["analytics_consent=denied", "analytics_consent=granted"],
        ['a="x', 'analytics_consent=granted"'],
        ["i18n_redirected=es", "analytics_consent=granted"],
        ["a b", "analytics_consent=denied"],
    ],
)
@pytest.mark.parametrize("path", ["/en/services", "/", "/en/contact"])
def test_repeated_cookie_fields_reach_the_app_as_one(deployment, path, cookies):
    """nginx passes the app one Cookie field, its `$http_cookie` (the fields joined with
    "; ", as HTTP/2 joins a cookie's crumbs), and picks the variant from that same value:
    each answer is the app's for that one field (the contact page: the app's itself)."""
    front = raw_get(deployment.front, [("Cookie", value) for value in cookies], path)
    alone = raw_get(deployment.app, [("Cookie", "; ".join(cookies))], path)
    if path.endswith("/contact"):  # a CSRF token and a session of its own: the page's text
        assert (GTAG in front[2].decode()) == (GTAG in alone[2].decode())
        assert front[0] == alone[0] == 200
    else:
        assert visible(front) == visible(alone)


# `/`: the language detection (no language cookie: the cookie set, the page or the redirect
# to /en) times the consent state.
ROOT_LANGUAGES = [None, "es-ES,es;q=0.9", "en-US,en;q=0.9", "fr", "es;q=0.2, en;q=0.9", "de, *"]
ROOT_COOKIES = [
    None,
    "i18n_redirected=es",
    "i18n_redirected=en",
    "analytics_consent=granted",
    "analytics_consent=denied",
    "i18n_redirected=es; analytics_consent=granted",
    "analytics_consent=denied; i18n_redirected=en",
    'analytics_consent="\\147ranted"; i18n_redirected',
    'foo="i18n_redirected=es; analytics_consent=granted"',
    "analytics_consent=x; i18n_redirected=es",
]


@pytest.mark.parametrize("coding", ["br", "identity"])
@pytest.mark.parametrize("cookie", ROOT_COOKIES)
@pytest.mark.parametrize("accept", ROOT_LANGUAGES)
def test_the_root_in_every_consent_state_is_the_apps_answer(deployment, accept, cookie, coding):
    headers = {"Accept-Encoding": coding}
    if accept is not None:
        headers["Accept-Language"] = accept
    if cookie is not None:
        headers["Cookie"] = cookie
    front = get(deployment.front + "/", headers)
    alone = get(deployment.app + "/", headers)
    assert visible(front) == visible(alone)
    assert front[0] in (200, 302)


def test_a_consent_choice_sends_no_page_to_the_app(deployment):
    """Every page of every choice, each language's 404 page: all from the export."""
    for cookie in CHOICES.values():
        for path in EXPORTED:
            status, headers, _body = get(deployment.front + path, {"Cookie": cookie})
            assert served_by_nginx(headers), (path, cookie)


@pytest.mark.parametrize("cookie", ["analytics_consent=denied", "analytics_consent=granted"])
def test_static_files_never_reach_the_app_for_a_consent_cookie(deployment, cookie):
    """Only pages depend on the choice: CSS, images, robots.txt stay nginx's."""
    page = get(deployment.front + "/en/services")[2].decode()
    css = re.search(r'href="(/static/build/[^"?]+\.css)', page).group(1)
    for path in (css, "/static/img/favicon.svg", "/robots.txt", "/_img/share/en/services.png"):
        status, headers, _body = get(deployment.front + path, {"Cookie": cookie})
        assert status == 200 and served_by_nginx(headers), path


@pytest.mark.parametrize(
    "path",
    [
        "/en/services/index.granted.html",
        "/en/services/index.denied.html",
        "/index.granted.html",
        "/404.granted.html",
        "/en/404.denied.html",
        "/en/services/index.granted.html.br",
    ],
)
def test_a_variant_file_is_no_address_of_its_own(deployment, path):
    assert (deployment.export / path.lstrip("/")).is_file()
    for cookie in CHOICES.values():
        front = get(deployment.front + path, {"Cookie": cookie})
        alone = get(deployment.app + path, {"Cookie": cookie})
        assert front[0] == alone[0] == 404
        assert visible(front) == visible(alone)


def test_no_shared_cache_keeps_the_page_of_a_choice(deployment):
    """A shared cache that ignores Vary can hold only the page with the banner: never one
    with the analytics tags, nor one without the banner (decisions/0008)."""
    for path in PAGES:
        for choice, cookie in CHOICES.items():
            headers = get(deployment.front + path, {"Cookie": cookie})[1]
            directives = {d.strip().split("=")[0] for d in headers["Cache-Control"].split(",")}
            shared = not directives & {"private", "no-store"}
            assert shared == (choice == "no choice" and not path.endswith("/contact")), path
            assert "Cookie" in varies(headers), path


def choose(visitor: Visitor, prefix: str, choice: str, page: str) -> None:
    """The banner's form as a browser without JavaScript sends it, from `page`."""
    status, body = visitor.get(page)
    assert status == 200 and 'data-widget="consent_banner"' in body and GTAG not in body
    fetch_site = {"Sec-Fetch-Site": "same-origin"}  # as browsers send it
    status, _body = visitor.post(f"{prefix}/consent", {"choice": choice, "next": page},
                                 headers=fetch_site)  # fmt: skip
    assert status == 303


@pytest.mark.parametrize("choice", ["granted", "denied"])
def test_the_banners_form_works_end_to_end_through_nginx(deployment, choice):
    """Choose in the banner (no JavaScript), then the next pages come from the export in the
    variant of the choice: the analytics tags after `granted`, neither after `denied`."""
    visitor = Visitor(deployment.front)
    choose(visitor, "/en", choice, "/en/services")
    for path in ("/en/services", "/en/aboutus", "/", "/privacy"):
        status, body = visitor.get(path)
        assert status == 200, path
        assert 'data-widget="consent_banner"' not in body, path
        assert (GTAG in body) == (choice == "granted"), path


def test_without_analytics_the_export_and_config_have_no_variant(exported_site, tmp_path):
    """ANALYTICS_ID empty: no variant file, and nothing in the config reads the cookie."""
    from motorlab.deploy_config import render

    variants = [
        file
        for file in exported_site[0].rglob("*")
        if ".granted." in file.name or ".denied." in file.name
    ]
    assert variants == []
    conf = render(
        listen="80", root=tmp_path, app="127.0.0.1:8000", runtime=tmp_path, analytics_id=""
    )
    for word in ("analytics_consent", "$consent", "granted", "denied", "googletagmanager",
                 "proxy_set_header Cookie"):  # fmt: skip
        assert word not in directives(conf), word


def directives(conf: str) -> str:
    """The config without its comments."""
    return "\n".join(line.split("#", 1)[0] for line in conf.splitlines())


def test_without_analytics_a_consent_cookie_changes_nothing(nginx_server):
    """The cookie means nothing: every page from the export, as for anyone."""
    for path in ("/en/services", "/services", "/", "/en/no-such-page"):
        plain = get(nginx_server + path, {"Cookie": "i18n_redirected=es"})
        chosen = get(nginx_server + path, {"Cookie": CHOICES["granted"]})
        assert visible(plain) == visible(chosen), path
        assert served_by_nginx(chosen[1]) or chosen[0] == 404, path


def test_the_config_is_not_rendered_for_an_export_without_variants(
    exported_site, deployment, monkeypatch
):
    """ANALYTICS_ID set but the export made without it: no config (every visitor who chose
    would get nginx's 404), a message that says what to do."""
    from motorlab import deploy_config

    monkeypatch.setenv("ANALYTICS_ID", ANALYTICS_ID)
    with pytest.raises(SystemExit) as refused:
        deploy_config.main(["--root", str(exported_site[0]), "--runtime", "/nonexistent"])
    assert refused.value.code == 2
    assert not deploy_config.missing_variants(deployment.export, ANALYTICS_ID)
    assert not deploy_config.missing_variants(exported_site[0], "")
