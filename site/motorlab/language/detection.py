"""Browser-language detection, done once, on the root path only."""

from __future__ import annotations

from flask import Response, current_app, request
from werkzeug.datastructures import LanguageAccept

from motorlab.i18n import COOKIE_MAX_AGE, COOKIE_NAME, DEFAULT_LOCALE, LOCALES


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
    response.set_cookie(
        COOKIE_NAME,
        locale,
        max_age=COOKIE_MAX_AGE,
        path="/",
        samesite="Lax",
        secure=current_app.config.get("SESSION_COOKIE_SECURE", False),
    )
    return response


def detected_locale() -> str | None:
    """The locale to store for a first visit to `/`, or None when the cookie is already set."""
    if COOKIE_NAME in request.cookies:
        return None
    return preferred_locale(request.accept_languages) or DEFAULT_LOCALE
