"""What a page is (`Page`) and how one is rendered (`render_page`); registry.py lists them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from flask import render_template

from motorlab.content.types import Image, Link

BLUEPRINT = "pages"  # the blueprint that serves every page (pages/routes.py)


@dataclass(frozen=True)
class Page:
    """One page, served at `path` in every locale (`/services`, `/en/services`)."""

    name: str  # the endpoint `pages.<name>`, the template `pages/<name>.html`
    path: str  # without the locale prefix
    title: Any  # a lazy string: the <title>, the share image's title
    description: Any  # a lazy string: the meta description
    content: ModuleType | object  # handed to the template as `page`
    # URL values that tell the pages of one name apart (the case studies' slug).
    values: tuple[tuple[str, str], ...] = ()
    # The view, when the page needs more than its template: called with the page.
    view: Callable[[Page], Any] | None = None
    methods: tuple[str, ...] = ("GET",)
    layout: str = "default"
    listed: bool = True  # in the sitemap; False: `noindex`, a page for the team only
    # False: nginx always passes it to the app, and the export writes no file of it (the
    # contact form's CSRF token is each visitor's own).
    exported: bool = True
    picture: Image | None = None  # beside the title on its share image (else the brand's card)
    section: str | None = None  # the page whose header link is marked current (default: its own)
    context: Callable[[], Mapping[str, Any]] = dict  # more template variables, per request
    # The files that make the page, from the project root: the sitemap's <lastmod>.
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
    add to them or replace them."""
    base = {"title": page.title, "description": page.description, "page": page.content}
    noindex = {} if page.listed else {"noindex": True}
    return render_template(page.template, **{**base, **noindex, **page.context(), **variables})


def source_file(module: ModuleType) -> str:
    """The module's file from the project root (a package: its folder)."""
    path = "site/" + module.__name__.replace(".", "/")
    return path if module.__file__.endswith("__init__.py") else path + ".py"
