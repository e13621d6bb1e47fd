"""The pages that present the agency: services, about us, portfolio, privacy and terms."""

from __future__ import annotations

from datetime import date

from flask import render_template
from flask_babel import gettext as _

from motorlab.content import portfolio, services, team
from motorlab.content.brands import BRANDS
from motorlab.layouts import uses_layout
from motorlab.pages import bp

PRIVACY_UPDATED = date(2026, 11, 23)


@bp.route("/services", endpoint="services")
@uses_layout("default")
def services_page():
    return render_template(
        "pages/services.html",
        title=_("Services and technologies"),
        description=_(
            "Technology, digital products and digital experiences for car brands: the services, "
            "technologies and methodology of Motorlab Digital."
        ),
        content=services,
    )


@bp.route("/aboutus", endpoint="aboutus")
@uses_layout("default")
def aboutus():
    return render_template(
        "pages/aboutus.html",
        title=_("About us"),
        description=_(
            "Meet the leadership, developers, designers and scrum masters of Motorlab Digital."
        ),
        content=team,
        brands=BRANDS,
    )


@bp.route("/portfolio", endpoint="portfolio")
@uses_layout("default")
def portfolio_page():
    return render_template(
        "pages/portfolio.html",
        title=_("Portfolio: our projects"),
        description=_(
            "Case studies of Motorlab Digital: after-sales, fault reporting, commercial vehicles "
            "and content management for a group of car brands."
        ),
        content=portfolio,
    )


@bp.route("/privacy", endpoint="privacy")
@uses_layout("default")
def privacy():
    return render_template(
        "pages/privacy.html",
        title=_("Privacy and terms"),
        description=_(
            "What the Motorlab Digital website collects, why, for how long, and your rights."
        ),
        updated=PRIVACY_UPDATED,
    )
