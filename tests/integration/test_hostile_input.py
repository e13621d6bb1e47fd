"""Hostile requests written byte by byte to the Werkzeug server with ANALYTICS_ID set: odd targets,
headers and bodies never get a 5xx, a traceback, the input unescaped, or a redirect off the site."""

from __future__ import annotations

import socket
from urllib.parse import quote, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motorlab.i18n import COOKIE_NAME as LANGUAGE_COOKIE
from motorlab.rendering import analytics
from tests.support.app import SITE
from tests.support.clients import Answer
from tests.support.hostile import MARK, MARK_BYTES, REPRODUCIBLE, targets

METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]
TRUSTED_HOST = "127.0.0.1"


def accept_language(draw) -> str:
    entries = draw(st.integers(1, 5000))
    return ",".join(f"x{i};q=0.{i % 9 + 1}" for i in range(entries))


COOKIES = [
    *(f"{LANGUAGE_COOKIE}={value}" for value in ("../../x", "en")),
    *(f"{analytics.COOKIE_NAME}={v}" for v in (analytics.GRANTED, analytics.DENIED, quote(MARK))),
    "session=" + "x" * 100,
]


@st.composite
def headers(draw) -> list[tuple[str, str]]:
    host = draw(
        st.sampled_from(
            [TRUSTED_HOST, "evil.example", "", "a" * 300, "evil.example:80", "127.0.0.1:1"]
        )
    )
    result = [("Host", host)]
    if draw(st.booleans()):
        result.append(("Accept-Language", accept_language(draw)))
    if cookies := draw(st.lists(st.sampled_from(COOKIES), max_size=3)):
        result.append(("Cookie", "; ".join(cookies)))
    if draw(st.booleans()):
        result.append(("Accept", draw(st.sampled_from(["application/json", "text/html", "*/*"]))))
    if draw(st.booleans()):
        result.append(("Referer", draw(st.sampled_from([SITE + "/", "http://evil.example/"]))))
    if draw(st.booleans()):
        result.append(("Sec-Fetch-Site", draw(st.sampled_from(["same-origin", "cross-site"]))))
    if draw(st.booleans()):
        result.append(("X-Forwarded-Proto", "javascript"))
    return result


FIELDS = ["name", "email", "description", "website", "csrf_token", "choice", "next"]


@st.composite
def bodies(draw) -> tuple[list[tuple[str, str]], bytes, bool]:
    """(headers, body bytes, chunked?)"""
    kind = draw(st.sampled_from(["none", "form", "bytes", "multipart", "charset", "chunked"]))
    if kind == "none":
        return [], b"", False
    values = {
        name: draw(st.sampled_from(["", MARK, "a@b.co", "granted", "//evil.example"]))
        for name in draw(st.lists(st.sampled_from(FIELDS), max_size=5, unique=True))
    }
    if kind == "form":
        body = "&".join(f"{k}={quote(v)}" for k, v in values.items()).encode()
        return [("Content-Type", "application/x-www-form-urlencoded")], body, False
    if kind == "bytes":
        body = b"name=" + draw(st.binary(max_size=40)) + b"&description=\xff\xfe" + MARK_BYTES
        return [("Content-Type", "application/x-www-form-urlencoded")], body, False
    if kind == "charset":
        charset = draw(st.sampled_from(["iso-8859-1", "utf-16", "shift_jis", "x-unknown"]))
        body = f"name={MARK}&description=caf\u00e9 {MARK}".encode(
            "utf-16" if charset == "utf-16" else "latin-1"
        )
        content_type = draw(
            st.sampled_from(["application/x-www-form-urlencoded", "text/plain", "application/json"])
        )
        return [("Content-Type", f"{content_type}; charset={charset}")], body, False
    if kind == "multipart":
        boundary = "fuzzboundary"
        parts = []
        for name, value in values.items():
            filename = draw(st.sampled_from([None, "a.txt", MARK, "../../etc/passwd"]))
            disposition = f'form-data; name="{name}"'
            if filename is not None:
                disposition += f'; filename="{filename}"'
            parts.append(f"--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n{value}\r\n")
        body = ("".join(parts) + f"--{boundary}--\r\n").encode()
        if draw(st.booleans()):
            body = body[: draw(st.integers(0, len(body)))]  # cut short
        return [("Content-Type", f"multipart/form-data; boundary={boundary}")], body, False
    size = draw(st.sampled_from(["ZZ", "-1", "99999999999999999999", "4;ext", "", "4"]))
    body = f"{size}\r\nname\r\n".encode() + draw(st.sampled_from([b"0\r\n\r\n", b"", b"x"]))
    return [("Content-Type", "application/x-www-form-urlencoded")], body, True


def send(base: str, method: str, target: str, head: list, extra: list, body: bytes, chunked: bool):
    port = urlsplit(base).port
    lines = [f"{method} {target} HTTP/1.1", *(f"{k}: {v}" for k, v in head + extra)]
    if chunked:
        lines.append("Transfer-Encoding: chunked")
    elif body:
        lines.append(f"Content-Length: {len(body)}")
    lines.append("Connection: close")
    request = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1", "replace") + body
    with socket.create_connection(("127.0.0.1", port), timeout=20) as conn:
        conn.sendall(request)
        conn.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    return answer


def check(raw: bytes) -> None:
    answer = Answer(raw)
    assert answer.status < 500, answer.status
    assert b"Traceback" not in answer.body and b"Werkzeug Debugger" not in answer.body
    assert MARK_BYTES not in raw, "input reflected unescaped"
    for value in answer.get("Location"):
        on_site = value.startswith("/") and not value.startswith(("//", "/\\"))
        assert on_site or value.startswith(SITE + "/"), value


@pytest.mark.system  # a long property run
@settings(
    REPRODUCIBLE,
    max_examples=800,  # about 20 s on one core
    suppress_health_check=[*REPRODUCIBLE.suppress_health_check, HealthCheck.data_too_large],
)
@given(
    method=st.sampled_from(METHODS),
    target=targets(),
    head=headers(),
    body=bodies(),
)
def test_hostile_requests_get_ordinary_answers(analytics_server, method, target, head, body):
    extra, data, chunked = body
    check(send(analytics_server, method, target, head, extra, data, chunked))


def test_the_answers_that_were_wrong_stay_right(analytics_server):
    answer = send(analytics_server, "HEAD", "/contact", [("Host", TRUSTED_HOST)], [], b"", False)
    assert answer.startswith(b"HTTP/1.1 200"), "the contact page's HEAD is its GET"
    form = [("Content-Type", "application/x-www-form-urlencoded")]
    answer = send(
        analytics_server, "POST", "/en/contact", [("Host", TRUSTED_HOST)], form,
        b"ZZZ\r\nname=a\r\n0\r\n\r\n", True,
    )  # fmt: skip
    assert answer.startswith(b"HTTP/1.1 400"), "a malformed chunk size is a bad request"
