"""The page cache's policy for motorlab.web.page_store: which answers everyone may share, and
their variants (a first visit to `/` by its detected locale; in debug, the build last written)."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request

from motorlab import files
from motorlab.i18n import COOKIE_NAME
from motorlab.language.detection import ROOT_PATH, first_visit_locale
from motorlab.rendering.assets import MANIFEST, STATIC_FOLDER
from motorlab.web import page_store
from motorlab.web.flask_internals import session_touched
from motorlab.web.hosts import host_is_trusted

SHAREABLE_TYPES = ("text/html", "application/xml", "text/plain")
DEFAULT_CACHE_CONTROL = "public, max-age=60, s-maxage=300"


def init_app(app: Flask) -> None:
    app.config.setdefault("PAGE_CACHE_CONTROL", DEFAULT_CACHE_CONTROL)
    app.config.setdefault("PAGE_CACHE_TIMEOUT", app.config.get("CACHE_DEFAULT_TIMEOUT", 300))


def shareable_request(config: Mapping, environ: dict) -> bool:
    return (
        environ.get("REQUEST_METHOD", "GET") in ("GET", "HEAD")
        and not environ.get("QUERY_STRING")
        and host_is_trusted(environ, config["TRUSTED_HOSTS"])
    )


def first_visit_of(environ: dict) -> str | None:
    """The detected locale of a first visit to `/`, else None."""
    if (environ.get("PATH_INFO") or "/") != ROOT_PATH:
        return None
    return first_visit_locale(environ.get("HTTP_COOKIE", ""), environ.get("HTTP_ACCEPT_LANGUAGE"))


def first_visit_variant(config: Mapping, environ: dict) -> str:
    return first_visit_of(environ) or ""


BUILD_MANIFEST = STATIC_FOLDER / MANIFEST  # the app's static folder's


def build_variant(config: Mapping, environ: dict) -> str:
    """In debug, the build the page links; outside debug the manifest is read once."""
    return files.file_version(BUILD_MANIFEST) if config.get("DEBUG") else ""


def known_page_paths(app: Flask) -> frozenset[str]:
    """The public pages (the sitemap's) and every route without a variable part, never one with
    a trailing slash but `/`."""
    from motorlab.pages.registry import public_paths

    fixed = {
        rule.rule
        for rule in app.url_map.iter_rules()
        if rule.arguments <= set(rule.defaults or ()) and "GET" in (rule.methods or ())
    }
    site_root = urlsplit(app.config["SITE_URL"]).path.rstrip("/")  # links are absolute
    public = {path.removeprefix(site_root) or "/" for path in public_paths(app)}
    paths = fixed | public
    return frozenset(path for path in paths if path == "/" or not path.endswith("/"))


POLICY = page_store.Policy(
    paths=known_page_paths,
    shareable=shareable_request,
    variants=(first_visit_variant, build_variant),
)


def _sets_only_the_language_cookie(response: Response) -> bool:
    return all(
        value.split("=", 1)[0].strip() == COOKIE_NAME
        for value in response.headers.getlist("Set-Cookie")
    )


def mark_shareable(response: Response) -> Response:
    first_visit = first_visit_of(request.environ)
    shareable = (
        shareable_request(current_app.config, request.environ)
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
    )
    if not shareable:
        page_store.compress_on_the_fly(response)
        return response
    if request.method == "GET":  # HEAD is answered from the store once a GET has filled it
        page_store.keep(request.environ)
    if not first_visit:
        response.headers.setdefault("Cache-Control", current_app.config["PAGE_CACHE_CONTROL"])
    return response
