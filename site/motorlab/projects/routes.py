"""The case studies: one route and one template for the four of them."""

from __future__ import annotations

from flask import render_template
from flask_babel import gettext as _

from motorlab.content.projects import BY_SLUG, neighbours
from motorlab.layouts import uses_layout
from motorlab.projects import bp

SLUGS = ",".join(BY_SLUG)  # any other slug does not match: the 404 page answers


@bp.route(f"/projects/<any({SLUGS}):slug>")
@uses_layout("default")
def case_study(slug: str):
    study = BY_SLUG[slug]
    previous, following = neighbours(slug)
    return render_template(
        "pages/case_study.html",
        # TRANSLATORS: page title of a case study, e.g. "ADS: Multi-brand after-sales system".
        title=_("%(name)s: %(kind)s", name=study.name, kind=study.kind),
        description=study.description,
        page=study,
        og_type="article",
        previous=previous,
        following=following,
    )
