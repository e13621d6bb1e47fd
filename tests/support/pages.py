"""The site's pages, as the tests visit them: every public route in every locale."""

from __future__ import annotations

import pytest

from motorlab import i18n
from motorlab.pages import registry

LOCALES = i18n.LOCALES  # as translations/languages.toml declares them

# Every page of the site, without its locale prefix, as the page registry declares them.
ROUTES = tuple(page.path for page in registry.PAGES)
NOINDEX_ROUTES = {page.path for page in registry.PAGES if not page.listed}


def localized(route: str, locale: str) -> str:
    """A route's path in a locale: `/services` -> `/en/services`, `/` -> `/en`."""
    return i18n.localized_rule(route, locale)


# Every page as (path, locale), for pytest.mark.parametrize, each with a readable id.
PAGES = [
    pytest.param(localized(route, locale), locale, id=localized(route, locale))
    for route in ROUTES
    for locale in LOCALES
]
