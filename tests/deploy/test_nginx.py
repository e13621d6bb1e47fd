"""nginx in front, as production runs it (`nginx_server` over the export, before `app_server`):
every address answers as the app alone does; only the dynamic paths reach the app."""

from __future__ import annotations

import base64
import hashlib
import http.client
import re
import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from motorlab.language.detection import MAX_LANGUAGE_ENTRIES
from motorlab.web import compression
from motorlab.web.security import FILE_POLICY
from tests.support.clients import SPANISH_COOKIE, Visitor, get
from tests.support.contact_support import VALID
from tests.support.nginx import (
    PAGES,
    assert_the_apps_security_headers,
    policy_but_stylesheets,
    text_of,
    varies,
)
from tests.support.widgets import read_widget_manifest


def utf8(value: str) -> str:
    """A header value whose latin-1 encoding (urllib's) is `value` in UTF-8 bytes."""
    return value.encode().decode("latin-1")


@pytest.mark.parametrize("path", PAGES)
def test_every_page_answers_as_the_app_alone(nginx_server, app_server, path):
    """The page, and the app's security headers once: nginx's copy on exported files, the
    app's own on proxied answers (the contact page), never both."""
    front = get(nginx_server + path, SPANISH_COOKIE)
    alone = get(app_server + path, SPANISH_COOKIE)
    assert front[0] == alone[0] == 200
    assert text_of(front[2]) == text_of(alone[2])
    assert_the_apps_security_headers(front[1], alone[1], proxied=path.endswith("/contact"))
    # SITE_URL is plain http on loopback: no HSTS from either.
    assert all("Strict-Transport-Security" not in headers for headers in (front[1], alone[1]))
    if not path.endswith("/contact") and path != "/":
        assert "Set-Cookie" not in front[1], "served by nginx from the export"
        assert "s-maxage=300" in front[1]["Cache-Control"]


@pytest.mark.parametrize("path", ["/en/services", "/projects/kuzu", "/sitemap.xml"])
def test_nginx_sends_the_precompressed_files(nginx_server, path):
    plain = get(nginx_server + path)
    for coding in ("br", "gzip"):
        status, headers, body = get(nginx_server + path, {"Accept-Encoding": coding})
        assert status == 200 and headers["Content-Encoding"] == coding
        assert "Accept-Encoding" in headers["Vary"]
        assert compression.decompress(body, coding) == plain[2]


def test_exported_pages_answer_304_to_their_etag(nginx_server):
    status, headers, _body = get(nginx_server + "/en/services")
    again = get(nginx_server + "/en/services", {"If-None-Match": headers["ETag"]})
    assert again[0] == 304


