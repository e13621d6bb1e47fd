"""What the nginx tests share: raw requests, pages' text, the app's security headers against
nginx's copy, and what a hostile target may not get (no header of its own, no redirect away)."""

from __future__ import annotations

import re
import socket
import urllib.parse
from collections.abc import Callable
from pathlib import Path

from bs4 import BeautifulSoup

from motorlab import config, create_app
from motorlab.i18n import COOKIE_NAME as LANGUAGE_COOKIE
from motorlab.i18n import LANGUAGES
from motorlab.pages.registry import public_paths
from motorlab.rendering import assets
from motorlab.rendering.analytics import COOKIE_NAME as CONSENT_COOKIE
from motorlab.web.security import FILE_POLICY
from tests.support.app import visible_text
from tests.support.clients import Answer

PAGES = public_paths(create_app(config.TestConfig()))


def request(
    base: str, target: bytes, *, method: str = "GET", headers=(), body: bytes = b"",
    host: bytes | None = b"127.0.0.1", version: bytes = b"HTTP/1.1", source: str = "127.0.0.1",
) -> Answer:  # fmt: skip
    """A request written byte by byte (no client library tidies it) from `source`, its answer
    read whole; `host` None: no Host line. The sending side stays open (nginx drops a
    half-closed connection's proxied request)."""
    lines = [b" ".join([method.encode(), target, version]), *([b"Host: " + host] if host else [])]
    for name, value in headers:
        value = value if isinstance(value, bytes) else value.encode("latin-1")
        lines.append(name.encode() + b": " + value)
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}".encode())
    port = urllib.parse.urlsplit(base).port
    with socket.create_connection(("127.0.0.1", port), 20, (source, 0)) as connection:
        connection.sendall(b"\r\n".join([*lines, b"Connection: close", b"", b""]) + body)
        raw = b""
        while chunk := connection.recv(65536):
            raw += chunk
    return Answer(raw)


def title_and_language(answer: Answer) -> tuple[str, str]:
    page = BeautifulSoup(answer.body.decode(), "html.parser")
    return page.title.string, page.html["lang"]


def text_of(body: bytes) -> str:
    soup = BeautifulSoup(body.decode(), "html.parser")
    token = soup.find("input", attrs={"name": "csrf_token"})
    if token is not None:
        token["value"] = ""
    return visible_text(soup)


def policy_but_stylesheets(value: str) -> tuple[dict[str, list[str]], list[str]]:
    """A policy's directives but style-src, and style-src's sources."""
    directives = {part.split()[0]: part.split()[1:] for part in value.split(";") if part.split()}
    return directives, directives.pop("style-src")


def is_the_apps_policy(front: str, alone: str) -> bool:
    """nginx's one policy for every page names every inline stylesheet of the build, the app's
    only its page's; a file that is no page has FILE_POLICY from both."""
    if alone == FILE_POLICY:
        return front == alone
    (directives, styles), (apps, app_styles) = map(policy_but_stylesheets, (front, alone))
    return (
        directives == apps
        and set(app_styles) <= set(styles)
        and len(styles) == len(set(styles)) == 1 + len(assets.stylesheet_keys())
    )


SECURITY_HEADERS = (
    "Content-Security-Policy",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "X-Frame-Options",
    "Permissions-Policy",
    "Cross-Origin-Opener-Policy",
)


def assert_the_apps_security_headers(front, alone, names=SECURITY_HEADERS, proxied=False):
    """Each of the app's security headers once, with the app's value (a policy as
    is_the_apps_policy says, but for a `proxied` answer: the app's own)."""
    for name in names:
        assert len(front.get_all(name)) == len(alone.get_all(name)) == 1, name
        if name == "Content-Security-Policy" and not proxied:
            assert is_the_apps_policy(front[name], alone[name])
        else:
            assert front[name] == alone[name], name


def varies(headers) -> list[str]:
    """Every name Vary lists, over all its field lines (one line or two mean the same)."""
    return sorted(
        name.strip() for line in headers.get_all("Vary") or [] for name in line.split(",")
    )


# The headers the site's answers carry; an injected line would add another.
HEADER_NAMES = {
    "server", "date", "content-type", "content-length", "transfer-encoding", "connection",
    "keep-alive", "location", "content-security-policy", "x-content-type-options",
    "referrer-policy", "x-frame-options", "permissions-policy", "cross-origin-opener-policy",
    "strict-transport-security", "cache-control", "vary", "etag", "last-modified",
    "accept-ranges", "content-encoding", "retry-after", "allow", "set-cookie",
}  # fmt: skip
COOKIE_NAMES = {LANGUAGE_COOKIE, CONSENT_COOKIE, "session"}


def assert_safe(answer: Answer, base: str, target: str, browser_urls: Callable) -> None:
    """No header written by the path, no redirect off the site, none kept by a shared cache."""
    assert answer.status < 500, (target, answer.status)
    for line in answer.lines:
        assert not re.search(r"[\r\n\t]", line), (target, line)
    names = {name.lower() for name, _value in answer.headers}
    assert names <= HEADER_NAMES, (target, names - HEADER_NAMES)
    for cookie in answer.get("Set-Cookie"):
        assert cookie.split("=", 1)[0] in COOKIE_NAMES, (target, cookie)
    for location in answer.get("Location"):
        page = base + target.split("?")[0] if target.startswith("/") else base + "/"
        resolved = browser_urls(page, location)
        assert resolved is not None and resolved.startswith(base + "/"), (target, location)
    if 300 <= answer.status < 400:
        for value in answer.get("Cache-Control"):
            assert "public" not in value and "s-maxage" not in value, (target, value)


def assert_site_page(answer, status: int, language: str, export: Path) -> None:
    """The export's page for `status` in `language`, byte for byte, with the security headers,
    none twice."""
    assert answer.status == status, answer.body[:200]
    prefix = next(each.prefix for each in LANGUAGES if each.code == language)
    assert answer.body == (export / prefix.lstrip("/") / f"{status}.html").read_bytes()
    assert answer.get("Content-Security-Policy"), "the security headers as on every answer"
    repeated = [name for name in {n.lower() for n, _ in answer.headers}
                if name != "vary" and len(answer.get(name)) > 1]  # fmt: skip
    assert not repeated, f"headers sent twice: {repeated}"
