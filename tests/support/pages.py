"""The site's pages, as the tests visit them: every public route in every locale."""

from __future__ import annotations

import pytest

from motorlab import i18n

LOCALES = i18n.LOCALES  # as translations/languages.toml declares them

# Every public route of the site, without its locale prefix.
ROUTES = (
    "/",
    "/services",
    "/aboutus",
    "/portfolio",
    "/contact",
    "/guideline",
    "/test",
    "/privacy",
    "/projects/ads",
    "/projects/kuzu",
    "/projects/vc",
    "/projects/viewbox",
)
NOINDEX_ROUTES = {"/test"}


def localized(route: str, locale: str) -> str:
    """A route's path in a locale: `/services` -> `/en/services`, `/` -> `/en`."""
    return i18n.localized_rule(route, locale)


# Every page as (path, locale), for pytest.mark.parametrize, each with a readable id.
PAGES = [
    pytest.param(localized(route, locale), locale, id=localized(route, locale))
    for route in ROUTES
    for locale in LOCALES
]