# Real browsers' Accept-Language (Chrome, Firefox, Safari, Edge in their usual languages),
# edge-case q-values, and malformed ones; None sends no header at all.
BROWSER_LANGUAGES = [
    "es-ES,es;q=0.9",
    "es-ES,es;q=0.8,en-US;q=0.5,en;q=0.3",
    "en-US,en;q=0.9",
    "en-US,en;q=0.5",
    "en-GB,en-US;q=0.9,en;q=0.8,es;q=0.7",
    "en-GB,en;q=0.9",
    "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7",
    "pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7",
    "ca-ES,ca;q=0.9,es;q=0.8,en;q=0.7",
    "fr-FR,fr;q=0.9",
    "es;q=0.2, en;q=0.9",
    "de-DE, en;q=0.8, es;q=0.5",
    "es;q=0, en;q=0.1",
    "en;q=1.5, es",
    "en;q=abc, es;q=0.5",
    "EN_us",
    "*",
    "",
    None,
    # tests/integration/test_language.py's cases, through nginx too
    "en",
    "en-GB, es;q=0.8",
    "fr, en;q=0.7",
    "EN",
    "es",
    "es-ES,en;q=0.5",
    "fr",
    ",,,;;;",
    "en-" + "a" * 500,
    "é",
    "en;q=-1",
    "en;q=1e400",
    'en;q="0.5", es',
    "en; level=1",
    # nginx's fast paths (no njs) and their edges
    "en-US",
    "es-419,es;q=0.9",
    " en , es",
    "en-US;q=0.9, es",
    "en ;q=0.1, es",
    "english, es",
    "esperanto, en",
    "es_ES",
    # Hostile: not entries of RFC 9110's grammar, so ignored by both (one parser, the app's,
    # copied in deploy/root_language.js); non-ASCII sent as UTF-8 bytes.
    "en; q = 0.9, es",
    "es;q=0.5, en; q = 0.9",
    "en;q=0.9;foo, es",
    "es;q=0.5, en;q=0.9;foo",
    "en;q=, es;q=0.5",
    utf8("en;q=\u0660.9, es;q=0.5"),  # Arabic-Indic digits
    utf8("es;q=0.5, en;q=\u0660.9"),
    utf8("en;q=\uff10.9, es;q=0.5"),  # fullwidth digits
    utf8("en\u00a0, es;q=0.5"),  # only spaces and tabs are whitespace
    'es;q=0.5, en;q="0.9"',
    "en;Q=0.5, es;q=0.4",
    "en;q=0.5000, es;q=0.4",
    "es;q=0.5, en;q=0.500",
    "en;q=1.0001, es;q=0.5",
    "en\t;\tq=0.9,\tes;q=0.5",
    "es;q=0.5,,, en;q=0.9",
    # The bound: entries past the first MAX_LANGUAGE_ENTRIES are not read.
    "fr," * (MAX_LANGUAGE_ENTRIES - 1) + "en",
    "fr," * MAX_LANGUAGE_ENTRIES + "en",
    "fr;q=0.5, " * 1500 + "en",  # 15 KB, 1,500 entries
    "fr;q=0.5, " * 1500 + "en;q=0.9",
]
# Cookie headers: none, the language cookie's values, and hostile ones (werkzeug's reading:
# a name inside a quoted value is not a cookie; an unreadable part is skipped up to `;`).
LANGUAGE_COOKIES = [
    None,
    "i18n_redirected=es",
    "i18n_redirected=en",
    "i18n_redirected=anything",
    "other=1; i18n_redirected",
    'foo="a;i18n_redirected=en"',
    'foo="a\\";i18n_redirected=en"',
    'foo="a\\"; i18n_redirected=en',
    "foo=a b; i18n_redirected=en",
    "i18n_redirected x; a=1",
    'i18n_redirected="en',
    "a=1,i18n_redirected=en",
    "xi18n_redirected=en; I18N_REDIRECTED=en",
    ' i18n_redirected\t=\t"en" ',
]


def comparable(answer) -> dict:
    """What a visitor gets: status, Location, cookie, caching, page text."""
    status, headers, body = answer
    return {
        "status": status,
        "location": headers.get("Location"),
        "cookie": headers.get_all("Set-Cookie") or [],
        "cache-control": headers.get("Cache-Control"),
        "vary": set(varies(headers)) - {"Accept-Encoding", ""},
        "page": text_of(body) if status == 200 else None,
    }


@pytest.mark.parametrize("cookie", LANGUAGE_COOKIES)
@pytest.mark.parametrize("accept", BROWSER_LANGUAGES)
def test_nginx_answers_the_root_exactly_as_the_app(nginx_server, app_server, accept, cookie):
    headers = {}
    if accept is not None:
        headers["Accept-Language"] = accept
    if cookie is not None:
        headers["Cookie"] = cookie
    front = get(nginx_server + "/", headers)
    assert comparable(front) == comparable(get(app_server + "/", headers))
    assert front[0] in (200, 302)
    if cookie is None:
        assert front[1]["Cache-Control"] == "private, no-store"
        assert "Max-Age=31536000" in front[1]["Set-Cookie"]  # 365 days


