"""VC: the commercial-vehicle sales and after-sales website of one of the group's brands."""

from flask_babel import lazy_gettext as _l

from motorlab.content.brands import brands_named
from motorlab.content.types import CaseStudy, Image, Point, Quote, ResultItem, Screen

# As its text states it (modules_text); VC has no result figures, so its card shows this one.
_MODULE_COUNT = 4

VC = CaseStudy(
    slug="vc",
    name="VC",
    kind=_l("Commercial-vehicle website"),
    description=_l(
        "VC, the sales and after-sales website for the vans and light trucks of one of the "
        "group's brands: modules, method, screens and technologies."
    ),
    lead=_l(
        "The website where businesses choose, configure and service the vans and light trucks "
        "of one of the group's brands."
    ),
    hero=Image.drawn("vc", _l("VC website showing a van in the catalogue"), 640, 400),
    overview=(
        _l(
            "Fleet managers and self-employed professionals buy a van as a working tool: they "
            "compare payload, load volume and running costs before they look at the colour."
        ),
        _l(
            "VC puts those figures first, with a catalogue by body type, a configurator that "
            "adds racking and conversions, and a dealer locator limited to commercial-vehicle "
            "centres."
        ),
        _l(
            "After the sale, the same site books services at workshops that stay open late and "
            "can lend a replacement van."
        ),
    ),
    modules_text=_l(
        "The site is built from four modules shared by the sales and after-sales journeys."
    ),
    module_count=_MODULE_COUNT,
    modules=(
        Point(_l("Catalogue by body type, payload and load volume")),
        Point(_l("Configurator with conversions and accessories")),
        Point(_l("Locator of commercial-vehicle dealers")),
        Point(_l("Service booking with a replacement van")),
    ),
    methodology=(
        Point(
            _l("Interviews with fleet buyers"),
            _l(
                "We interviewed fleet managers, plumbers, couriers and caterers to learn how a "
                "business chooses a van, and what makes it change brand."
            ),
        ),
        Point(
            _l("Design system on the brand's guideline"),
            _l(
                "A component library built on the brand's guideline kept catalogue, "
                "configurator and booking consistent across every screen size."
            ),
        ),
        Point(
            _l("SCRUM with marketing and after-sales"),
            _l(
                "Both departments shared one backlog and one sprint review, so sales and "
                "service features shipped together every two weeks."
            ),
        ),
        Point(
            _l("Performance budget in the pipeline"),
            _l(
                "The DevOps pipeline rejects any release that makes a page heavier or slower "
                "than the agreed budget on a mid-range phone."
            ),
        ),
    ),
    screens=(
        Screen.drawn(
            "vc/configurator",
            _l("The configurator: body, wheelbase, roof height and conversion."),
            _l("VC configurator with a van side view and options for wheelbase and roof"),
        ),
        Screen.drawn(
            "vc/dealers",
            _l("The dealer locator on a phone: commercial-vehicle centres only, nearest first."),
            _l(
                "VC dealer locator on a phone: a map with two pins and the two nearest "
                "centres, open until 21:00, with replacement vans"
            ),
        ),
        Screen.drawn(
            "vc/booking",
            _l("Service booking on a phone, with a replacement van."),
            _l("VC service booking on a phone with a date picker and time slots"),
        ),
    ),
    technologies=("Vue.js", "Nuxt", "TypeScript", "Node.js", "Contentful", "AWS"),
    brands=brands_named("Corvane"),
    challenge=_l(
        "Commercial vans were sold from the passenger-car website, where a fleet buyer could "
        "not find payload or load volume, and booking a service meant a phone call."
    ),
    built=_l(
        "A public website for buyers of working vehicles: the catalogue by body type with the "
        "figures first, a configurator for conversions, and service booking with a "
        "replacement van."
    ),
    quote=Quote(
        _l("Fleet managers now reach the dealer knowing which van they want."),
        "Rafael Ibarra",
        # TRANSLATORS: the role of the person quoted on the VC case study (a man).
        _l("Commercial vehicles manager, Corvane"),
    ),
    medium="public-site",
    # TRANSLATORS: follows a figure (4) on VC's portfolio card: the site's modules.
    highlight=ResultItem(str(_MODULE_COUNT), _l("modules shared by sales and after-sales")),
)
