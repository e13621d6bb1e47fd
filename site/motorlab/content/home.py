"""Content of the home page, section by section, in the order the page shows it."""

from flask_babel import lazy_gettext as _l

from motorlab.content import services
from motorlab.content.brands import BRANDS
from motorlab.content.case_study import CASE_STUDIES, project_card
from motorlab.content.contact import REPLY_TIME
from motorlab.content.types import (
    ArtDirectedImage,
    Card,
    Image,
    Link,
    Point,
    ResultItem,
)
from motorlab.identity import AGENCY

PAGE_TITLE = _l("Software for car brands")
PAGE_DESCRIPTION = _l(
    "Motorlab Digital designs and builds websites, apps and platforms for a group of "
    "car brands, their dealers and their workshops."
)

INTRO_TITLE = _l("We build the digital side of the car brands you drive")
INTRO_TEXT = _l(
    "Motorlab Digital designs, builds and runs the software of a group of car brands: "
    "from the showroom website to the workshop floor."
)
BRANDS_LABEL = _l("Brands we work for")
# The intro's two ways on: the contact page first (its button reads as CTA_BUTTON), then
# the portfolio.
INTRO_SECONDARY = _l("See our work")
INTRO_SECONDARY_LINK = Link("pages.portfolio")
# Beside the intro from 64 rem, and only there (drawn by build/drawings/scenes.py);
# decorative: the headline says it all. The width matches .c-intro__visual's media query.
INTRO_IMAGE = ArtDirectedImage(Image("img/hero.svg", "", 560, 460), media="(min-width: 64rem)")

AGENCY_TITLE = _l("A digital agency born inside the automotive world")
# The founding year is the intro's first figure (INTRO_PROOF): stated once on the page.
AGENCY_PARAGRAPHS = (
    _l(
        "Motorlab Digital was born inside a group of car brands to bring its sales, "
        "after-sales and quality processes into the digital age."
    ),
    _l(
        "Our designers, developers and scrum masters share one team with the people who sell "
        "and repair the cars, so every product starts from a real workshop or a real showroom."
    ),
)
AGENCY_IMAGE = Image("img/agency.svg", "", 560, 420)
FOUNDED_LABEL = _l("year we were created")

# The intro's proof line: figures the site already states, counted from their own sources.
INTRO_PROOF: tuple[ResultItem, ...] = (
    ResultItem(str(AGENCY.founding_year), FOUNDED_LABEL),
    # TRANSLATORS: follows a figure (6) in the home page's intro: the number of brands.
    ResultItem(str(len(BRANDS)), _l("car brands we work for")),
    # TRANSLATORS: follows a figure (4) in the home page's intro: the case studies.
    ResultItem(str(len(CASE_STUDIES)), _l("products in our portfolio")),
)

PROJECTS_TITLE = _l("Recent projects")
RECENT_PROJECTS: tuple[Card, ...] = tuple(project_card(slug) for slug in ("ads", "kuzu", "viewbox"))

SERVICES_TITLE = _l("What we do")
# One slide per service, with the service's title and picture.
SLIDES: tuple[Card, ...] = tuple(
    Card(service.title, text, service.image, _l("OUR SERVICES"), Link("pages.services"))
    for service, text in zip(
        services.SERVICES,
        (
            _l(
                "Cloud platforms, integrations with dealer and factory systems, and APIs that "
                "keep every brand's data in step."
            ),
            _l(
                "Web and mobile products for sales, after-sales and quality teams, designed with "
                "the people who use them every day."
            ),
            _l(
                "Websites, configurators and showroom screens that turn interest in a car into a "
                "visit to the dealer."
            ),
        ),
        strict=True,
    )
)

REASONS_TITLE = _l("Why us")
REASONS: tuple[Point, ...] = (
    Point(
        _l("User-Driven approach"),
        _l("We test with drivers, dealers and mechanics before we write the first line of code."),
        Image("img/icons/user-driven.svg", "", 48, 48),
    ),
    Point(
        _l("Know-How"),
        _l("More than ten years building software for car brands, their dealers and workshops."),
        Image("img/icons/know-how.svg", "", 48, 48),
    ),
    Point(
        _l("Transparent processes"),
        _l("You see the backlog, the demos and the figures of every sprint, as they happen."),
        Image("img/icons/transparent.svg", "", 48, 48),
    ),
    Point(
        _l("Available resources"),
        _l("A stable team of designers, developers and scrum masters, ready to start now."),
        Image("img/icons/resources.svg", "", 48, 48),
    ),
)

CTA_TITLE = _l("Do you have a project in mind?")
CTA_TEXT = _l("Tell us what you need and we will answer %(reply_time)s.", reply_time=REPLY_TIME)
CTA_BUTTON = _l("I'm ready")
CTA_LINK = Link("pages.contact")
# The band that closes home, Services, About, Portfolio and every case study: cta_band's
# arguments (a global of the templates).
CONTACT_CTA = (CTA_TITLE, CTA_TEXT, CTA_BUTTON, CTA_LINK)
