"""The hosts the app answers for, the scheme a proxy may forward, and where redirects go.

- Flask's `TRUSTED_HOSTS` holds the host of `SITE_URL` plus `EXTRA_HOSTS`: a request for any
  other host gets the localised 400 page (and the page cache serves it nothing).
- Behind `PROXY_FIX_HOPS` proxies, an `X-Forwarded-Proto` other than http or https is dropped
  before ProxyFix reads it, so no URL is ever built with a `javascript:` scheme.
- A redirect to this very host goes out relative (`Location: /en/services`), so it never
  depends on what the request said its host and scheme were.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import partial
from urllib.parse import urlsplit, urlunsplit

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wsgi import get_host

from motorlab.errors.handlers import render_error
from motorlab.web.flask_internals import bind_site_url_adapter

LOOPBACK = ("127.0.0.1", "localhost", "::1")
FORWARDED_SCHEMES = {"http", "https"}


def trusted_hosts(site_url: str, extra: Iterable[str] = ()) -> list[str]:
    """SITE_URL's host name, then the extra ones; a loopback SITE_URL (development) trusts
    every loopback name, so `localhost:5000` works as well as `127.0.0.1:5000`."""
    host = urlsplit(site_url).hostname or ""
    hosts = [host, *(name.lower() for name in extra)]
    if host in LOOPBACK:
        hosts.extend(LOOPBACK)
    return list(dict.fromkeys(h for h in hosts if h))


def host_is_trusted(environ: dict, trusted: list[str]) -> bool:
    """The WSGI-level check, for the page cache that answers before Flask does."""
    try:
        get_host(environ, trusted)
    except SecurityError:
        return False
    return True


class ForwardedSchemeFilter:
    """WSGI middleware before ProxyFix: forget an `X-Forwarded-Proto` naming anything but
    http or https (`javascript`, `data`, …)."""

    def __init__(self, wsgi_app: Callable) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        value = environ.get("HTTP_X_FORWARDED_PROTO")
        if value is not None:
            schemes = {part.strip().lower() for part in value.split(",")}
            if not schemes <= FORWARDED_SCHEMES:
                del environ["HTTP_X_FORWARDED_PROTO"]
        return self.wsgi_app(environ, start_response)


_HOST = re.compile(r"^(?P<name>[^:\[\]]+|\[[0-9A-Fa-f:.]+\])(?P<port>:[0-9]*)?$")


def canonical_host(value: str) -> str:
    """A `Host` value as compared with TRUSTED_HOSTS: host names are case-insensitive and a
    fully qualified name may end in a dot (RFC 9110 §4.2.3, RFC 1034 §3.1), so
    `WWW.Motorlab.Example.:80` is `www.motorlab.example:80`. Anything else is left as it
    is, for Werkzeug to refuse."""
    match = _HOST.match(value)
    if match is None:
        return value
    name = match["name"].lower()
    if name.endswith(".") and not name.endswith(".."):
        name = name[:-1]
    return name + (match["port"] or "")


class CanonicalHost:
    """WSGI middleware, outermost (the page cache checks the host before Flask does)."""

    def __init__(self, wsgi_app: Callable) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        host = environ.get("HTTP_HOST")
        if host:
            environ["HTTP_HOST"] = canonical_host(host)
        return self.wsgi_app(environ, start_response)


def relative_location(response: Response) -> Response:
    """`Location: https://this-host/en/services` becomes `/en/services` (Werkzeug builds
    routing redirects, such as `/en//services`, from the request's host and scheme)."""
    location = response.headers.get("Location")
    if not location:
        return response
    parts = urlsplit(location)
    if parts.netloc and parts.netloc == request.host:
        path = "/" + parts.path.lstrip("/")  # never `//other-host`
        response.headers["Location"] = urlunsplit(("", "", path, parts.query, parts.fragment))
    return response


def untrusted_host(error: SecurityError) -> Response:
    """The 400 page, in the locale of the path. Flask left the request without a URL
    adapter (it refuses to bind one to an untrusted host): bind one to SITE_URL's."""
    bind_site_url_adapter()
    return render_error(400)


# What Sec-Fetch-Site says when this site made the request (or the visitor did, typing the
# address); the browser sets the header and no page's script can.
OWN_FETCH_SITES = ("same-origin", "none")


DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_parts(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an absolute http(s) URL, the default port filled in; None for
    anything else (`null`, a path, a bad port)."""
    try:
        parts = urlsplit(url.strip())
        scheme, host = parts.scheme.lower(), parts.hostname
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:
        return None
    if scheme not in DEFAULT_PORTS or not host:
        return None
    return scheme, host, port


def fetched_from_this_site() -> bool | None:
    """Whether this site made the request: the browser's Sec-Fetch-Site if it sent one, else
    its Origin (or, without it, its Referer) compared whole with SITE_URL's origin (scheme,
    host and port); None where the request carries none of them (old browsers, scripts)."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site in OWN_FETCH_SITES
    claimed = request.headers.get("Origin") or request.headers.get("Referer")
    if claimed is None:
        return None
    own = origin_parts(current_app.config["SITE_URL"])
    return own is not None and origin_parts(claimed) == own


def local_path(candidate: str | None, max_length: int = 2048) -> str | None:
    """`candidate` when it is a path on this site (`/en/services?x=1`), else None: never
    `//host`, `/\\host`, a scheme, or anything unprintable or huge."""
    if not candidate or not candidate.startswith("/") or candidate.startswith("//"):
        return None
    parts = urlsplit(candidate)
    local = not (parts.scheme or parts.netloc) and "\\" not in candidate
    if local and candidate.isprintable() and len(candidate) <= max_length:
        return candidate
    return None


def init_app(app: Flask) -> None:
    app.config["TRUSTED_HOSTS"] = trusted_hosts(
        app.config["SITE_URL"], app.config.get("EXTRA_HOSTS", ())
    )
    app.register_error_handler(SecurityError, untrusted_host)


def proxy_layers(app: Flask) -> list[Callable]:
    """Behind PROXY_FIX_HOPS proxies: the scheme filter, then ProxyFix (outermost first)."""
    hops = app.config.get("PROXY_FIX_HOPS")
    if not hops:
        return []
    return [ForwardedSchemeFilter, partial(ProxyFix, x_for=hops, x_proto=hops)]
