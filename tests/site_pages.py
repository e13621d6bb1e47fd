"""Every public route of the site (PRODUCT.md), shared by the tests that walk all pages.

`PENDING` holds the routes whose pages a later issue builds: tests over every page mark them
expected to fail (strictly), so the day a page lands its route must leave this set.
"""

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

PENDING: set[str] = set()  # every page is built


def localized(route: str, locale: str) -> str:
    if locale == "es":
        return route
    return "/en" if route == "/" else "/en" + route


def page_params() -> list:
    """(path, locale) pairs for pytest.mark.parametrize, pending ones marked xfail."""
    return list(_page_params())


def _page_params():
    import pytest

    for route in ROUTES:
        marks = [pytest.mark.xfail(reason="built by a later issue", strict=True)] * (
            route in PENDING
        )
        for locale in ("es", "en"):
            yield pytest.param(
                localized(route, locale), locale, marks=marks, id=localized(route, locale)
            )
