"""The generic view: every page the registry gives a template is rendered the same way, with its
layout, its title and description, and its content module as `page`. The first visit to `/` is
handled in language/."""

from __future__ import annotations

from flask import render_template

from motorlab.i18n import LocalizedBlueprint
from motorlab.layouts import uses_layout
from motorlab.pages.registry import PAGES, Page

bp = LocalizedBlueprint("pages", __name__)


def render_page(page: Page) -> str:
    extra = {"noindex": True} if not page.listed else {}
    return render_template(
        page.template,
        title=page.title,
        description=page.description,
        page=page.content,
        **extra,
        **page.context(),
    )


def _view(page: Page):
    def view():
        return render_page(page)

    view.__name__ = page.endpoint.split(".", 1)[1]
    return uses_layout(page.layout)(view)


for _page in PAGES:
    if _page.template is not None and _page.endpoint.startswith(f"{bp.name}."):
        bp.route(_page.path)(_view(_page))
