"""The page store: whole answers kept per release, variant and path (the policy's paths only),
compressed once, answered before Flask runs; the policy (motorlab.web.page_cache) says what
may be shared. A stored answer that sets a cookie never gets a 304 (it would drop the cookie)."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, Response, request
from werkzeug.http import dump_header, parse_etags, parse_set_header

from motorlab import files
from motorlab.extensions import cache
from motorlab.web import compression

KEEP = "motorlab.web.page_store.keep"  # in the WSGI environ: set by `keep`
COMPRESSIBLE_TYPES = (
    "text/html",
    "application/xml",
    "text/plain",
    "text/css",
    "text/javascript",
    "application/json",
    "image/svg+xml",
)
# Headers that belong to one response on the wire, not to the stored page.
_PER_RESPONSE = {"content-length", "content-encoding", "etag", "date", "server"}
# What a 304 repeats of the full answer (RFC 9110 §15.4.5).
_NOT_MODIFIED = {"cache-control", "vary", "etag", "content-location", "expires"}


@dataclass(frozen=True)
class Policy:
    """The only paths stored (worked out on the first request), whether a request may be
    shared, and what pages differ by (each one of a few values)."""

    paths: Callable[[Flask], Collection[str]]
    shareable: Callable[[Mapping, dict], bool]
    variants: tuple[Callable[[Mapping, dict], str], ...]


def keep(environ: dict) -> None:
    environ[KEEP] = True  # the policy found the answer to this GET the same for everyone


class PageStore:
    def __init__(self, app: Flask, policy: Policy, wsgi_app: Callable) -> None:
        self.flask_app = app
        self.policy = policy
        self.wsgi_app = wsgi_app
        self.release = release_fingerprint(app)
        with app.app_context():
            self.backend = cache.cache

    @functools.cached_property
    def paths(self) -> frozenset[str]:
        return frozenset(self.policy.paths(self.flask_app))

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "") or "/"
        config = self.flask_app.config
        if path not in self.paths or not self.policy.shareable(config, environ):
            return self.wsgi_app(environ, start_response)
        values = [variant(config, environ) for variant in self.policy.variants]
        key = ":".join(("page", self.release, *values, environ.get("SCRIPT_NAME", "") + path))
        entry = self.backend.get(key)
        if entry is not None:
            return self.respond(entry, environ, start_response)
        return self.pass_through(key, environ, start_response)

    def pass_through(self, key: str, environ: dict, start_response: Callable) -> Iterable[bytes]:
        captured: dict = {}

        def capture(status, headers, exc_info=None):
            captured.update(status=status, headers=headers)
            if not environ.get(KEEP):
                return start_response(status, headers, exc_info)
            return lambda data: None  # Flask writes through the returned iterable only

        body = self.wsgi_app(environ, capture)
        if not environ.get(KEEP):
            return body
        try:
            data = b"".join(body)
        finally:
            if hasattr(body, "close"):
                body.close()
        entry = make_entry(captured["status"], captured["headers"], data)
        self.backend.set(key, entry, timeout=self.flask_app.config["PAGE_CACHE_TIMEOUT"])
        return self.respond(entry, environ, start_response)

    def respond(self, entry: dict, environ: dict, start_response: Callable) -> Iterable[bytes]:
        coding = compression.negotiate(environ.get("HTTP_ACCEPT_ENCODING"), entry["bodies"])
        headers = [*entry["headers"], ("ETag", entry_etag(entry, coding))]
        if_none_match = environ.get("HTTP_IF_NONE_MATCH")
        if if_none_match and not entry["sets_cookie"] and _matches(if_none_match, entry):
            kept = [header for header in headers if header[0].lower() in _NOT_MODIFIED]
            start_response("304 Not Modified", kept)
            return []
        body = entry["bodies"][coding]
        if coding != compression.IDENTITY:
            headers.append(("Content-Encoding", coding))
        headers.append(("Content-Length", str(len(body))))
        start_response(entry["status"], headers)
        return [] if environ.get("REQUEST_METHOD") == "HEAD" else [body]


def make_entry(status: str, headers: list[tuple[str, str]], data: bytes) -> dict:
    kept = [(name, value) for name, value in headers if name.lower() not in _PER_RESPONSE]
    vary = parse_set_header(", ".join(v for n, v in kept if n.lower() == "vary"))
    vary.add("Accept-Encoding")
    kept = [(n, v) for n, v in kept if n.lower() != "vary"] + [("Vary", dump_header(vary))]
    return {
        "status": status,
        "headers": kept,
        "bodies": dict(_stored_variants(data)),
        "hash": hashlib.sha256(data).hexdigest()[:24],
        "sets_cookie": any(name.lower() == "set-cookie" for name, _ in kept),
    }


def entry_etag(entry: dict, coding: str) -> str:
    if coding == compression.IDENTITY:
        return f'"{entry["hash"]}"'
    return f'"{entry["hash"]}-{coding}"'


def _matches(if_none_match: str, entry: dict) -> bool:
    # If-None-Match uses weak comparison: any coding of the same page is "not modified".
    etags = parse_etags(if_none_match)
    if etags.star_tag:
        return True
    return any(etags.contains_weak(entry_etag(entry, coding)[1:-1]) for coding in entry["bodies"])


def compress_on_the_fly(response: Response) -> None:
    """Compress an answer not kept (the contact form, error pages) now, if it is a whole body."""
    if (
        not (response.status_code == 200 or response.status_code >= 400)
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
    if request.endpoint == "static":
        response.set_data(_compressed_static(data, coding))
    else:
        response.set_data(compression.compress(data, coding, compression.ON_THE_FLY))
    response.headers["Content-Encoding"] = coding
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(f"{etag}-{coding}", weak=weak)


@functools.lru_cache(maxsize=512)
def _compressed_static(data: bytes, coding: str) -> bytes:
    """A static text file compressed as stored pages are, once per process and content."""
    return compression.compress(data, coding, compression.STORED)


@functools.lru_cache(maxsize=16)
def _stored_variants(data: bytes) -> dict[str, bytes]:
    """A page's stored codings, for the same bytes stored again by another app."""
    return compression.variants(data, compression.STORED)


def release_fingerprint(app: Flask) -> str:
    """A digest of code, templates, static files and catalogs: a new release never reads the
    pages the previous one left in a shared store."""
    return _fingerprint(
        app.root_path,
        app.template_folder,
        app.config.get("BABEL_TRANSLATION_DIRECTORIES", app.root_path),
    )


@functools.cache
def _fingerprint(*folders: str) -> str:
    digest = hashlib.sha256()
    for root in map(Path, folders):
        for file in sorted(p for p in root.rglob("*") if p.is_file()):
            if "__pycache__" not in file.parts:
                digest.update(file.relative_to(root).as_posix().encode() + b"\0")
                digest.update(files.file_digest(file))
    return digest.hexdigest()[:12]
