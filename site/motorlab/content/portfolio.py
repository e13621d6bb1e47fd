"""Content of the portfolio page: the four case studies."""

from flask_babel import lazy_gettext as _l

from motorlab.content.case_study import CASE_STUDIES, project_card
from motorlab.content.types import Card

PAGE_TITLE = _l("Portfolio: our projects")
PAGE_DESCRIPTION = _l(
    "Case studies of Motorlab Digital: after-sales, fault reporting, commercial vehicles "
    "and content management for a group of car brands."
)

TITLE = _l("Portfolio")
INTRO = _l(
    "Four products that sell, repair and improve the cars of our group's brands, each one "
    "built with the people who use it."
)
CLIENTS_TITLE = _l("Our Clients")

PROJECTS: tuple[Card, ...] = tuple(project_card(study.slug) for study in CASE_STUDIES)
