"""Every address of the export through nginx: its status and headers are the app's."""

from __future__ import annotations

import re
from pathlib import Path

from motorlab.web.security import FILE_POLICY
from tests.support.clients import get
from tests.support.nginx import policy_but_stylesheets, varies

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
    """Each page's (PATH/index.html -> PATH) and every other file's, but those only sent as an
    encoding, an error's page or an image's format: .br/.gz, NNN.html, .avif/.webp siblings."""
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
    """Each name (lower case) with its values, but SERVER_HEADERS and KNOWN_DIFFERENCES; Vary as
    the names it lists, however many lines, but Accept-Encoding."""
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
    Vary, Content-Type, the security headers, any other) and a file's bytes are the app's
    (gunicorn's) for the same request, plain, as a browser asks and, for an image, as one that
    takes WebP alone (the logo stays a PNG),
    each asset also by its hash (`?v=`); every difference listed, where it shows."""
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
        file = path.split("?")[0]
        # An image also as a browser that takes WebP alone (its .webp sibling, if any).
        webp = [("webp", {"Accept": "image/webp,*/*"})] if file.startswith("/_img/") else []
        for label, request in (("plain", {}), ("browser", BROWSER), *webp):
            front, alone = get(nginx_server + path, request), get(app_server + path, request)
            found = {"status": [str(front[0])], **stated(front[1])}
            expected = {"status": [str(alone[0])], **stated(alone[1])}
            # its bytes, but a page's (test_nginx_pages) or SITE_URL's
            if label == "plain" and "." in file and file not in ("/robots.txt", "/sitemap.xml"):
                found["bytes"], expected["bytes"] = [str(len(front[2]))], [str(len(alone[2]))]
                if front[2] == alone[2]:
                    found["bytes"] = expected["bytes"]
            for name in sorted(found.keys() | expected.keys()):
                if found.get(name) != expected.get(name):
                    what = f"{name}: nginx {found.get(name)}, app {expected.get(name)}"
                    differences.setdefault(what, []).append(f"{path} ({label})")
    listed = "\n".join(f"{what}\n    {', '.join(paths)}" for what, paths in differences.items())
    assert not differences, f"nginx differs from the app:\n{listed}"
