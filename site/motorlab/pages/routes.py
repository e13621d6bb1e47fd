"""Blueprint "pages": every page of the registry, each at its path in every locale."""

from __future__ import annotations

from functools import wraps

from flask import request

from motorlab.i18n import LocalizedBlueprint
from motorlab.pages.page import BLUEPRINT, Page, render_page
from motorlab.pages.registry import PAGES, page_for
from motorlab.rendering.layouts import uses_layout

bp = LocalizedBlueprint(BLUEPRINT, __name__)


def _view(first: Page):
    """One view for the pages of one name, which their URL values tell apart."""
    respond = first.view or render_page

    # Named as the page's own view: CSRFProtect's exemptions go by the view's name.
    @wraps(respond)
    def view(**values):
        return respond(page_for(request.endpoint, values))

    return uses_layout(first.layout)(view)


_by_name: dict[str, list[Page]] = {}
for _page in PAGES:
    _by_name.setdefault(_page.name, []).append(_page)
for _name, _pages in _by_name.items():
    _routed = _view(_pages[0])
    for _page in _pages:
        bp.route(_page.path, endpoint=_name, methods=list(_page.methods),
                 defaults=dict(_page.values))(_routed)  # fmt: skip
