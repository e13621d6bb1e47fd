"""Browser-language detection, done once, on the root path only.

A hook on the root route: a first visit to `/` (no `i18n_redirected` cookie) from a browser
that prefers English is sent to `/en`; either way the outcome is remembered in the cookie.
`/` answers differently by language and cookie, so it says so to every cache (Vary).
"""

from __future__ import annotations

from functools import lru_cache

from flask import Response, after_this_request, redirect, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from motorlab.cookies import remember
from motorlab.i18n import COOKIE_MAX_AGE, COOKIE_NAME, DEFAULT_LOCALE, LOCALES, localized_rule

ROOT_PATH = localized_rule("/", DEFAULT_LOCALE)
ROOT_VARY = ("Accept-Language", "Cookie")
# An answer that sets the language cookie is this visitor's own: no shared cache keeps it.
FIRST_VISIT_CACHE_CONTROL = "private, no-store"


def preferred_locale(accept: LanguageAccept) -> str | None:
    """The first supported locale in the visitor's list (by quality, then list order).

    For each entry an exact match beats a match on its language part, so `en-US, es`
    prefers English and `es, en` prefers Spanish. None when nothing matches.
    """
    for value, quality in accept:
        if quality <= 0:
            continue
        tag = value.lower().replace("_", "-")
        if tag in LOCALES:
            return tag
        language = tag.split("-", 1)[0]
        if language in LOCALES:
            return language
    return None


def remember_locale(response: Response, locale: str) -> Response:
    """Store the visitor's locale in the detection cookie for a year."""
    return remember(response, COOKIE_NAME, locale, COOKIE_MAX_AGE)


def detected_locale() -> str | None:
    """The locale to store for a first visit to `/`, or None when the cookie is already set."""
    if COOKIE_NAME in request.cookies:
        return None
    return preferred_locale(request.accept_languages) or DEFAULT_LOCALE


def first_visit_locale(cookie_header: str, accept_language: str | None) -> str | None:
    """`detected_locale` from raw WSGI headers, for the page cache (outside Flask)."""
    if COOKIE_NAME in parse_cookie(cookie_header):
        return None
    return locale_for_header(accept_language or "")


@lru_cache(maxsize=1024)
def locale_for_header(accept_language: str) -> str:
    """Browsers send a handful of distinct headers: each is parsed once per worker."""
    accept = parse_accept_header(accept_language, LanguageAccept)
    return preferred_locale(accept) or DEFAULT_LOCALE


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

    locale = detected_locale()
    if locale is None:
        return None
    if locale != DEFAULT_LOCALE:
        return first_visit_answer(redirect(localized_rule("/", locale)), locale)

    @after_this_request
    def remember(response: Response) -> Response:
        return first_visit_answer(response, locale)

    return None
