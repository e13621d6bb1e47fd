"""The page registry is the only list of pages: what the app serves, what the sitemap lists,
what the export writes and what the tests and the crawl tool visit are all its pages."""

from __future__ import annotations

import importlib.util
import re

from motorlab import config, create_app
from motorlab.export import DYNAMIC_ENDPOINTS
from motorlab.i18n import LOCALE_ARG, LOCALES
from motorlab.pages.registry import PAGES, listed_pages
from tests.support import pages as test_pages
from tests.support.app import ROOT, SITE
from tests.support.internals import any_values
from tests.support.pages import localized

APP = create_app(config.TestConfig())


def paths_of(pages) -> set[str]:
    return {localized(page.path, locale) for page in pages for locale in LOCALES}


def served_paths() -> set[str]:
    """Every path a localized GET route answers, with each `any(...)` value spelled out."""
    paths = set()
    for rule in APP.url_map.iter_rules():
        if LOCALE_ARG not in (rule.defaults or {}) or "GET" not in rule.methods:
            continue
        with APP.test_request_context():
            adapter = APP.url_map.bind("localhost")
            for value in any_values(rule):
                paths.add(adapter.build(rule.endpoint, {**rule.defaults, **value}))
    return paths


def test_the_app_serves_exactly_the_registry_pages():
    assert served_paths() == paths_of(PAGES)


def test_every_registry_page_answers_in_both_locales():
    client = APP.test_client()
    for path in paths_of(PAGES):
        assert client.get(path).status_code == 200, path


def test_the_sitemap_lists_exactly_the_listed_pages():
    sitemap = APP.test_client().get("/sitemap.xml").get_data(as_text=True)
    listed = {loc.removeprefix(SITE) or "/" for loc in re.findall(r"<loc>(.*?)</loc>", sitemap)}
    assert listed == paths_of(listed_pages())
    assert paths_of(listed_pages()) < paths_of(PAGES)  # the noindex page is left out


def test_the_export_writes_exactly_the_listed_pages(exported_site):
    folder, _urls = exported_site
    written = {
        "/" + str(page.parent.relative_to(folder)).removeprefix(".").strip("/")
        for page in folder.rglob("index.html")
    }
    static = [page for page in listed_pages() if page.endpoint not in DYNAMIC_ENDPOINTS]
    assert {path.rstrip("/") or "/" for path in written} == paths_of(static)


def test_the_tests_and_the_crawl_tool_visit_the_registry_pages():
    registry = [page.path for page in PAGES]
    assert list(test_pages.ROUTES) == registry
    assert {page.path for page in PAGES if not page.listed} == test_pages.NOINDEX_ROUTES
    spec = importlib.util.spec_from_file_location("crawl", ROOT / "tests" / "tools" / "crawl.py")
    crawl = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(crawl)
    assert [route for route in crawl.ROUTES if route != "/no-such-page"] == registry


def test_every_listed_page_has_a_share_image_and_no_other_page_has_one():
    client = APP.test_client()
    for page in PAGES:
        name = page.path.strip("/") or "index"
        for locale in LOCALES:
            response = client.get(f"/_img/share/{locale}/{name}.png")
            expected = 200 if page.listed else 404
            assert response.status_code == expected, (page.path, locale)
