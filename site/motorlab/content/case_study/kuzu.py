"""KuZu: the app with which the group's engineers report faults found while testing cars."""

from flask_babel import lazy_gettext as _l

from motorlab.content.brands import brands_named
from motorlab.content.types import CaseStudy, Image, Point, Quote, ResultItem, Screen

KUZU = CaseStudy(
    slug="kuzu",
    name="KuZu",
    kind=_l("Fault-reporting app"),
    description=_l(
        "KuZu, the quality-assurance app with which test engineers report the faults they "
        "find on pre-series and production cars: modules, method, screens and results."
    ),
    lead=_l(
        "A mobile app and a back office with which the group's engineers report every fault "
        "they find on a test car, photo and location included, in under a minute."
    ),
    hero=Image.drawn("kuzu", _l("KuZu app reporting a fault on a car"), 640, 400),
    overview=(
        _l(
            "Test drives of pre-series and production cars used to end with handwritten notes "
            "that reached the quality team days later, often without the car's identification."
        ),
        _l(
            "With KuZu the engineer reports the fault on the spot: the app reads the vehicle "
            "identification number, marks the area on a drawing of the car and attaches photos."
        ),
        _l(
            "In the back office, the quality team classifies each fault, assigns it to the right "
            "supplier or plant, and follows it until the fix is confirmed on a car."
        ),
    ),
    modules_text=_l(
        "KuZu is made of a mobile app for the test track and a back office for the quality "
        "team, organised in five modules."
    ),
    module_count=5,
    modules=(
        Point(_l("Fault reporting with photos and voice notes")),
        Point(_l("Vehicle identification by VIN scan")),
        Point(_l("Fault map on a drawing of the car")),
        Point(_l("Classification and assignment in the back office")),
        Point(_l("Quality dashboards by model and plant")),
    ),
    methodology=(
        Point(
            _l("Ride-alongs with test engineers"),
            _l(
                "We joined test drives on the proving ground to learn when an engineer can "
                "type, when they can only tap, and when they can only talk."
            ),
        ),
        Point(
            _l("Prototype on the track in week three"),
            _l(
                "A clickable prototype was tested with gloves, in sunlight and without "
                "coverage, which is why KuZu works offline and has large targets."
            ),
        ),
        Point(
            _l("SCRUM with the quality department"),
            _l(
                "Two-week sprints with a product owner from quality assurance, and a demo on a "
                "real test car at the end of each one."
            ),
        ),
        Point(
            _l("Continuous delivery to the test fleet"),
            _l(
                "A DevOps pipeline builds, tests and distributes every approved version to the "
                "engineers' phones through the group's device management."
            ),
        ),
    ),
    # The app on the track, a phone at phone size each: the car, the fault, and its follow-up
    # (the back office's side is in the hero: the fault as it arrives there).
    screens=(
        Screen.drawn(
            "kuzu/scan",
            _l("Identifying the car: the app reads its VIN through the camera."),
            _l(
                "KuZu on a phone: the camera reading a car's VIN, then the car's plant and "
                "its open faults"
            ),
            size=(320, 640),
        ),
        Screen.drawn(
            "kuzu/report",
            _l("Reporting a fault: area of the car, severity and photos."),
            _l(
                "KuZu on a phone: a car outline with the fault marked in zone 4, a severity "
                "choice, three photos and a voice note"
            ),
            size=(320, 640),
        ),
        Screen.drawn(
            "kuzu/fault",
            _l("Following a fault: its photos, the supplier it went to and the fix to confirm."),
            _l(
                "KuZu on a phone: fault KZ-0512 with three photos, its car, zone and "
                "supplier, its steps from reported to fixed and a note from the supplier"
            ),
            size=(320, 640),
        ),
    ),
    technologies=("Flutter", "Dart", "Kotlin", "Node.js", "NestJS", "PostgreSQL", "Azure"),
    brands=brands_named("Nordvik", "Idrena", "Ardentia"),
    challenge=_l(
        "A fault found on the test track took days to reach the quality team, on paper and "
        "often without the car's identification, so it reached the supplier when the series "
        "was already being built."
    ),
    built=_l(
        "A phone app made for gloves, sunlight and no coverage, and a back office in which the "
        "quality team sorts every fault and follows it to the fix."
    ),
    quote=Quote(
        _l("Our engineers report a fault before they have parked the car."),
        "Mikko Laine",
        # TRANSLATORS: the role of the person quoted on the KuZu case study (a man).
        _l("Head of vehicle quality, Nordvik"),
    ),
    medium="phone-app",
    results=(
        ResultItem(
            "+500",
            _l("faults reported"),
            _l("Each one with the car's VIN, its zone and photos, on the day it was found."),
        ),
        ResultItem(
            "+30",
            _l("cars tested"),
            _l("Pre-series and production cars of three brands, followed in one place."),
        ),
        ResultItem(
            "+50",
            _l("registered users"),
            _l("Test engineers and quality staff share one list instead of spreadsheets."),
        ),
    ),
)
