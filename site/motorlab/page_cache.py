"""The page cache: every public page, stored per path (so per locale) already compressed.

Two halves, one concern:

- `after_request` (inside Flask) decides whether a response may be shared: a GET of a page
  that answered 200 with HTML, XML or text, set no cookie and never touched the session.
  That leaves out the contact page whenever it carries a CSRF token or a one-time message
  (both live in the session), and the first visit to `/` (language detection sets a cookie).
  It also sets the `Cache-Control` that lets a CDN keep the page for a short time.
- `PageCache` (a WSGI middleware around Flask) stores such a response, with its final
  headers, as identity + brotli + gzip bodies under one strong ETag, and answers later
  requests for the same path straight from the store: a hit costs neither a render, nor a
  compression, nor Flask's request handling; only a lookup and a choice of body by
  `Accept-Encoding`. `If-None-Match` gets a 304.

With `ANALYTICS_ID` set, pages differ by the visitor's analytics choice (motorlab.consent):
the key carries the choice, so each variant is stored on its own.

`/` answers by browser language and cookie (`Vary: Accept-Language, Cookie`) and keeps its Vary.
A first visit (no language cookie) is served from the store too, from the entry of the locale
detected from `Accept-Language` (the Spanish page, or the redirect to `/en`); the language
cookie is added to each such answer on the way out, never stored, and the answer says
`Cache-Control: private, no-store` so that no shared cache keeps it.
Requests with a query string are never served from (or stored in) the store.

One key per page: `SCRIPT_NAME` plus the path, and only for the paths of known pages
(`known_page_paths`: the sitemap's, `/test`, `robots.txt`, …), which are all canonical. A raw
form that Flask would route to the same view (`//en/test`, `/en//test`, `/en/test/`) is never
looked up nor stored, whatever Flask answers it. With the consent variant (at most
`VARIANTS_PER_PATH`), the store holds at most that many entries per known path and release.

The store is Flask-Caching's backend (`CACHE_TYPE`, SimpleCache by default: one per worker;
RedisCache shares it). Keys carry a fingerprint of the templates, catalogs and static files,
so a deploy never serves pages rendered by the previous release.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask, Response, g, request
from werkzeug.http import dump_header, parse_etags, parse_set_header

from motorlab import compression, consent, cookies
from motorlab.extensions import cache
from motorlab.hosts import host_is_trusted
from motorlab.i18n import COOKIE_MAX_AGE, COOKIE_NAME
from motorlab.internals import session_touched
from motorlab.language.detection import ROOT_PATH, first_visit_locale

ENVIRON_FLAG = "motorlab.page_cache.store"
FIRST_VISIT_FLAG = "motorlab.page_cache.first_visit"
SHAREABLE_TYPES = ("text/html", "application/xml", "text/plain")
COMPRESSIBLE_TYPES = (
    *SHAREABLE_TYPES,
    "text/css",
    "text/javascript",
    "application/json",
    "image/svg+xml",
)
# Headers that belong to one response on the wire, not to the stored page.
_PER_RESPONSE = {"content-length", "content-encoding", "etag", "date", "server", "set-cookie"}
DEFAULT_CACHE_CONTROL = "public, max-age=60, s-maxage=300"
# The consent choice: none, granted or denied (motorlab.consent.cache_variant).
VARIANTS_PER_PATH = 1 + len(consent.CHOICES)


def init_app(app: Flask) -> None:
    app.config.setdefault("PAGE_CACHE_CONTROL", DEFAULT_CACHE_CONTROL)
    app.config.setdefault("PAGE_CACHE_TIMEOUT", app.config.get("CACHE_DEFAULT_TIMEOUT", 300))


def request_is_shareable(method: str, query: str) -> bool:
    """Whether the answer to this request is the same for everyone who asks."""
    # `/` without the language cookie too: stored per detected locale (first_visit_of).
    return method in ("GET", "HEAD") and not query


def first_visit_of(environ: dict) -> str | None:
    """The detected locale of a first visit to `/` (no language cookie), else None."""
    if (environ.get("PATH_INFO") or "/") != ROOT_PATH:
        return None
    return first_visit_locale(environ.get("HTTP_COOKIE", ""), environ.get("HTTP_ACCEPT_LANGUAGE"))


def _sets_only_the_language_cookie(response: Response) -> bool:
    return all(
        value.split("=", 1)[0].strip() == COOKIE_NAME
        for value in response.headers.getlist("Set-Cookie")
    )


def mark_shareable(response: Response) -> Response:
    first_visit = first_visit_of(request.environ)
    shareable = (
        request_is_shareable(request.method, request.query_string.decode("latin-1"))
        and request.url_rule is not None
        and request.endpoint != "static"
        and response.status_code in ((200, 302) if first_visit else (200,))
        and response.mimetype in SHAREABLE_TYPES
        and not response.direct_passthrough
        and not response.is_streamed
        and (
            "Set-Cookie" not in response.headers
            or first_visit
            and _sets_only_the_language_cookie(response)
        )
        and "Content-Encoding" not in response.headers
        and not session_touched()
        and not g.get("page_cache_skip", False)
    )
    if shareable:
        # Only a GET carries the body to store (a HEAD answer has none); HEAD is still
        # answered from the store once a GET has filled it.
        request.environ[ENVIRON_FLAG] = request.method == "GET"
        request.environ[FIRST_VISIT_FLAG] = first_visit
        if not first_visit:
            response.headers.setdefault("Cache-Control", _config("PAGE_CACHE_CONTROL"))
    else:
        compress_on_the_fly(response)
    return response


def compress_on_the_fly(response: Response) -> None:
    """Pages that are not shared (the contact form) and static text files: compress now."""
    if (
        response.status_code != 200
        or response.mimetype not in COMPRESSIBLE_TYPES
        or "Content-Encoding" in response.headers
        or response.is_streamed
        and not response.direct_passthrough
    ):
        return
    coding = compression.negotiate(request.headers.get("Accept-Encoding"), compression.CODINGS)
    response.vary.add("Accept-Encoding")
    if coding == compression.IDENTITY:
        return
    response.direct_passthrough = False
    source = response.response
    data = response.get_data()
    if hasattr(source, "close"):
        source.close()  # a static file's handle: its bytes are read
    if len(data) < compression.MIN_SIZE:
        return
    response.set_data(compression.compress(data, coding, fast=True))
    response.headers["Content-Encoding"] = coding
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(f"{etag}-{coding}", weak=weak)


def _config(name: str):
    from flask import current_app

    return current_app.config[name]


class PageCache:
    """WSGI middleware: serve stored pages, and store the ones Flask marked as shareable."""

    def __init__(self, app: Flask, wsgi_app: Callable) -> None:
        self.flask_app = app
        self.wsgi_app = wsgi_app
        self.release = release_fingerprint(app)
        self._known_paths: frozenset[str] | None = None
        self.cookie_by_locale: dict[str, str] = {}

    @property
    def store(self):
        return self.flask_app.extensions["cache"][cache]

    def known_paths(self) -> frozenset[str]:
        if self._known_paths is None:
            self._known_paths = known_page_paths(self.flask_app)
        return self._known_paths

    def cache_path(self, environ: dict) -> str | None:
        """The page's one key path (SCRIPT_NAME + PATH_INFO), or None when PATH_INFO is not
        a known page's path as Flask routes it (repeated or trailing slashes, unknown paths):
        such a request is neither answered from nor stored in the store."""
        path = environ.get("PATH_INFO", "") or "/"
        if path not in self.known_paths():
            return None
        return environ.get("SCRIPT_NAME", "") + path

    def key(self, path: str, environ: dict) -> str:
        """Per path, and per analytics choice when ANALYTICS_ID is set (the banner, or the
        analytics tags and their CSP): no visitor is served another one's choice."""
        variant = consent.cache_variant(self.flask_app.config, environ.get("HTTP_COOKIE", ""))
        return f"page:{self.release}:{variant}:{path}"

    def entry_key(self, path: str, environ: dict) -> str:
        """`key`, plus the detected locale for a first visit to `/`."""
        locale = first_visit_of(environ)
        return self.key(path, environ) + (f"#first-visit:{locale}" if locale else "")

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        path = self.cache_path(environ)
        if path is None:
            return self.wsgi_app(environ, start_response)
        shareable = request_is_shareable(
            environ.get("REQUEST_METHOD", "GET"), environ.get("QUERY_STRING", "")
        ) and host_is_trusted(environ, self.flask_app.config["TRUSTED_HOSTS"])
        if shareable:
            entry = self.store.get(self.entry_key(path, environ))
            if entry is not None:
                return self.respond(entry, environ, start_response)
        return self.pass_through(path, environ, start_response)

    def pass_through(self, path: str, environ: dict, start_response: Callable) -> Iterable[bytes]:
        captured: dict = {}

        def capture(status, headers, exc_info=None):
            captured.update(status=status, headers=headers)
            if not environ.get(ENVIRON_FLAG):
                return start_response(status, headers, exc_info)
            return lambda data: None  # Flask writes through the returned iterable only

        body = self.wsgi_app(environ, capture)
        if not environ.get(ENVIRON_FLAG):
            return body
        try:
            data = b"".join(body)
        finally:
            if hasattr(body, "close"):
                body.close()
        entry = make_entry(captured["status"], captured["headers"], data)
        entry["cookie"] = environ.get(FIRST_VISIT_FLAG)
        self.store.set(
            self.entry_key(path, environ),
            entry,
            timeout=self.flask_app.config["PAGE_CACHE_TIMEOUT"],
        )
        return self.respond(entry, environ, start_response)

    def respond(self, entry: dict, environ: dict, start_response: Callable) -> Iterable[bytes]:
        coding = compression.negotiate(environ.get("HTTP_ACCEPT_ENCODING"), entry["bodies"])
        etag = entry_etag(entry, coding)
        headers = [*entry["headers"], ("ETag", etag), *self.cookie_headers(entry)]
        if_none_match = environ.get("HTTP_IF_NONE_MATCH")
        if if_none_match and not entry.get("cookie") and _matches(if_none_match, entry):
            keep = {"cache-control", "vary", "etag", "content-location", "expires"}
            start_response("304 Not Modified", [h for h in headers if h[0].lower() in keep])
            return []
        body = entry["bodies"][coding]
        if coding != compression.IDENTITY:
            headers.append(("Content-Encoding", coding))
        headers.append(("Content-Length", str(len(body))))
        start_response(entry["status"], headers)
        return [] if environ.get("REQUEST_METHOD") == "HEAD" else [body]

    def cookie_headers(self, entry: dict) -> list[tuple[str, str]]:
        """A first visit's language cookie, added to the stored answer."""
        locale = entry.get("cookie")
        if not locale:
            return []
        header = self.cookie_by_locale.get(locale)
        if header is None:  # the same header every time (Max-Age, no date): made once
            config = self.flask_app.config
            header = cookies.cookie_header(config, COOKIE_NAME, locale, COOKIE_MAX_AGE)
            self.cookie_by_locale[locale] = header
        return [("Set-Cookie", header)]


