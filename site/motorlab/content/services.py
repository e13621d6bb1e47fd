"""Content of the services page: service groups, technologies and methodology."""

from flask_babel import lazy_gettext as _l

from motorlab.content.types import Image, Point, Service, TechnologyGroup

PAGE_TITLE = _l("Services and technologies")
PAGE_DESCRIPTION = _l(
    "Technology, digital products and digital experiences for car brands: the services, "
    "technologies and methodology of Motorlab Digital."
)

TITLE = _l("Services for the whole life of a car")
INTRO = _l(
    "From the first visit to the configurator to the last service at the workshop, we design, "
    "build and run the software that a group of car brands needs every day."
)

SERVICES_TITLE = _l("What we offer")
SERVICES: tuple[Service, ...] = (
    Service(
        # TRANSLATORS: the name of a service (an area of work), as a carousel slide's title
        # on the home page and a heading on the services page.
        _l("Technology"),
        _l(
            "We build and operate the platforms behind every brand: cloud services, integrations "
            "with dealer management and factory systems, and APIs that keep data in step."
        ),
        Image("img/slides/technology.svg", "", 480, 360),
        (
            _l("One platform shared by every brand, with each brand's own rules."),
            _l("Integrations with dealer, workshop and factory systems."),
            _l("Monitoring and support with agreed response times."),
            _l("Security and data protection designed in from day one."),
        ),
    ),
    Service(
        _l("Digital Products"),
        _l(
            "We design and develop web and mobile products for sales, after-sales and quality "
            "teams, together with the people who will use them on the showroom or workshop floor."
        ),
        Image("img/slides/digital-products.svg", "", 480, 360),
        (
            _l("Discovery workshops with dealers, mechanics and quality engineers."),
            _l("A first usable version within weeks, then monthly releases."),
            _l("Web and native apps that work on the workshop's tablets and phones."),
            _l("Measured adoption, so every release is judged by its use."),
        ),
    ),
    Service(
        _l("Digital experiences"),
        _l(
            "We create the websites, configurators and showroom screens where drivers meet the "
            "brands, fast and accessible on every device and in every market's language."
        ),
        Image("img/slides/digital-experiences.svg", "", 480, 360),
        (
            _l("Brand websites built on shared templates, each with its own identity."),
            _l("Configurators and offers that lead to a dealer visit."),
            _l("Accessible pages that load fast on any phone."),
            _l("Content in every language of the group's markets."),
        ),
    ),
)


def _technologies(*names: str) -> tuple[Point, ...]:
    # Each name is shown beside its icon, so the icon itself is decorative.
    slugs = (name.lower().replace(".", "").replace(" ", "-") for name in names)
    return tuple(
        Point(name, icon=Image(f"img/tech/{slug}.svg", "", 48, 48))
        for name, slug in zip(names, slugs, strict=True)
    )


TECHNOLOGIES_TITLE = _l("Technologies")
TECHNOLOGIES_INTRO = _l(
    "We choose proven, well-supported tools, so that the group can maintain what we build for "
    "years."
)
TECHNOLOGY_GROUPS: tuple[TechnologyGroup, ...] = (
    TechnologyGroup(_l("Front-End"), _technologies("Vue.js", "React", "TypeScript", "Sass")),
    TechnologyGroup(_l("Back-End"), _technologies("Node.js", "Python", "Java", "PHP")),
    TechnologyGroup(_l("Databases"), _technologies("PostgreSQL", "MongoDB", "Redis", "MySQL")),
    TechnologyGroup(
        # TRANSLATORS: heading over the mobile technologies (Flutter, Swift, Kotlin, ...).
        _l("Mobile development"),
        _technologies("Flutter", "Swift", "Kotlin", "React Native"),
    ),
)

METHODOLOGY_TITLE = _l("Methodology")
METHODOLOGY: tuple[Point, ...] = (
    Point(
        _l("Project management in the style of a car group"),
        _l(
            "We plan like the automotive industry does: every project has quality gates, a "
            "launch date agreed with the brands and a steering committee that meets every month."
        ),
    ),
    Point(
        _l("Agile"),
        _l(
            "Inside those gates we work in short iterations, so priorities can change when the "
            "market, a brand or a regulation does."
        ),
    ),
    Point(
        _l("SCRUM"),
        _l(
            "Each team has a product owner from the client, a scrum master and two-week "
            "sprints that end with a demo of working software."
        ),
    ),
    Point(
        _l("DevOps"),
        _l(
            "Automated tests, continuous delivery and monitoring let us release several times a "
            "week without stopping a single dealer."
        ),
    ),
)
