"""The pages for the people who build the site: the design guideline and the showcase."""

from __future__ import annotations

from flask import render_template
from flask_babel import gettext as _

from motorlab.content import guideline, home, portfolio, services, team
from motorlab.content.brands import BRANDS
from motorlab.content.projects import CASE_STUDIES, neighbours
from motorlab.layouts import uses_layout
from motorlab.pages import bp


@bp.route("/guideline", endpoint="guideline")
@uses_layout("guideline")
def guideline_page():
    return render_template(
        "pages/guideline.html",
        title=_("Design guideline"),
        description=_(
            "Colours, type scale, grid, breakpoints and components of the Motorlab Digital site."
        ),
        guide=guideline,
        tokens=guideline.root_tokens(),
        cards=portfolio.PROJECTS[:2],
    )


@bp.route("/test", endpoint="test", sitemap=False)  # noindex: a page for the team
@uses_layout("default")
def test_page():
    return render_template(
        "pages/test.html",
        title=_("Component showcase"),
        description=_("Every component of the Motorlab Digital site with sample data."),
        noindex=True,
        brands=BRANDS,
        home=home,
        portfolio=portfolio,
        services=services,
        team=team,
        study=CASE_STUDIES[0],
        pager=neighbours(CASE_STUDIES[0].slug),
    )
