"""Every page of the site, declared once: where it is served, what it shows and whether search
engines list it. The views, the sitemap, the export, the share images and the tests all read
this table, so a page added here appears everywhere and a page left out appears nowhere."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from flask_babel import LazyString

from motorlab.content import contact, examples, guideline, home, portfolio, privacy, services, team
from motorlab.content.brands import BRANDS
from motorlab.content.projects import CASE_STUDIES, page_title
from motorlab.content.types import CaseStudy, Link


def _nothing() -> Mapping[str, Any]:
    return {}


@dataclass(frozen=True)
class Page:
    """One page, served at `path` in every locale (`/services`, `/en/services`)."""

    link: Link  # the endpoint (and URL values) that templates link to with url_for
    path: str  # without the locale prefix
    title: Any  # a lazy string: the <title>, the share image's title
    description: Any  # a lazy string: the meta description
    # Rendered by the generic view when set; None when the blueprint's own view renders it
    # (the contact form takes posts, the case studies share one route).
    template: str | None = None
    content: ModuleType | object | None = None  # handed to the template as `page`
    layout: str = "default"
    listed: bool = True  # in the sitemap; False: `noindex`, a page for the team only
    # More template variables, computed per request (e.g. the guideline's live tokens).
    context: Callable[[], Mapping[str, Any]] = field(default=_nothing)
    # The files that make the page, from the project root: the sitemap's <lastmod> is the
    # date of the newest commit that touched one of them.
    sources: tuple[str, ...] = ()

    @property
    def endpoint(self) -> str:
        return self.link.endpoint


def source_file(module: ModuleType) -> str:
    return "site/" + module.__name__.replace(".", "/") + ".py"


def content_page(
    name: str, path: str, content: ModuleType, *, also_from: tuple[str, ...] = (), **options: Any
) -> Page:
    """A page of the `pages` blueprint: template `pages/<name>.html`, its text in `content`
    (and `also_from`: more files whose changes change the page)."""
    template = f"pages/{name}.html"
    return Page(
        Link(f"pages.{name}"),
        path,
        content.PAGE_TITLE,
        content.PAGE_DESCRIPTION,
        template=template,
        content=content,
        sources=(source_file(content), *also_from, f"templates/{template}"),
        **options,
    )


def case_study_page(study: CaseStudy) -> Page:
    title = LazyString(page_title, study)
    sources = (f"site/motorlab/content/projects/{study.slug}.py", "templates/pages/case_study.html")
    return Page(study.link, f"/projects/{study.slug}", title, study.description, sources=sources)


def contact_page() -> Page:
    """Rendered by the contact blueprint's own view, which also takes the form's posts."""
    sources = (source_file(contact), "templates/pages/contact.html")
    return Page(Link("contact.form"), "/contact", contact.PAGE_TITLE, contact.PAGE_DESCRIPTION,
                sources=sources)  # fmt: skip


def _live_tokens() -> Mapping[str, Any]:
    """The guideline shows the stylesheet's tokens as they are now, and every example."""
    return {"tokens": guideline.root_tokens(), "examples": examples}


PAGES: tuple[Page, ...] = (
    content_page("home", "/", home, layout="mainPage", context=lambda: {"brands": BRANDS}),
    content_page("services", "/services", services),
    content_page("aboutus", "/aboutus", team, context=lambda: {"brands": BRANDS}),
    content_page(
        "portfolio", "/portfolio", portfolio, also_from=("site/motorlab/content/projects",)
    ),
    *(case_study_page(study) for study in CASE_STUDIES),
    contact_page(),
    content_page("guideline", "/guideline", guideline, layout="guideline", context=_live_tokens),
    content_page("privacy", "/privacy", privacy),
    content_page("test", "/test", examples, listed=False),
)


def listed_pages() -> tuple[Page, ...]:
    """The pages search engines may list: the sitemap's, the export's, the share images'."""
    return tuple(page for page in PAGES if page.listed)


def page_at(path: str) -> Page | None:
    """The page served at `path` (without its locale prefix), if any."""
    return next((page for page in PAGES if page.path == path), None)
