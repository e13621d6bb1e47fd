"""ADS: the multi-brand after-sales system of the group's dealers and workshops."""

from flask_babel import lazy_gettext as _l

from motorlab.content.brands import brands_named
from motorlab.content.types import CaseStudy, Image, Point, Quote, ResultItem, Screen


def _module(title, icon: str) -> Point:
    return Point(title, icon=Image(f"img/projects/ads/modules/{icon}.svg", "", 40, 40))


ADS = CaseStudy(
    slug="ads",
    name="ADS",
    kind=_l("Multi-brand after-sales system"),
    description=_l(
        "ADS, the after-sales system that Motorlab Digital built for the dealers and "
        "workshops of a group of car brands: modules, method, screens and results."
    ),
    lead=_l(
        "One after-sales system for every brand of the group: from the customer's first "
        "call to the invoice, in the same screens at every dealer and workshop."
    ),
    hero=Image.drawn("ads", _l("ADS dashboard with service appointments"), 640, 400),
    overview=(
        _l(
            "Each brand of the group used to run its workshops with its own tools: three "
            "appointment books, two parts catalogues and warranty claims typed twice."
        ),
        _l(
            "ADS replaces them with a single web platform that every brand configures with its "
            "own labour times, prices and warranty rules, while the group sees the whole "
            "after-sales business in one place."
        ),
        _l(
            "Service advisors, workshop managers, parts staff and the brands' warranty teams "
            "now share one customer record and one vehicle history."
        ),
    ),
    modules_text=_l(
        "ADS brings together 15 modules that cover the whole after-sales journey, from the "
        "appointment to the invoice and the customer's opinion."
    ),
    module_count=15,
    modules=(
        _module(_l("Appointments"), "appointments"),
        _module(_l("Vehicle reception"), "reception"),
        _module(_l("Work orders"), "work-orders"),
        _module(_l("Workshop planning"), "planning"),
        # TRANSLATORS: module of the after-sales system that manages spare parts.
        _module(_l("Parts"), "parts"),
        _module(_l("Warranty"), "warranty"),
        _module(_l("Invoicing"), "invoicing"),
        _module(_l("Customers"), "customers"),
        _module(_l("Vehicle history"), "history"),
        _module(_l("Courtesy cars"), "courtesy-cars"),
        # TRANSLATORS: module of the after-sales system: price quotes for repairs.
        _module(_l("Quotes"), "quotes"),
        _module(_l("Technical campaigns"), "campaigns"),
        _module(_l("Satisfaction surveys"), "surveys"),
        _module(_l("Reports"), "reports"),
    ),
    methodology=(
        Point(
            _l("Discovery in the workshop"),
            _l(
                "For three weeks our designers spent mornings at the reception desks of four "
                "dealers, mapping how a car moves from the appointment to the invoice."
            ),
        ),
        Point(
            _l("Two-week SCRUM sprints"),
            _l(
                "A product owner from the group's after-sales department prioritised the "
                "backlog, and every sprint ended with a demo to service advisors."
            ),
        ),
        Point(
            _l("A DevOps pipeline from day one"),
            _l(
                "Every change passes automated tests and reaches a staging copy of each brand "
                "within the hour, so the brands approve features on their own data."
            ),
        ),
        Point(
            _l("Pilot, then roll-out brand by brand"),
            _l(
                "Two dealers ran ADS in pilot before each brand went live, with our team on "
                "site during the first week of every launch."
            ),
        ),
    ),
    screens=(
        Screen.drawn(
            "ads/work-order",
            _l("A work order with its operations, parts and the technician's time."),
            _l("ADS work order listing operations, parts and labour times"),
        ),
        Screen.drawn(
            "ads/planning",
            _l("The workshop planner: every bay and technician, hour by hour."),
            _l("ADS workshop planner with jobs placed on a timeline for each bay"),
        ),
        Screen.drawn(
            "ads/history",
            _l("One vehicle history: every visit, at whichever of the group's workshops."),
            _l(
                "ADS vehicle history of a car: four visits at two workshops, with the date, "
                "mileage and what each cost or who paid for it"
            ),
        ),
    ),
    technologies=(
        "Angular",
        "TypeScript",
        "Java",
        "Spring Boot",
        "PostgreSQL",
        "Kafka",
        "Docker",
        "Kubernetes",
    ),
    brands=brands_named("Valdora", "Nordvik", "Corvane", "Solmar"),
    challenge=_l(
        "Four brands, four ways of booking a service: a customer who changed brand started "
        "from zero, and the group could not tell how its workshops were doing until the month "
        "was closed."
    ),
    built=_l(
        "A back office for the whole after-sales journey, configured per brand, used at the "
        "reception desk, in the workshop and in the parts store, with one customer record and "
        "one vehicle history."
    ),
    quote=Quote(
        _l(
            "For the first time, our service advisors, our workshop and the brand look at the "
            "same work order."
        ),
        "Inés Carrasco",
        # TRANSLATORS: the role of the person quoted on the ADS case study (a woman).
        _l("After-sales director of the group"),
    ),
    medium="back-office",
    results=(
        ResultItem(
            "4",
            _l("brands implemented"),
            _l("Four brands book, repair and invoice with the same screens and the same data."),
        ),
        ResultItem(
            "2",
            _l("dealers in pilot"),
            _l("Each brand went live only after real workshops had run a month on ADS."),
        ),
        ResultItem(
            "3",
            _l("processes digitised"),
            _l("Appointments, work orders and warranty claims are no longer typed twice."),
        ),
    ),
)