@pytest.mark.parametrize(
    "cookie",
    [
        ";" * 15000 + "i18n_redirected=es",
        "a=1;" * 3700 + "i18n_redirected",
        "a b;" * 3700 + " i18n_redirected = es",
        'k="\\";' * 2400 + "i18n_redirected=es",
        'k="\\";' * 2400 + 'x="i18n_redirected=es',
        'k="' + "a;" * 7400 + 'i18n_redirected=es"',
        ";" * 15000 + "i18n_redirected x",
    ],
)
def test_long_cookie_headers_are_read_alike(nginx_server, app_server, cookie):
    """15 KB of parts before the language cookie (njs reads them in one regex step)."""
    headers = {"Cookie": cookie, "Accept-Language": "en"}
    assert comparable(get(nginx_server + "/", headers)) == comparable(
        get(app_server + "/", headers)
    )


def raw_get(base: str, headers: list[tuple[str, str]], path: str = "/"):
    """A GET with repeated header fields (urllib sends each name once)."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=20)
    try:
        connection.putrequest("GET", path)
        for name, value in headers:
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize(
    "headers",
    [
        [("Cookie", 'a="x'), ("Cookie", 'i18n_redirected=en"')],
        [("Cookie", "a=1"), ("Cookie", "i18n_redirected=es"), ("Accept-Language", "en")],
        [("Accept-Language", "fr"), ("Accept-Language", "en")],
        [("Accept-Language", "es;q=0.5"), ("Accept-Language", "en;q=0.9")],
    ],
)
def test_repeated_fields_are_read_as_gunicorn_joins_them(nginx_server, app_server, headers):
    """Repeated Cookie or Accept-Language fields reach the app joined with "," (gunicorn):
    njs joins them the same way."""
    front = raw_get(nginx_server, headers)
    alone = raw_get(app_server, headers)
    assert comparable(front) == comparable(alone)


@pytest.mark.parametrize("coding", ["br", "gzip", "identity"])
@pytest.mark.parametrize("headers", [{}, SPANISH_COOKIE, {"Accept-Language": "en"}])
def test_the_root_says_vary_once(nginx_server, app_server, coding, headers):
    for base in (nginx_server, app_server):
        found = get(base + "/", {**headers, "Accept-Encoding": coding})[1]
        assert len(found.get_all("Vary")) == 1, found.get_all("Vary")
        assert varies(found) == ["Accept-Encoding", "Accept-Language", "Cookie"]


def test_nginx_serves_the_root_itself(nginx_server, exported_site):
    """The export's bytes (the app's page differs in its ETag-less headers and is not the
    file): a first visit and a visitor with the cookie both get build/site/index.html."""
    for headers in ({}, {"Accept-Language": "es"}, SPANISH_COOKIE):
        status, headers, body = get(nginx_server + "/", headers)
        assert status == 200 and body == (exported_site[0] / "index.html").read_bytes()
        assert re.fullmatch(r'"[0-9a-f]+-[0-9a-f]+"', headers["ETag"]), "nginx's file ETag"


@pytest.mark.parametrize(
    "path",
    [
        *[path + "/" for path in PAGES if path != "/"],
        "//en/test",
        "/en//services",
        "///en",
        "/services//",
        "/en/",
        "/no-such-page/",
        "/services/?utm_source=mail&x=1",
    ],
)
def test_slashes_redirect_as_in_the_app(nginx_server, app_server, path):
    front = get(nginx_server + path)
    alone = get(app_server + path)
    assert front[0] == alone[0] == 308
    location = front[1]["Location"]
    assert location == alone[1]["Location"]
    assert location == "/" or ("//" not in location and not location.endswith("/"))


def test_the_contact_form_works_through_nginx(nginx_server):
    visitor = Visitor(nginx_server)
    visitor.fetch_token()
    assert visitor.post("/en/contact", VALID)[0] == 303
    assert visitor.headers["Location"].endswith("/en/contact")
    page = BeautifulSoup(visitor.get("/en/contact")[1], "html.parser")
    assert page.find(class_="c-contact-sent") is not None  # the confirmation, once
    invalid = {"name": "", "email": "x", "description": "short"}
    assert visitor.post("/en/contact", invalid)[0] == 422


def test_health_the_language_switcher_and_unexported_images_reach_the_app(nginx_server):
    status, headers, _ = get(nginx_server + "/language/en?next=/en/services")
    assert status == 303 and headers["Location"] == "/en/services"
    assert "i18n_redirected=en" in headers["Set-Cookie"]
    status, headers, body = get(nginx_server + "/healthz")
    # This app is told of no proxy (PROXY_FIX_HOPS=0): a forwarded request is not the machine's.
    assert (status, body) == (200, b'{"status":"ok"}\n')
    status, headers, body = get(nginx_server + "/_img/640/img/favicon.svg")
    assert status == 200 and headers["Content-Type"].startswith("image/svg+xml")


@pytest.mark.parametrize(
    ("path", "media_type"),
    [
        ("/favicon.ico", "image/"),  # nginx names it image/x-icon or image/vnd.microsoft.icon
        ("/apple-touch-icon.png", "image/png"),
        ("/manifest.webmanifest", "application/manifest+json"),
    ],
)
def test_icons_and_manifest_come_from_the_export(nginx_server, app_server, path, media_type):
    status, headers, body = get(nginx_server + path)
    assert status == 200 and headers["Content-Type"].startswith(media_type)
    assert body == get(app_server + path)[2]
    assert "Set-Cookie" not in headers


def test_share_images_come_from_the_export(nginx_server):
    status, headers, body = get(nginx_server + "/_img/share/en/services.png")
    assert status == 200 and body[:8] == b"\x89PNG\r\n\x1a\n"
    assert headers["Content-Type"] == "image/png"
    assert "Set-Cookie" not in headers


@pytest.fixture
def planted_image(exported_site):
    """A raster's file and its .avif and .webp siblings planted in the export (each body
    names its file), removed afterwards (the export's images must decode): its URL."""
    folder = exported_site[0] / "_img" / "320" / "img" / "nginx-check"
    folder.mkdir(parents=True, exist_ok=True)
    for suffix in ("", ".avif", ".webp"):
        (folder / f"photo.png{suffix}").write_bytes(f"body{suffix}".encode())
    yield "/_img/320/img/nginx-check/photo.png"
    shutil.rmtree(folder)


@pytest.mark.parametrize(
    ("accept", "media_type"),
    [
        ("image/avif,image/webp,image/*,*/*;q=0.8", "image/avif"),
        ("image/webp,*/*", "image/webp"),
        ("image/png,image/*", "image/png"),
        ("image/avif;q=0,image/webp,*/*;q=0.8", "image/webp"),  # q=0 refuses
        ("image/avif;q=0.0, image/webp;q=0, image/png", "image/png"),
    ],
)
def test_nginx_picks_the_exported_image_format_by_accept(
    nginx_server, planted_image, accept, media_type
):
    status, headers, body = get(nginx_server + planted_image + "?v=1", {"Accept": accept})
    assert status == 200 and headers["Content-Type"] == media_type
    assert "Accept" in headers["Vary"]
    assert "immutable" in headers["Cache-Control"]


@pytest.mark.parametrize("path", ["/", "/en/services", "/en/no-such-page", "/guideline"])
def test_nginx_allows_the_inline_stylesheets_of_the_exported_pages(nginx_server, path):
    """Each <style> block of an exported page (the shared one or the guideline's, the error
    pages' after it) is one nginx's policy names by its hash (both come from the build: a
    stylesheet nginx refused would leave the page unstyled)."""
    _status, headers, body = get(nginx_server + path, SPANISH_COOKIE)
    styles = BeautifulSoup(body.decode(), "html.parser").find_all("style")
    assert len(styles) == (2 if "no-such-page" in path else 1)
    csp = dict(d.split(" ", 1) for d in headers["Content-Security-Policy"].split("; "))
    for style in styles:
        digest = base64.b64encode(hashlib.sha256(style.string.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in csp["style-src"].split()


# Files of the export that are no address of their own: the app answers them 404.
WIDGET_CHUNK = read_widget_manifest()["entry"]["imports"][0]
NOT_ADDRESSES = [
    "/index.html",
    "/en/index.html",
    "/services/index.html",
    "/en/services/index.html",
    "/404.html",
    "/en/404.html",
    "/400.html",
    "/en/431.html",
    "/index.html.br",
    "/index.html.gz",
    "/en/services/index.html.br",
    "/sitemap.xml.gz",
    f"/static/build/{WIDGET_CHUNK}.br",
    f"/static/build/{WIDGET_CHUNK}.gz",
]


@pytest.mark.parametrize(
    "path", [*NOT_ADDRESSES, "/static/build/manifest.json", "/no-such-page", "/en/no-such-page"]
)
def test_a_file_of_the_export_that_is_no_address_answers_as_the_app(
    nginx_server, app_server, exported_site, path
):
    """Regression: nginx sent compressed siblings as downloads (`application/octet-stream`,
    no `Content-Encoding`), pages at a second address (`/index.html`) and esbuild's
    manifest. Now each is the app's answer, as for an unknown path: 404 with the 404 page
    of the path's language."""
    exported = exported_site[0] / path.lstrip("/")
    assert exported.is_file() == (path in NOT_ADDRESSES), "the file is (or is not) there"
    front = get(nginx_server + path)
    alone = get(app_server + path)
    assert front[0] == alone[0] == 404
    assert front[1]["Content-Type"] == alone[1]["Content-Type"] == "text/html; charset=utf-8"
    assert "Content-Encoding" not in front[1]
    assert text_of(front[2]) == text_of(alone[2])


def test_an_image_variant_is_no_address_of_its_own(nginx_server, app_server, planted_image):
    status, headers, body = get(nginx_server + planted_image, {"Accept": "image/avif"})
    assert status == 200 and body == b"body.avif", "picked by Accept"
    for suffix in (".avif", ".webp", ".AVIF"):
        front = get(nginx_server + planted_image + suffix)
        alone = get(app_server + planted_image + suffix)
        assert front[0] == alone[0] == 404
        assert text_of(front[2]) == text_of(alone[2])


@pytest.mark.parametrize(
    "accept", ["image/avif,image/webp,image/*,*/*;q=0.8", "image/webp,*/*", "image/png"]
)
def test_the_logo_answers_as_the_app(nginx_server, app_server, accept):
    """Regression: the export held PNG bytes as logo-512.png.avif and .webp, which nginx sent
    as `image/avif`/`image/webp`, immutable for a year. The logo is a PNG for everyone."""
    front = get(nginx_server + "/_img/logo-512.png", {"Accept": accept})
    alone = get(app_server + "/_img/logo-512.png", {"Accept": accept})
    assert front[0] == alone[0] == 200 and front[2] == alone[2]
    assert front[1]["Content-Type"] == alone[1]["Content-Type"] == "image/png"
    assert front[1]["Cache-Control"] == alone[1]["Cache-Control"]
    assert varies(front[1]) == varies(alone[1])


# --- Every address of the export: nginx's headers beside the app's ----------------------------

# What differs by server, not by what the site says: the connection, the clock, the file's
# identity and size (nginx's ETag and Last-Modified are the file's, the app's its bytes'), and
# the encoding each picks for the same bytes.
SERVER_HEADERS = {
    "date", "server", "etag", "last-modified", "content-length", "accept-ranges", "connection",
    "keep-alive", "content-encoding",
}  # fmt: skip
# Known differences, each with its reason: {header: why}.
KNOWN_DIFFERENCES = {
    # Flask's send_file (the /static route) says both; nginx neither.
    "expires": "a date beside max-age, which every cache reads instead (RFC 9111, 5.3)",
    "content-disposition": "`inline; filename=` + the URL's own last segment: how a browser"
    " shows any file without it",
}
# Vary's Accept-Encoding follows the encoding, which is each server's choice (ignored above,
# as Content-Encoding): nginx names it where the export holds a .br/.gz sibling, the app where
# its page store or its on-the-fly compression may encode. Every other name must agree.
ENCODING = "Accept-Encoding"
# Requests as a browser makes them: a page's, and an image's (Accept picks the format).
BROWSER = {
    "Accept": "text/html,application/xhtml+xml,image/avif,image/webp,*/*;q=0.8",
    "Accept-Encoding": "gzip, deflate, br",
    "Accept-Language": "es-ES,es;q=0.9,en;q=0.8",
}


def export_addresses(export: Path) -> list[str]:
    """The address of every file of the export that has one: each page (PATH/index.html ->
    PATH) and every other file, but the .br/.gz siblings (sent only as an encoding), the
    error pages (only as an error's page) and a raster's .avif/.webp siblings (only as its
    format): the app answers those 404 (test_a_file_of_the_export_that_is_no_address_…)."""
    addresses = []
    for file in sorted(export.rglob("*")):
        path = "/" + file.relative_to(export).as_posix()
        if (
            not file.is_file()
            or file.suffix in (".br", ".gz")
            or re.search(r"/\d{3}\.html$", path)
            or re.match(r"/_img/.*\.\w+\.(avif|webp)$", path)
        ):
            continue
        addresses.append(path.removesuffix("index.html").removesuffix("/") or "/")
    return addresses


def stated(headers) -> dict[str, list[str]]:
    """What an answer's headers state, but for SERVER_HEADERS and KNOWN_DIFFERENCES: each
    name (lower case) with its values; Vary as the names it lists, however many lines, but
    Accept-Encoding."""
    names = {name.lower() for name in headers} - SERVER_HEADERS - KNOWN_DIFFERENCES.keys()
    found = {name: sorted(headers.get_all(name)) for name in names}
    if "vary" in found:
        found["vary"] = [name for name in varies(headers) if name != ENCODING]
    if "content-security-policy" in found:  # but a page's style-src (is_the_apps_policy)
        found["content-security-policy"] = [
            value if value == FILE_POLICY else str(policy_but_stylesheets(value)[0])
            for value in found["content-security-policy"]
        ]
    return {name: values for name, values in found.items() if values}


def test_every_address_of_the_export_answers_with_the_apps_headers(
    nginx_server, app_server, exported_site
):
    """Pages of both languages, each language's 404, assets, images (share images, the logo),
    the root files, the sitemap and robots.txt: nginx's status and headers (Cache-Control,
    Vary, Content-Type, the security headers, any other) are the app's (gunicorn's) for the
    same request, plain and as a browser asks, each asset also by its hash (`?v=`); every
    difference listed, with the addresses where it shows."""
    addresses = export_addresses(exported_site[0])
    required = {
        "/", "/en", "/services", "/en/services", "/sitemap.xml", "/robots.txt", "/favicon.ico",
        "/apple-touch-icon.png", "/manifest.webmanifest", "/_img/logo-512.png",
        "/_img/share/en/services.png", "/static/img/favicon.svg",
    }  # fmt: skip
    assert sorted(required - set(addresses)) == []
    assert any(path.startswith("/static/build/") for path in addresses)
    hashed = [path + "?v=1" for path in addresses if path.startswith(("/static/", "/_img/"))]
    differences: dict[str, list[str]] = {}
    for path in [*addresses, *hashed, "/no-such-page", "/en/no-such-page"]:
        for label, request in (("plain", {}), ("browser", BROWSER)):
            front, alone = get(nginx_server + path, request), get(app_server + path, request)
            found = {"status": [str(front[0])], **stated(front[1])}
            expected = {"status": [str(alone[0])], **stated(alone[1])}
            for name in sorted(found.keys() | expected.keys()):
                if found.get(name) != expected.get(name):
                    what = f"{name}: nginx {found.get(name)}, app {expected.get(name)}"
                    differences.setdefault(what, []).append(f"{path} ({label})")
    listed = "\n".join(f"{what}\n    {', '.join(paths)}" for what, paths in differences.items())
    assert not differences, f"nginx differs from the app:\n{listed}"
