"""Locales by URL prefix, as translations/languages.toml declares them: each rule is
registered once per locale under one endpoint, and `url_for` keeps the current locale."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Flask, current_app, g, request, url_for

from motorlab.paths import PROJECT_ROOT

DECLARATION = PROJECT_ROOT / "translations" / "languages.toml"


@dataclass(frozen=True)
class Language:
    code: str  # "en": <html lang>, hreflang, translations/en/
    prefix: str  # "/en"; "" for the default language
    name: str  # "English": its own name, as the switcher shows it
    og_locale: str  # "en_US"
    source: bool = False  # the language of the message ids: needs no catalog


def read_languages(path: Path = DECLARATION) -> tuple[Language, ...]:
    """The declared languages: unique codes, one without a prefix, the others `/<code>`."""
    with open(path, "rb") as handle:
        entries = tomllib.load(handle).get("language", [])
    languages = tuple(Language(**entry) for entry in entries)
    codes = [language.code for language in languages]
    problems = []
    if len(set(codes)) != len(codes):
        problems.append("a code is declared twice")
    if [language.prefix for language in languages].count("") != 1:
        problems.append('exactly one language must have the prefix "" (the default)')
    for language in languages:
        if not re.fullmatch(r"[a-z]{2,3}(-[A-Za-z0-9]+)*", language.code):
            problems.append(f"{language.code!r} is not a language code")
        if language.prefix and language.prefix != f"/{language.code}":
            problems.append(f"{language.code}: the prefix must be /{language.code}")
        if not re.fullmatch(r"[a-z]{2,3}_[A-Z]{2}", language.og_locale):
            problems.append(f"{language.code}: og_locale must look like es_ES")
    if problems:
        raise ValueError(f"{path}: " + "; ".join(problems))
    return languages


LANGUAGES = read_languages()
DEFAULT_LOCALE = next(language.code for language in LANGUAGES if not language.prefix)
LOCALES = tuple(language.code for language in LANGUAGES)
PREFIXES = {language.code: language.prefix for language in LANGUAGES}
OG_LOCALES = {language.code: language.og_locale for language in LANGUAGES}
LANGUAGE_NAMES = {language.code: language.name for language in LANGUAGES}
LOCALE_ARG = "lang_code"

COOKIE_NAME = "i18n_redirected"
COOKIE_MAX_AGE = 365 * 24 * 60 * 60


def localized_rule(rule: str, locale: str) -> str:
    """`/services` -> `/en/services`; the root of a prefixed locale has no trailing slash."""
    prefix = PREFIXES[locale]
    return (prefix or "/") if rule == "/" else prefix + rule


def locale_from_path(path: str) -> str:
    for locale, prefix in PREFIXES.items():
        if prefix and (path == prefix or path.startswith(prefix + "/")):
            return locale
    return DEFAULT_LOCALE


class LocalizedBlueprint(Blueprint):
    """A blueprint whose `route` serves each rule in every locale, under one endpoint."""

    def route(self, rule: str, **options) -> Callable:
        def decorator(view: Callable) -> Callable:
            endpoint = options.pop("endpoint", view.__name__)
            defaults = options.pop("defaults", {})
            for locale in LOCALES:
                self.add_url_rule(
                    localized_rule(rule, locale),
                    endpoint,
                    view,
                    defaults={**defaults, LOCALE_ARG: locale},
                    **options,
                )
            return view

        return decorator


def current_locale() -> str:
    """Flask-Babel's selector: the matched route's locale, else the path's prefix's."""
    if g.get("locale") is None:
        g.locale = locale_from_path(request.path)
    return g.locale


def twin_url(locale: str, *, external: bool = False) -> str:
    """This page's URL in `locale` (that locale's root when no localized route matched)."""
    endpoint = request.endpoint if request.url_rule else None
    if endpoint is not None and _is_localized(endpoint):
        path = url_for(endpoint, **(request.view_args or {}), **{LOCALE_ARG: locale})
    else:
        path = localized_rule("/", locale)
    return absolute_url(path) if external else path


def absolute_url(path: str) -> str:
    """An absolute URL on SITE_URL, never built from the Host header."""
    return current_app.config["SITE_URL"] + path


def _is_localized(endpoint: str) -> bool:
    return current_app.url_map.is_endpoint_expecting(endpoint, LOCALE_ARG)


def pull_locale(endpoint: str | None, values: dict | None) -> None:
    """URL value preprocessor: the route's locale goes to `g`, not to the view."""
    if values is not None and LOCALE_ARG in values:
        g.locale = values.pop(LOCALE_ARG)


