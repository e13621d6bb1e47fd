"""Budgets: every page's HTML under 60 KB, the stylesheet under 25 KB (before compression)."""

from pathlib import Path

import pytest

from tests.site_pages import PENDING, ROUTES, localized

STATIC = Path(__file__).resolve().parents[2] / "site" / "motorlab" / "static"
HTML_BUDGET = 60 * 1024
CSS_BUDGET = 25 * 1024


@pytest.mark.parametrize("route", sorted(set(ROUTES) - PENDING))
def test_page_html_is_under_budget(client, route):
    for locale in ("es", "en"):
        response = client.get(localized(route, locale))
        assert response.status_code == 200
        assert len(response.get_data()) < HTML_BUDGET, route


def test_stylesheet_is_under_budget():
    assert max(p.stat().st_size for p in (STATIC / "build").glob("site-*.css")) < CSS_BUDGET


@pytest.mark.parametrize("folder", ["team", "tech"])
def test_drawn_pictures_stay_small(folder):
    sizes = {p.name: p.stat().st_size for p in (STATIC / "img" / folder).glob("*.svg")}
    assert sizes
    assert {name: size for name, size in sizes.items() if size > 8 * 1024} == {}
