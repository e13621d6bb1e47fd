"""The case studies: one route and one template for the four of them."""

from __future__ import annotations

from flask import render_template

from motorlab.content.projects import BY_SLUG, neighbours, page_title
from motorlab.i18n import LocalizedBlueprint
from motorlab.layouts import uses_layout

bp = LocalizedBlueprint("projects", __name__)

SLUGS = ",".join(BY_SLUG)  # any other slug does not match: the 404 page answers


@bp.route(f"/projects/<any({SLUGS}):slug>")
@uses_layout("default")
def case_study(slug: str):
    study = BY_SLUG[slug]
    previous, following = neighbours(slug)
    return render_template(
        "pages/case_study.html",
        title=page_title(study),
        description=study.description,
        page=study,
        og_type="article",
        previous=previous,
        following=following,
    )
