"""The page registry is the only list of pages: what the app serves, what the export writes,
which pages have share images and what the crawl tool visits are all its pages (the sitemap:
test_sitemap); each page has one name (endpoint, template, content module)."""

from __future__ import annotations

import importlib.util
from types import ModuleType

from flask import Flask, url_for

from motorlab import config, create_app
from motorlab.content.types import CaseStudy
from motorlab.i18n import LOCALE_ARG, LOCALES
from motorlab.pages.registry import PAGES, listed_pages, page_for
from tests.support import pages as test_pages
from tests.support.app import ROOT, soup_of
from tests.support.pages import localized
from tests.support.widgets import read_widget_manifest

APP = create_app(config.TestConfig())

# The routes that serve no page: files, feeds and redirects.
NOT_PAGES = {
    "static",
    "language.switch",
    "seo.sitemap",
    "seo.robots",
    "images.resized",
    "images.share_image",
    "images.logo",
    "health.healthz",
    "icons.favicon",
    "icons.apple_touch_icon",
    "icons.web_manifest",
}


def paths_of(pages) -> set[str]:
    return {localized(page.path, locale) for page in pages for locale in LOCALES}


def undeclared_routes(app: Flask) -> list[str]:
    """Routes that serve a page the registry does not declare (by endpoint and URL values)."""
    found = []
    for rule in app.url_map.iter_rules():
        values = {k: v for k, v in (rule.defaults or {}).items() if k != LOCALE_ARG}
        if rule.endpoint not in NOT_PAGES and page_for(rule.endpoint, values) is None:
            found.append(rule.rule)
    return found


def test_the_app_serves_and_the_crawl_tool_visits_exactly_the_registry_pages():
    served = {rule.rule for rule in APP.url_map.iter_rules() if rule.endpoint not in NOT_PAGES}
    assert served == paths_of(PAGES)
    assert undeclared_routes(APP) == []
    # A view routed anywhere but through the registry is caught, in any blueprint.
    app = create_app(config.TestConfig())
    app.add_url_rule("/careers", "careers", lambda: "Careers")
    assert undeclared_routes(app) == ["/careers"]
    # The crawl tool visits them too.
    spec = importlib.util.spec_from_file_location("crawl", ROOT / "tests" / "tools" / "crawl.py")
    crawl = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(crawl)
    assert [route for route in crawl.ROUTES if route != "/no-such-page"] == [p.path for p in PAGES]


def test_each_page_has_one_name():
    """Endpoint `pages.<name>`, template `pages/<name>.html`, content `content/<name>` (the
    case studies: `content/case_study/<slug>.py`): only the path may differ, and the registry
    entry says it."""
    templates = {path.stem for path in (ROOT / "templates" / "pages").glob("*.html")}
    assert templates == {page.name for page in PAGES}  # no template without its page
    for page in PAGES:
        assert page.endpoint == f"pages.{page.name}", page
        assert page.template == f"pages/{page.name}.html", page
        content = f"site/motorlab/content/{page.name}"
        assert page.sources[0] == content + ".py" or page.sources[0].startswith(content + "/")
        assert isinstance(page.content, ModuleType | CaseStudy), page


def test_the_export_writes_exactly_the_listed_pages(exported_site):
    folder, _urls = exported_site
    written = {
        "/" + str(page.parent.relative_to(folder)).removeprefix(".").strip("/")
        for page in folder.rglob("index.html")
    }
    static = [page for page in listed_pages() if page.exported]
    assert {path.rstrip("/") or "/" for path in written} == paths_of(static)


# The stylesheets of a page (assets.stylesheet_keys): the shared one, but for the guideline and
# /test.
STYLESHEETS = {"/guideline": ["guideline.css"], "/test": ["site.css", "examples.css"]}


def test_every_page_answers_in_both_locales_as_the_registry_declares_it():
    """Listed: a share image, no `noindex`, a canonical link; otherwise none of them. The
    header marks its section: its own link aria-current="page", a case study's (Portfolio)
    "true". `<meta name="no-prefetch">` names the unexported pages (each visitor's own: the
    contact page's session). No inline style (the CSP's style-src would block it): the <style>
    blocks are the build's stylesheets. Ids are unique."""
    assert [page.path for page in PAGES if not page.exported] == ["/contact"]
    no_prefetch = [localized("/contact", locale) for locale in LOCALES]
    manifest = read_widget_manifest()
    client = APP.test_client()
    for page in PAGES:
        name = page.path.strip("/") or "index"
        for locale in LOCALES:
            path = localized(page.path, locale)
            response = client.get(path)
            assert response.status_code == 200, path
            share = client.get(f"/_img/share/{locale}/{name}.png")
            assert share.status_code == (200 if page.listed else 404), path
            soup = soup_of(response)
            robots = soup.find("meta", attrs={"name": "robots"})
            assert (robots and robots["content"]) == (None if page.listed else "noindex"), path
            assert bool(soup.find("link", rel="canonical")) == page.listed, path

            marks = {
                link["href"]: link["aria-current"]
                for link in soup.select("header .c-nav a[aria-current]")
            }
            with APP.test_request_context(path):
                section = url_for(page.section_endpoint, **{LOCALE_ARG: locale})
            if page.section is None:  # its own section: marked when the header links to it
                assert marks in ({}, {path: "page"}), path
            else:
                assert marks == {section: "true"}, path

            meta = soup.find("meta", attrs={"name": "no-prefetch"})
            assert meta["content"].split(" ") == no_prefetch, path
            assert soup.find(attrs={"style": True}) is None, path
            assert [style.attrs for style in soup.find_all("style")] == [
                {"data-stylesheet": manifest[key]}
                for key in STYLESHEETS.get(page.path, ["site.css"])
            ], path
            ids = [tag["id"] for tag in soup.find_all(id=True)]
            assert len(ids) == len(set(ids)), path
    # The pages in the header's sections: its own links' pages and the case studies.
    in_sections = set(test_pages.SECTION_ROUTES)
    assert {"/", "/contact", "/projects/ads"} <= in_sections and "/privacy" not in in_sections
    portfolio = [page.path for page in PAGES if page.section == "portfolio"]
    assert portfolio == [f"/projects/{slug}" for slug in ("ads", "kuzu", "vc", "viewbox")]
    meta = soup_of(client.get("/en/no-such-page")).find("meta", attrs={"name": "no-prefetch"})
    assert meta["content"].split(" ") == no_prefetch, "the error page's too"
