"""The hosts the app answers for (any other gets the localised 400 page), the schemes a proxy
may forward, relative redirects, and where a request comes from."""

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
    """SITE_URL's host name, then the extra ones; a loopback SITE_URL trusts every loopback."""
    host = urlsplit(site_url).hostname or ""
    hosts = [host, *(name.lower() for name in extra)]
    if host in LOOPBACK:
        hosts.extend(LOOPBACK)
    return list(dict.fromkeys(h for h in hosts if h))


def host_is_trusted(environ: dict, trusted: list[str]) -> bool:
    try:
        get_host(environ, trusted)
    except SecurityError:
        return False
    return True


class _Middleware:
    def __init__(self, wsgi_app: Callable) -> None:
        self.wsgi_app = wsgi_app


class ForwardedSchemeFilter(_Middleware):
    """Before ProxyFix: forget an `X-Forwarded-Proto` naming anything but http or https."""

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        value = environ.get("HTTP_X_FORWARDED_PROTO")
        if value is not None:
            schemes = {part.strip().lower() for part in value.split(",")}
            if not schemes <= FORWARDED_SCHEMES:
                del environ["HTTP_X_FORWARDED_PROTO"]
        return self.wsgi_app(environ, start_response)


_HOST = re.compile(r"^(?P<name>[^:\[\]]+|\[[0-9A-Fa-f:.]+\])(?P<port>:[0-9]*)?$")


def canonical_host(value: str) -> str:
    """`WWW.Motorlab.Example.:80` as `www.motorlab.example:80`; anything else for Werkzeug."""
    match = _HOST.match(value)
    if match is None:
        return value
    name = match["name"].lower()
    if name.endswith(".") and not name.endswith(".."):
        name = name[:-1]
    return name + (match["port"] or "")


class CanonicalHost(_Middleware):
    """Outermost: the page cache checks the host before Flask does."""

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        host = environ.get("HTTP_HOST")
        if host:
            environ["HTTP_HOST"] = canonical_host(host)
        return self.wsgi_app(environ, start_response)


def relative_location(response: Response) -> Response:
    """`Location: https://this-host/en/services` becomes `/en/services`."""
    location = response.headers.get("Location")
    if not location:
        return response
    parts = urlsplit(location)
    if parts.netloc and parts.netloc == request.host:
        path = "/" + parts.path.lstrip("/")  # never `//other-host`
        response.headers["Location"] = urlunsplit(("", "", path, parts.query, parts.fragment))
    return response


def untrusted_host(error: SecurityError) -> Response:
    bind_site_url_adapter()
    return render_error(400)


# Sec-Fetch-Site when this site (or the visitor, typing the address) made the request.
OWN_FETCH_SITES = ("same-origin", "none")
DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_parts(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an absolute http(s) URL, or None (`null`, a path, a bad port)."""
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
    """Whether this site made the request (Sec-Fetch-Site, else Origin or Referer), or None."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site in OWN_FETCH_SITES
    claimed = request.headers.get("Origin") or request.headers.get("Referer")
    if claimed is None:
        return None
    own = origin_parts(current_app.config["SITE_URL"])
    return own is not None and origin_parts(claimed) == own


def local_path(candidate: str | None, max_length: int = 2048) -> str | None:
    """`candidate` when it is a printable path on this site (not `//host`, `/\\host`)."""
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
    hops = app.config.get("PROXY_FIX_HOPS")
    if not hops:
        return []
    return [ForwardedSchemeFilter, partial(ProxyFix, x_for=hops, x_proto=hops)]
