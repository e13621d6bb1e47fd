"""No njs function (root_language.js on `/`, header_check.js on the paths to the app) throws on
any header bytes (random, invalid UTF-8, encoded surrogates): every answer is the site's, and
nginx's error log gets no njs exception."""

from __future__ import annotations

import random

import pytest

from tests.support.nginx import request

SITE_STATUSES = {200, 302, 400, 431}
BROKEN = [
    b"\xc3\x28",  # a lead byte without its continuation
    b"\xa0\xa1",  # continuations alone
    b"\xc0\xaf",  # overlong "/"
    b"\xed\xa0\x80",  # a lone high surrogate, as UTF-8
    b"\xed\xbf\xbf",  # a lone low surrogate
    b"\xed\xa0\xbd\xed\xb2\xa9",  # a surrogate pair, CESU-8
    b"\xf4\x90\x80\x80",  # above U+10FFFF
    b"\xff\xfe\xfd",
    "é, fr;q=0.5".encode("latin-1"),
    b"\x00",
    b"\x7f",
    b"\t",
]


def values(chooser: random.Random, count: int) -> list[bytes]:
    """Header values: random bytes but NUL, CR and LF (nginx refuses a NUL before njs runs; CR
    and LF end the line), broken UTF-8 alone and among language tags and cookies."""
    found = list(BROKEN)
    allowed = [byte for byte in range(256) if byte not in (0, 10, 13)]
    for _ in range(count):
        raw = bytes(chooser.choices(allowed, k=chooser.choice((1, 3, 20, 200, 4000))))
        found.append(raw)
        found.append(b"es-ES;q=0." + chooser.choice(BROKEN) + b", en;q=0.5, " + raw)
        found.append(b"i18n_redirected=" + chooser.choice(BROKEN) + b"; a=" + raw)
    return found


@pytest.mark.parametrize(
    ("path", "names"),
    [
        (b"/", ("Accept-Language", "Cookie")),
        (b"/healthz", ("X-Anything", "Accept-Language", "Cookie", "User-Agent")),
    ],
)
def test_no_njs_function_throws_on_any_header_bytes(nginx_server, session_dir, path, names):
    chooser = random.Random(f"35 {path.decode()}")
    statuses = {
        (name, value): request(nginx_server, path, headers=[(name, value)]).status
        for value in values(chooser, 60)
        for name in names
    }
    assert {key: code for key, code in statuses.items() if code not in SITE_STATUSES} == {}
    [error_log] = session_dir.glob("nginx-*/error.log")  # nginx_server's
    said = error_log.read_text(errors="replace")
    assert [line for line in said.splitlines() if "js" in line and "exception" in line] == []
