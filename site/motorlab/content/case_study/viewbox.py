"""ViewBox: the content management system with which the brands publish their spaces."""

from flask_babel import lazy_gettext as _l

from motorlab.content.brands import brands_named
from motorlab.content.types import CaseStudy, Image, Point, Quote, ResultItem, Screen

VIEWBOX = CaseStudy(
    slug="viewbox",
    name="ViewBox",
    kind=_l("Content management system"),
    description=_l(
        "ViewBox, the content management system with which the group's brands publish "
        "microsites and dealer pages from brand templates: modules, method, screens and results."
    ),
    lead=_l(
        "The content management system with which each brand of the group, and each of its "
        "dealers, publishes its own spaces without leaving the brand's design."
    ),
    hero=Image.drawn("viewbox", _l("ViewBox page editor with brand templates"), 640, 400),
    overview=(
        _l(
            "Every launch, open day and dealer opening needed a microsite, and each one was "
            "built by hand, by a different supplier, in a different technology."
        ),
        _l(
            "ViewBox gives the brands a shared content platform: an editor picks a brand "
            "template, fills in the blocks and publishes a space in minutes."
        ),
        _l(
            "Templates lock what the brand guideline fixes, such as type, colours and logos, and "
            "leave the editor free where local content matters."
        ),
    ),
    modules_text=_l("ViewBox is organised in five modules, from the template to the statistics."),
    module_count=5,
    modules=(
        Point(_l("Brand templates with locked and free blocks")),
        Point(_l("Visual editor with live preview on three screen sizes")),
        Point(_l("Approval workflow between dealer and brand")),
        Point(_l("Shared media library with usage rights")),
        Point(_l("Publishing, domains and visit statistics")),
    ),
    methodology=(
        Point(
            _l("Audit of existing microsites"),
            _l(
                "We reviewed a year of the brands' microsites and found that nine out of ten "
                "were built from the same six kinds of block."
            ),
        ),
        Point(
            _l("Templates designed with each brand"),
            _l(
                "Each brand's design team signed off its template in a two-week design sprint "
                "before any development started."
            ),
        ),
        Point(
            _l("SCRUM and monthly releases"),
            _l(
                "Development ran in two-week sprints; the DevOps pipeline publishes a new "
                "version every month without taking any space offline."
            ),
        ),
        Point(
            _l("Trainings for editors"),
            _l(
                "Editors at the brands and dealers learn ViewBox in a two-hour hands-on "
                "session, and publish their first space during the training."
            ),
        ),
    ),
    screens=(
        Screen.drawn(
            "viewbox/templates",
            _l("Choosing a brand template for a new space."),
            _l("ViewBox gallery of brand templates with one of them selected"),
        ),
        Screen.drawn(
            "viewbox/approval",
            _l("Approving a dealer's page before it goes live."),
            _l("ViewBox approval screen with a page preview and comments"),
        ),
        Screen.drawn(
            "viewbox/published",
            _l("The dealer's page as published, on a phone, with its visits."),
            _l(
                "A dealer's open-day page published with ViewBox, on a phone, beside its "
                "visits this week and the test drives booked"
            ),
        ),
    ),
    technologies=("React", "Next.js", "TypeScript", "Python", "Django", "PostgreSQL", "Redis"),
    brands=brands_named("Valdora", "Nordvik", "Corvane", "Solmar", "Idrena", "Ardentia"),
    challenge=_l(
        "Each launch or open day meant a new microsite from a new supplier: weeks of work, "
        "and pages that drifted from the brand guideline."
    ),
    built=_l(
        "A content platform with a block editor, brand templates that lock type, colours and "
        "logos, and a review step in which the brand approves every page before it goes live."
    ),
    quote=Quote(
        _l("A dealer publishes an open day in an afternoon, and it still looks like us."),
        "Claire Dumont",
        # TRANSLATORS: the role of the person quoted on the ViewBox case study (a woman).
        _l("Brand communication lead, Valdora"),
    ),
    medium="cms",
    results=(
        ResultItem(
            "+70",
            # TRANSLATORS: result figure "+70 spaces": brand and dealer spaces (ViewBox).
            _l("spaces"),
            _l("Launches, events and dealer pages published by the brands' own teams."),
        ),
        ResultItem(
            "5",
            _l("brand templates"),
            _l("The guideline is built into every page, so no page needs a design review."),
        ),
        ResultItem(
            "+15",
            _l("trainings"),
            _l("Editors at brands and dealers learned to publish on their own in a morning."),
        ),
    ),
)
