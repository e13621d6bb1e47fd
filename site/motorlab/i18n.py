"""Locales by URL prefix: Spanish without a prefix, English under /en.

One route table serves both locales: `LocalizedBlueprint.route` registers every rule twice,
once per locale, under the same endpoint, with the locale as a URL default. Inside a request
`url_for` fills in the current locale by itself (see `_inject_locale`), and `twin_url` gives
the same page in another locale. This module knows no page: links are built with `url_for`.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, Flask, current_app, g, redirect, request, url_for

DEFAULT_LOCALE = "es"
LOCALES = ("es", "en")
PREFIXES = {"es": "", "en": "/en"}
OG_LOCALES = {"es": "es_ES", "en": "en_US"}
LANGUAGE_NAMES = {"es": "Español", "en": "English"}
LOCALE_ARG = "lang_code"

COOKIE_NAME = "i18n_redirected"
COOKIE_MAX_AGE = 365 * 24 * 60 * 60


def localized_rule(rule: str, locale: str) -> str:
    """`/services` -> `/en/services`; the root of a prefixed locale has no trailing slash."""
    prefix = PREFIXES[locale]
    if rule == "/":
        return prefix or "/"
    return prefix + rule


def locale_from_path(path: str) -> str:
    """The locale a path belongs to, used where no route matched (404s)."""
    for locale, prefix in PREFIXES.items():
        if prefix and (path == prefix or path.startswith(prefix + "/")):
            return locale
    return DEFAULT_LOCALE


class LocalizedBlueprint(Blueprint):
    """A blueprint whose `route` serves each rule in every locale, under one endpoint."""

    def route(self, rule: str, **options) -> Callable:
        def decorator(view: Callable) -> Callable:
            endpoint = options.pop("endpoint", view.__name__)
            for locale in LOCALES:
                self.add_url_rule(
                    localized_rule(rule, locale),
                    endpoint,
                    view,
                    defaults={LOCALE_ARG: locale},
                    **options,
                )
            return view

        return decorator


def current_locale() -> str:
    """The locale of this request: the matched route's, else the path's prefix."""
    locale = g.get("locale")
    if locale is None:
        locale = g.locale = locale_from_path(request.path)
    return locale


def twin_url(locale: str, *, external: bool = False) -> str:
    """This page's URL in `locale` (that locale's root when no localized route matched)."""
    endpoint = request.endpoint if request.url_rule else None
    if endpoint is not None and _is_localized(endpoint):
        path = url_for(endpoint, **(request.view_args or {}), **{LOCALE_ARG: locale})
    else:
        path = localized_rule("/", locale)
    return absolute_url(path) if external else path


def absolute_url(path: str) -> str:
    """An absolute URL on the public site (SITE_URL), never built from the Host header."""
    return current_app.config["SITE_URL"] + path


def _is_localized(endpoint: str) -> bool:
    return current_app.url_map.is_endpoint_expecting(endpoint, LOCALE_ARG)


def _pull_locale(endpoint: str | None, values: dict | None) -> None:
    if values is not None and LOCALE_ARG in values:
        g.locale = values.pop(LOCALE_ARG)


def _inject_locale(endpoint: str, values: dict) -> None:
    if LOCALE_ARG not in values and _is_localized(endpoint):
        values[LOCALE_ARG] = current_locale()


def select_locale() -> str:
    """Flask-Babel's locale selector: the URL always wins."""
    return current_locale()


def _redirect_to(path: str) -> Callable:
    def view():
        return redirect(path, code=308)  # a relative Location: never built from Host

    return view


def init_app(app: Flask) -> None:
    app.url_value_preprocessor(_pull_locale)
    app.url_defaults(_inject_locale)
    # `/en/` is a common way to type the English home: send it to `/en` for good.
    for locale, prefix in PREFIXES.items():
        if prefix:
            app.add_url_rule(prefix + "/", f"{locale}_root_slash", _redirect_to(prefix))

    # Globals, not context variables, so that component macros see them without context.
    # They are functions read when a template calls them, never folded at compile time.
    app.jinja_env.globals.update(
        current_locale=current_locale,
        twin_url=twin_url,
        absolute_url=absolute_url,
        LOCALES=LOCALES,
        LANGUAGE_NAMES=LANGUAGE_NAMES,
        OG_LOCALES=OG_LOCALES,
    )


__all__ = [
    "COOKIE_MAX_AGE",
    "COOKIE_NAME",
    "DEFAULT_LOCALE",
    "LOCALES",
    "LocalizedBlueprint",
    "current_locale",
    "init_app",
    "locale_from_path",
    "select_locale",
    "twin_url",
]
