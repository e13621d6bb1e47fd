"""Blueprint "pages": every page of the registry, each at its path in every locale. A page is
rendered by `render_page` (its template, title, description and content), or by the view it
names. The first visit to `/` is handled in language/."""

from __future__ import annotations

from functools import wraps

from motorlab.i18n import LocalizedBlueprint
from motorlab.layouts import uses_layout
from motorlab.pages.page import BLUEPRINT, Page, render_page
from motorlab.pages.registry import PAGES

bp = LocalizedBlueprint(BLUEPRINT, __name__)


def _view(pages: list[Page]):
    """One view for the pages of one name, which their URL values tell apart."""
    by_values = {frozenset(page.values): page for page in pages}
    respond = pages[0].view or render_page

    # Named as the page's own view: CSRFProtect's exemptions go by the view's name.
    @wraps(respond)
    def view(**values):
        return respond(by_values[frozenset(values.items())])

    return uses_layout(pages[0].layout)(view)


for _name in dict.fromkeys(page.name for page in PAGES):
    _pages = [page for page in PAGES if page.name == _name]
    _routed = _view(_pages)
    for _page in _pages:
        bp.route(_page.path, endpoint=_name, methods=list(_page.methods),
                 defaults=dict(_page.values))(_routed)  # fmt: skip
