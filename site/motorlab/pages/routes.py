"""The content pages. Each view names its layout, its title and description, and hands its
content module to the template as `page`; the first visit to `/` is handled in language/."""

from __future__ import annotations

from flask import render_template
from flask_babel import gettext as _

from motorlab.content import examples
from motorlab.content import guideline as guideline_content
from motorlab.content import home as home_content
from motorlab.content import portfolio as portfolio_content
from motorlab.content import privacy as privacy_content
from motorlab.content import services as services_content
from motorlab.content import team as team_content
from motorlab.content.brands import BRANDS
from motorlab.layouts import uses_layout
from motorlab.pages import bp


@bp.route("/")
@uses_layout("mainPage")
def home():
    return render_template(
        "pages/home.html",
        title=_("Software for car brands"),
        description=_(
            "Motorlab Digital designs and builds websites, apps and platforms for a group of "
            "car brands, their dealers and their workshops."
        ),
        page=home_content,
        brands=BRANDS,
    )


@bp.route("/services")
@uses_layout("default")
def services():
    return render_template(
        "pages/services.html",
        title=_("Services and technologies"),
        description=_(
            "Technology, digital products and digital experiences for car brands: the services, "
            "technologies and methodology of Motorlab Digital."
        ),
        page=services_content,
    )


@bp.route("/aboutus")
@uses_layout("default")
def aboutus():
    return render_template(
        "pages/aboutus.html",
        title=_("About us"),
        description=_(
            "Meet the leadership, developers, designers and scrum masters of Motorlab Digital."
        ),
        page=team_content,
        brands=BRANDS,
    )


@bp.route("/portfolio")
@uses_layout("default")
def portfolio():
    return render_template(
        "pages/portfolio.html",
        title=_("Portfolio: our projects"),
        description=_(
            "Case studies of Motorlab Digital: after-sales, fault reporting, commercial vehicles "
            "and content management for a group of car brands."
        ),
        page=portfolio_content,
    )


@bp.route("/privacy")
@uses_layout("default")
def privacy():
    return render_template(
        "pages/privacy.html",
        title=_("Privacy and terms"),
        description=_(
            "What the Motorlab Digital website collects, why, for how long, and your rights."
        ),
        page=privacy_content,
    )


@bp.route("/guideline")
@uses_layout("guideline")
def guideline():
    return render_template(
        "pages/guideline.html",
        title=_("Design guideline"),
        description=_(
            "Colours, type scale, grid, breakpoints and components of the Motorlab Digital site."
        ),
        page=guideline_content,
        tokens=guideline_content.root_tokens(),
        examples=examples,
    )


@bp.route("/test")  # noindex, and left out of the sitemap (seo/pages.py): a page for the team
@uses_layout("default")
def test():
    return render_template(
        "pages/test.html",
        title=_("Component showcase"),
        description=_("Every component of the Motorlab Digital site with sample data."),
        noindex=True,
        page=examples,
    )