def known_page_paths(app: Flask) -> frozenset[str]:
    """Paths of the pages the store may hold: every public page of both locales (the
    sitemap's) and every other route without a variable part (`/test`, `/robots.txt`, …);
    never one with a trailing slash but `/`."""
    from motorlab.public_pages import public_paths

    fixed = {
        rule.rule
        for rule in app.url_map.iter_rules()
        if rule.arguments <= set(rule.defaults or ()) and "GET" in (rule.methods or ())
    }
    site_root = urlsplit(app.config["SITE_URL"]).path.rstrip("/")  # links are absolute
    public = {path.removeprefix(site_root) or "/" for path in public_paths(app)}
    paths = fixed | public
    return frozenset(path for path in paths if path == "/" or not path.endswith("/"))


def make_entry(status: str, headers: list[tuple[str, str]], data: bytes) -> dict:
    kept = [(name, value) for name, value in headers if name.lower() not in _PER_RESPONSE]
    vary = parse_set_header(", ".join(v for n, v in kept if n.lower() == "vary"))
    vary.add("Accept-Encoding")
    kept = [(n, v) for n, v in kept if n.lower() != "vary"] + [("Vary", dump_header(vary))]
    return {
        "status": status,
        "headers": kept,
        "bodies": compression.variants(data),
        "hash": hashlib.sha256(data).hexdigest()[:24],
    }


def entry_etag(entry: dict, coding: str) -> str:
    """A strong ETag per representation: each content coding is its own set of bytes."""
    if coding == compression.IDENTITY:
        return f'"{entry["hash"]}"'
    return f'"{entry["hash"]}-{coding}"'


def _matches(if_none_match: str, entry: dict) -> bool:
    # If-None-Match uses weak comparison: any coding of the same page is "not modified".
    etags = parse_etags(if_none_match)
    if etags.star_tag:
        return True
    return any(etags.contains_weak(entry_etag(entry, coding)[1:-1]) for coding in entry["bodies"])


def release_fingerprint(app: Flask) -> str:
    """A digest of what pages are made of (code, templates, static files, catalogs), so a new
    release never reads pages that the previous one left in a shared store (Redis)."""
    roots = [Path(app.root_path), Path(app.template_folder)]
    roots.append(Path(app.config.get("BABEL_TRANSLATION_DIRECTORIES", app.root_path)))
    digest = hashlib.sha256()
    for root in roots:
        for file in sorted(p for p in root.rglob("*") if p.is_file()):
            if "__pycache__" not in file.parts:
                digest.update(file.relative_to(root).as_posix().encode() + b"\0")
                digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()[:12]
