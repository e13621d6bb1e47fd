"""The site's pages as the tests visit them, read from the page registry."""

from __future__ import annotations

import pytest

from motorlab import i18n
from motorlab.content.navigation import MAIN_NAVIGATION
from motorlab.pages import registry

LOCALES = i18n.LOCALES  # as translations/languages.toml declares them

# Every page of the site, without its locale prefix, as the page registry declares them.
ROUTES = tuple(page.path for page in registry.PAGES)
NOINDEX_ROUTES = {page.path for page in registry.PAGES if not page.listed}

# The pages of the header's sections (the contact page is one of them).
_SECTIONS = {item.link.endpoint for item in MAIN_NAVIGATION}
SECTION_ROUTES = tuple(page.path for page in registry.PAGES if page.section_endpoint in _SECTIONS)


def path_of(name: str) -> str:
    """The path of the page named `name` (`team` -> `/aboutus`); one page of that name."""
    (path,) = (page.path for page in registry.PAGES if page.name == name)
    return path


def localized(route: str, locale: str) -> str:
    """A route's path in a locale: `/services` -> `/en/services`, `/` -> `/en`."""
    return i18n.localized_rule(route, locale)


# Every page as (path, locale), for pytest.mark.parametrize, each with a readable id.
PAGES = [
    pytest.param(localized(route, locale), locale, id=localized(route, locale))
    for route in ROUTES
    for locale in LOCALES
]