def inject_locale(endpoint: str, values: dict) -> None:
    """URL defaults: `url_for` keeps the current locale unless told another."""
    if LOCALE_ARG not in values and _is_localized(endpoint):
        values[LOCALE_ARG] = current_locale()


COMPILE = "compile it (make setup, or make prod-setup on a server)"


class IncompleteCatalog(RuntimeError):
    """A declared language whose catalog is missing, not compiled, or not fully translated."""


def catalog_problem(language: Language, directory: Path) -> str | None:
    """What keeps `language` from being served in full, and what to do, or None."""
    if language.source:
        return None
    po = directory / language.code / "LC_MESSAGES" / "messages.po"
    mo = po.with_suffix(".mo")
    if not po.is_file():
        return f"{po} does not exist (pybabel init; README, 'Adding a language')"
    if not mo.is_file():
        return f"{po} is not compiled: {COMPILE}"
    untranslated, fuzzy, total = _catalog_counts(str(po), po.stat().st_mtime_ns)
    if untranslated or fuzzy:
        return (
            f"{po} has {untranslated} untranslated and {fuzzy} fuzzy of {total} messages "
            f"({(total - untranslated - fuzzy) * 100 // max(total, 1)} % done): fill every "
            "empty msgstr and clear every '#, fuzzy' there (after make messages), then " + COMPILE
        )
    if mo.stat().st_mtime_ns < po.stat().st_mtime_ns:
        return f"{mo} is older than {po.name}: {COMPILE}"
    return None


@lru_cache(maxsize=16)
def _catalog_counts(path: str, _mtime_ns: int) -> tuple[int, int, int]:
    from babel.messages.pofile import read_po

    with open(path, "rb") as handle:
        messages = [message for message in read_po(handle) if message.id]
    strings = [m.string if isinstance(m.string, (list, tuple)) else (m.string,) for m in messages]
    untranslated = sum(1 for forms in strings if not all(forms))
    return untranslated, sum(1 for m in messages if m.fuzzy), len(messages)


def catalog_problems(directory: Path) -> dict[Language, str]:
    """Each declared language whose catalog in `directory` is not ready, with its problem."""
    problems = {language: catalog_problem(language, directory) for language in LANGUAGES}
    return {language: problem for language, problem in problems.items() if problem}


def catalog_refusal(directory: Path, allowed: Collection[str]) -> str | None:
    """Why the site must not start: a language not ready that `allowed` does not name."""
    refused = [
        f"{language.code} ({language.name}): {problem}"
        for language, problem in catalog_problems(directory).items()
        if language.code not in allowed
    ]
    if not refused:
        return None
    return (
        "These languages are declared in translations/languages.toml but not ready: "
        + "; ".join(refused)
        + " (or set INCOMPLETE_LANGUAGES to serve them anyway)"
    )


def init_app(app: Flask) -> None:
    """Refuse to start with a catalog not ready that INCOMPLETE_LANGUAGES does not name; debug
    mode starts anyway (motorlab.dev.catalogs logs each miss)."""
    if app.debug:
        return
    directory = Path(app.config["BABEL_TRANSLATION_DIRECTORIES"])
    allowed = set(app.config.get("INCOMPLETE_LANGUAGES") or ())
    for language, problem in catalog_problems(directory).items():
        if language.code in allowed:
            app.logger.warning("Serving %s although %s", language.code, problem)
    if refusal := catalog_refusal(directory, allowed):
        raise IncompleteCatalog(refusal)
