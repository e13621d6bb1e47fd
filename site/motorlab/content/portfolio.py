"""Content of the portfolio page: the four case studies."""

from flask_babel import lazy_gettext as _l

from motorlab.content.types import Image, ProjectCard

TITLE = _l("Portfolio")
INTRO = _l(
    "Four products that sell, repair and improve the cars of our group's brands, each one "
    "built with the people who use it."
)
CLIENTS_TITLE = _l("Our Clients")

PROJECTS: tuple[ProjectCard, ...] = (
    ProjectCard(
        _l("Multi-brand after-sales system"),
        "ADS",
        Image("img/projects/ads.svg", _l("ADS dashboard with service appointments"), 640, 400),
        _l("GO TO PROJECT"),
        "/projects/ads",
    ),
    ProjectCard(
        _l("Fault-reporting app"),
        "KuZu",
        Image("img/projects/kuzu.svg", _l("KuZu app reporting a fault on a car"), 640, 400),
        _l("GO TO PROJECT"),
        "/projects/kuzu",
    ),
    ProjectCard(
        _l("Commercial-vehicle website"),
        "VC",
        Image("img/projects/vc.svg", _l("VC website showing vans for sale and service"), 640, 400),
        _l("GO TO PROJECT"),
        "/projects/vc",
    ),
    ProjectCard(
        _l("Content management system"),
        "ViewBox",
        Image("img/projects/viewbox.svg", _l("ViewBox page editor with brand templates"), 640, 400),
        _l("GO TO PROJECT"),
        "/projects/viewbox",
    ),
)
