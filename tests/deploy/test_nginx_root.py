"""The root through nginx: for real browsers' and hostile Accept-Language headers × language
cookies, nginx's language detection (deploy/root_language.js) answers as the app."""

from __future__ import annotations

import http.client
import re
from itertools import product

import pytest

from motorlab.language.detection import MAX_LANGUAGE_ENTRIES
from tests.support.clients import SPANISH_COOKIE, get
from tests.support.nginx import text_of, varies


def utf8(value: str) -> str:
    """A header value whose latin-1 encoding (urllib's) is `value` in UTF-8 bytes."""
    return value.encode().decode("latin-1")


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


# 15 KB of parts before the language cookie (njs reads them in one regex step).
LONG_COOKIES = [
    ";" * 15000 + "i18n_redirected=es",
    "a=1;" * 3700 + "i18n_redirected",
    "a b;" * 3700 + " i18n_redirected = es",
    'k="\\";' * 2400 + "i18n_redirected=es",
    'k="\\";' * 2400 + 'x="i18n_redirected=es',
    'k="' + "a;" * 7400 + 'i18n_redirected=es"',
    ";" * 15000 + "i18n_redirected x",
]


@pytest.mark.parametrize(
    ("accept", "cookie"),
    [*product(BROWSER_LANGUAGES, LANGUAGE_COOKIES), *(("en", c) for c in LONG_COOKIES)],
)
def test_nginx_answers_the_root_exactly_as_the_app(
    nginx_server, app_server, exported_site, accept, cookie
):
    """As the app, and the page is the export's file itself (nginx's ETag), not the app's."""
    headers = {"Accept-Language": accept, "Cookie": cookie}
    headers = {name: value for name, value in headers.items() if value is not None}
    front = get(nginx_server + "/", headers)
    assert comparable(front) == comparable(get(app_server + "/", headers))
    assert front[0] in (200, 302)
    if front[0] == 200:
        assert front[2] == (exported_site[0] / "index.html").read_bytes()
        assert re.fullmatch(r'"[0-9a-f]+-[0-9a-f]+"', front[1]["ETag"]), "nginx's file ETag"
    if cookie is None:
        assert front[1]["Cache-Control"] == "private, no-store"
        assert "Max-Age=31536000" in front[1]["Set-Cookie"]  # 365 days


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
    """gunicorn joins repeated Cookie or Accept-Language fields with ",": njs does too."""
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
