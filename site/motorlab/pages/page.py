"""What a page is (`Page`) and how one is rendered (`render_page`); the pages themselves are
declared in registry.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from flask import render_template

from motorlab.content.types import Image, Link

BLUEPRINT = "pages"  # the blueprint that serves every page (pages/routes.py)


def _nothing() -> Mapping[str, Any]:
    return {}


@dataclass(frozen=True)
class Page:
    """One page, served at `path` in every locale (`/services`, `/en/services`)."""

    name: str  # the endpoint `pages.<name>`, the template `pages/<name>.html`
    path: str  # without the locale prefix
    title: Any  # a lazy string: the <title>, the share image's title
    description: Any  # a lazy string: the meta description
    content: ModuleType | object  # handed to the template as `page`
    # URL values that tell the pages of one name apart (the case studies' slug): `url_for`
    # takes them; each page's route carries its own.
    values: tuple[tuple[str, str], ...] = ()
    # The view, when the page needs more than its template (the contact form takes posts):
    # called with the page, it renders it with `render_page` and whatever it adds.
    view: Callable[[Page], Any] | None = None
    methods: tuple[str, ...] = ("GET",)
    layout: str = "default"
    listed: bool = True  # in the sitemap; False: `noindex`, a page for the team only
    # False: nginx always passes it to the app, and the export writes no file of it (the
    # contact form's CSRF token is each visitor's own).
    exported: bool = True
    # The page's own illustration (an SVG of static/): its share image shows it beside the
    # title; a page without one gets the brand's card.
    picture: Image | None = None
    # The page whose header link is marked as current (aria-current): its own by default.
    section: str | None = None
    # More template variables, computed per request (e.g. the guideline's live tokens).
    context: Callable[[], Mapping[str, Any]] = field(default=_nothing)
    # The files that make the page, from the project root: the sitemap's <lastmod> is the
    # date of the newest commit that touched one of them.
    sources: tuple[str, ...] = ()

    @property
    def endpoint(self) -> str:
        return f"{BLUEPRINT}.{self.name}"

    @property
    def link(self) -> Link:
        """What templates link to it with: `url_for(link.endpoint, **link.params)`."""
        return Link(self.endpoint, self.values)

    @property
    def template(self) -> str:
        return f"pages/{self.name}.html"

    @property
    def section_endpoint(self) -> str:
        return f"{BLUEPRINT}.{self.section or self.name}"


def render_page(page: Page, **variables: Any) -> str:
    """The page's template with its title, description and content (`page`); `variables`
    add to them or replace them (the contact form's title says when it has errors)."""
    extra = {"noindex": True} if not page.listed else {}
    return render_template(
        page.template,
        **{
            "title": page.title,
            "description": page.description,
            "page": page.content,
            **extra,
            **page.context(),
            **variables,
        },
    )


def source_file(module: ModuleType) -> str:
    """The module's file from the project root (a package: its folder)."""
    path = "site/" + module.__name__.replace(".", "/")
    return path if module.__file__.endswith("__init__.py") else path + ".py"
