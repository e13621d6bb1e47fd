"""A first visit to `/` (no cookie) from a browser preferring another language is redirected
to it, and the outcome remembered; nginx's copy is deploy/root_language.js."""

from __future__ import annotations

import re
from functools import lru_cache

from flask import Response, after_this_request, current_app, redirect, request

from motorlab.i18n import COOKIE_MAX_AGE, COOKIE_NAME, DEFAULT_LOCALE, LOCALES, localized_rule
from motorlab.web.cookies import cookie_header
from motorlab.web.flask_internals import read_cookies

ROOT_PATH = localized_rule("/", DEFAULT_LOCALE)
ROOT_VARY = ("Accept-Language", "Cookie")
# An answer that sets the language cookie is this visitor's own: no shared cache keeps it.
FIRST_VISIT_CACHE_CONTROL = "private, no-store"


# Only the first entries are read: the work per request is bounded, here and in nginx's copy.
MAX_LANGUAGE_ENTRIES = 16
# One entry: a language range (`_` allowed: EN_us) and an optional weight (RFC 9110 12.4.2,
# 12.5.4), in ASCII so JavaScript reads it alike; anything else is ignored.
LANGUAGE_ENTRY = re.compile(
    r"[ \t]*([A-Za-z0-9*_-]+)(?:[ \t]*;[ \t]*[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?[ \t]*"
)


def preferred_locale(accept_language: str) -> str | None:
    """The supported locale of the best entry (highest quality, then list order; an exact
    match beats its language part; q=0 refuses), or None."""
    best, best_quality = None, 0.0
    for entry in accept_language.split(",", MAX_LANGUAGE_ENTRIES)[:MAX_LANGUAGE_ENTRIES]:
        match = LANGUAGE_ENTRY.fullmatch(entry)
        if match is None:
            continue
        tag = match[1].lower().replace("_", "-")
        locale = tag if tag in LOCALES else tag.split("-", 1)[0]
        quality = float(match[2] or 1)
        if locale in LOCALES and quality > best_quality:
            best, best_quality = locale, quality
    return best


def remember_locale(response: Response, locale: str) -> Response:
    cookie = cookie_header(current_app.config, COOKIE_NAME, locale, COOKIE_MAX_AGE)
    response.headers.add("Set-Cookie", cookie)
    return response


def first_visit_locale(cookie_header: str, accept_language: str | None) -> str | None:
    """The locale to store for a first visit from raw WSGI headers (for the page cache), or
    None when the cookie is already set."""
    if COOKIE_NAME in read_cookies(cookie_header):
        return None
    return locale_for_header(accept_language or "")


@lru_cache(maxsize=1024)
def locale_for_header(accept_language: str) -> str:
    # Browsers send a handful of distinct headers: each is parsed once per worker.
    return preferred_locale(accept_language) or DEFAULT_LOCALE


def first_visit_answer(response: Response, locale: str) -> Response:
    response.headers["Cache-Control"] = FIRST_VISIT_CACHE_CONTROL
    return remember_locale(response, locale)


def detect_on_root() -> Response | None:
    if request.path != ROOT_PATH or request.method not in ("GET", "HEAD"):
        return None

    @after_this_request
    def vary(response: Response) -> Response:
        response.vary.update(ROOT_VARY)
        return response

    if COOKIE_NAME in request.cookies:
        return None
    locale = locale_for_header(request.headers.get("Accept-Language", ""))
    if locale != DEFAULT_LOCALE:
        return first_visit_answer(redirect(localized_rule("/", locale)), locale)

    @after_this_request
    def remember(response: Response) -> Response:
        return first_visit_answer(response, locale)

    return None
