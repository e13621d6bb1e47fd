"""Every page of the site, declared once: the routes, the sitemap, the export, the share
images and the tests all read this table. A page's name gives its endpoint `pages.<name>`, its
template `pages/<name>.html` and its content module `content/<name>`; only the path differs."""

from __future__ import annotations

import contextvars
from collections.abc import Mapping
from functools import partial
from importlib import import_module
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, request, url_for
from flask_babel import LazyString

from motorlab.contact.routes import contact_view
from motorlab.content import (
    case_study,
    contact,
    examples,
    guideline,
    home,
    portfolio,
    privacy,
    services,
    team,
)
from motorlab.content.brands import BRANDS
from motorlab.content.types import CaseStudy
from motorlab.i18n import LOCALE_ARG, LOCALES
from motorlab.pages.page import Page, source_file
from motorlab.rendering import tokens


def content_page(content: ModuleType, path: str, *, also_from=(), **options: Any) -> Page:
    """A page named after its content module: its PAGE_TITLE is the <title> (and the share
    image's), its PAGE_DESCRIPTION the meta description; `also_from`: more source files."""
    name = content.__name__.rsplit(".", 1)[-1]
    return Page(
        name,
        path,
        content.PAGE_TITLE,
        content.PAGE_DESCRIPTION,
        content,
        sources=(source_file(content), *also_from, f"templates/pages/{name}.html"),
        **options,
    )


def case_study_page(study: CaseStudy) -> Page:
    previous, following = case_study.neighbours(study.slug)
    module = import_module(f"{case_study.__name__}.{study.slug}")
    return Page(
        "case_study",
        f"/projects/{study.slug}",
        LazyString(case_study.page_title, study),
        study.description,
        study,
        values=(("slug", study.slug),),
        section="portfolio",
        picture=study.hero,
        context=partial(dict, og_type="article", previous=previous, following=following),
        sources=(source_file(module), "templates/pages/case_study.html"),
    )


PAGES: tuple[Page, ...] = (
    content_page(
        home,
        "/",
        layout="mainPage",
        picture=home.AGENCY_IMAGE,
        context=lambda: {"brands": BRANDS},
    ),
    content_page(services, "/services"),
    content_page(team, "/aboutus", context=lambda: {"brands": BRANDS}),
    content_page(portfolio, "/portfolio", also_from=(source_file(case_study),)),
    *(case_study_page(study) for study in case_study.CASE_STUDIES),
    content_page(contact, "/contact", view=contact_view, methods=("GET", "POST"), exported=False),
    content_page(
        guideline,
        "/guideline",
        layout="guideline",
        context=lambda: {"tokens": tokens.root_tokens(), "examples": examples},
    ),
    content_page(privacy, "/privacy", layout="guideline"),
    content_page(examples, "/test", listed=False),
)


def listed_pages() -> tuple[Page, ...]:
    """The pages search engines may list."""
    return tuple(page for page in PAGES if page.listed)


def page_at(path: str) -> Page | None:
    """The page served at `path` (without its locale prefix), if any."""
    return next((page for page in PAGES if page.path == path), None)


_BY_ROUTE = {(page.endpoint, frozenset(page.values)): page for page in PAGES}


def page_for(endpoint: str | None, values: Mapping[str, Any]) -> Page | None:
    """The page a route serves: its endpoint and URL values (the locale left out)."""
    return _BY_ROUTE.get((endpoint, frozenset(values.items())))


def current_section() -> str | None:
    """The endpoint of the header link marked current for this request (None off the pages)."""
    page = page_for(request.endpoint, request.view_args or {})
    return page.section_endpoint if page is not None else None


def paths_of(pages) -> list[str]:
    """Each page's path in each locale, in a request (url_for adds the site's root if any)."""
    return [
        url_for(page.endpoint, **page.link.params, **{LOCALE_ARG: locale})
        for page in pages
        for locale in LOCALES
    ]


def public_paths(app: Flask) -> list[str]:
    """Paths of every listed page, each locale's (`/`, `/en`, `/services`, …); `app` itself,
    as `current_app` is unbound in the fresh context below."""
    site = urlsplit(app.config["SITE_URL"])  # a trusted host, whatever EXTRA_HOSTS says

    def collect() -> list[str]:
        with app.test_request_context("/", base_url=f"{site.scheme}://{site.netloc}"):
            return paths_of(listed_pages())

    # A fresh context: called during a request, it must not share (and change) its `g`.
    return contextvars.Context().run(collect)


def own_paths() -> list[str]:
    """Paths of the pages not exported (the contact form's token starts a session):
    `<meta name="no-prefetch">` keeps the navigation from asking for them ahead."""
    return paths_of(page for page in PAGES if not page.exported)
