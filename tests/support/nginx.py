"""What the nginx tests share: raw requests, the site's pages and readable text, the app's
security headers against nginx's copy of them, and what a hostile target may not get out of
the front door (no header of its own, no redirect off the site)."""

from __future__ import annotations

import re
import socket
import urllib.parse

from bs4 import BeautifulSoup

from motorlab import config, create_app
from motorlab.i18n import COOKIE_NAME as LANGUAGE_COOKIE
from motorlab.pages.registry import public_paths
from motorlab.rendering import assets
from motorlab.rendering.analytics import COOKIE_NAME as CONSENT_COOKIE
from motorlab.web.security import FILE_POLICY
from tests.support.app import visible_text
from tests.support.clients import Answer
from tests.support.whatwg_url import BrowserUrls

PAGES = public_paths(create_app(config.TestConfig()))


def request(
    base: str, target: bytes, *, method: str = "GET", headers=(), body: bytes = b"",
    host: bytes | None = b"127.0.0.1", version: bytes = b"HTTP/1.1", source: str = "127.0.0.1",
) -> Answer:  # fmt: skip
    """A request written byte by byte (no client library tidies it) from the loopback address
    `source`, its answer read whole. Header values may be bytes; `host` None: no Host line.
    The sending side stays open: nginx drops a half-closed connection's proxied request."""
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
    """nginx's one policy for every exported page names every inline stylesheet of the build
    where the app's names only its page's: all of them, and no other source. A file that is no
    page has the same short policy from both (FILE_POLICY)."""
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
    """nginx's answer carries each of the app's security headers once, with the app's value
    (its policy: is_the_apps_policy, but for a `proxied` answer, the app's own)."""
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


def assert_safe(answer: Answer, base: str, target: str, browser_urls: BrowserUrls) -> None:
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
        resolved = browser_urls.resolve(page, location)
        assert resolved is not None and resolved.startswith(base + "/"), (target, location)
    if 300 <= answer.status < 400:
        for value in answer.get("Cache-Control"):
            assert "public" not in value and "s-maxage" not in value, (target, value)


# The start of each error page's title, English and Spanish, by status.
TITLES = {
    414: ("The address is too long", "La dirección es demasiado larga"),
    431: (
        "The request's headers are too large: delete this site's cookies and try again",
        "Las cabeceras de la petición son demasiado grandes: borra las cookies de este sitio",
    ),
    405: ("This address does not accept that kind of request", "Esta dirección no admite"),
    412: ("This page has changed since your browser last loaded it", "Esta página ha cambiado"),
    413: ("The request is too large", "La petición es"),
    501: ("The server cannot handle this kind of request", "El servidor no puede atender"),
    505: ("This version of HTTP is not supported", "Esta versión de HTTP no se admite"),
}


def assert_site_page(answer, status: int, language: str) -> None:
    """The site's page for `status` in `language`, with the security headers, none twice."""
    assert answer.status == status, answer.body[:200]
    title, page_language = title_and_language(answer)
    assert title.startswith(TITLES[status][language == "es"]), title
    assert page_language == language
    assert answer.get("Content-Security-Policy"), "the security headers as on every answer"
    repeated = [name for name in {n.lower() for n, _ in answer.headers}
                if name != "vary" and len(answer.get(name)) > 1]  # fmt: skip
    assert not repeated, f"headers sent twice: {repeated}"
