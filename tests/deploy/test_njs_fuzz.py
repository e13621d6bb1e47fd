"""No njs function throws on any header bytes: random bytes, invalid UTF-8 and UTF-8-encoded
surrogates in the headers each function reads (deploy/root_language.js on `/`:
Accept-Language and Cookie; deploy/header_check.js on the paths to the app: every header),
sent through a real nginx on raw sockets. Every answer is the site's, and nginx's error log
gets no njs exception."""

from __future__ import annotations

import random
import re

import pytest

from tests.support.clients import exchange

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


@pytest.fixture(scope="module")
def fuzz_nginx(exported_site, app_server, session_dir):
    """nginx over the export in front of the app, its own error log: (base, error log)."""
    from tests.support.servers import start_nginx

    workdir = session_dir / "njs-fuzz"
    workdir.mkdir()
    server, base = start_nginx(
        exported_site[0], app_server.removeprefix("http://"), workdir, unlimited=("127.0.0.1",)
    )
    yield base, next(workdir.glob("nginx-*")) / "error.log"
    server.stop()


def values(chooser: random.Random, count: int) -> list[bytes]:
    """Header values: random bytes but NUL, CR and LF (nginx refuses a NUL before njs runs; CR
    and LF end the line), broken UTF-8 alone and among language tags and cookies."""
    found = list(BROKEN)
    for _ in range(count):
        size = chooser.choice((1, 3, 20, 200, 4000))
        raw = bytes(
            chooser.choice([b for b in range(256) if b not in (0, 10, 13)]) for _ in range(size)
        )
        found.append(raw)
        found.append(b"es-ES;q=0." + chooser.choice(BROKEN) + b", en;q=0.5, " + raw)
        found.append(b"i18n_redirected=" + chooser.choice(BROKEN) + b"; a=" + raw)
    return found


def status(answer: bytes) -> int:
    match = re.match(rb"HTTP/1\.1 (\d{3}) ", answer)
    return int(match[1]) if match else 0


@pytest.mark.parametrize(
    ("path", "names"),
    [
        ("/", ("Accept-Language", "Cookie")),
        ("/healthz", ("X-Anything", "Accept-Language", "Cookie", "User-Agent")),
    ],
)
def test_no_njs_function_throws_on_any_header_bytes(fuzz_nginx, path, names):
    base, error_log = fuzz_nginx
    chooser = random.Random(f"35 {path}")
    answers = {}
    for value in values(chooser, 60):
        for name in names:
            head = (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n".encode()
                + name.encode()
                + b": "
                + value
                + b"\r\n\r\n"
            )
            answers[name, value] = status(exchange(base, head))
    assert {key: code for key, code in answers.items() if code not in SITE_STATUSES} == {}
    said = error_log.read_text(errors="replace")
    assert [line for line in said.splitlines() if "js" in line and "exception" in line] == []
