"""Example data for every component, rendered through its own macro on /test, in the
guideline's demos and in the tests, so the showcase cannot drift from the real markup."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from flask_babel import lazy_gettext as _l
from wtforms import Form, StringField, TextAreaField
from wtforms.validators import Length

from motorlab.content import contact, home, portfolio, services, team
from motorlab.content.brands import BRANDS
from motorlab.content.case_study import ADS, neighbours
from motorlab.content.contact import DESCRIPTION_MAX, EMAIL_MAX, NAME_MAX
from motorlab.content.navigation import MAIN_NAVIGATION

PAGE_TITLE = _l("Showcase of components")
PAGE_DESCRIPTION = _l("Every component of the Motorlab Digital site with sample data.")

# The components /test does not show on their own, and why.
_FRAME = "frames every page or wraps other components: every page shows it"
_OPENING = "holds a page's only <h1>: /test has its own"
NOT_SHOWCASED = {
    "band": _FRAME,
    "footer": _FRAME,
    "header": _FRAME,
    "image": _FRAME,
    "lang_switch": _FRAME,
    "page_head": _FRAME,
    "prose": _FRAME,
    "section": _FRAME,
    "consent_banner": "is on every page, hidden, only with ANALYTICS_ID set: its widget shows it "
    "while a visitor has not chosen",
    "error_page": _OPENING,
    "intro": _OPENING,
    "loading_bar": "is on every page, where the navigation widget mounts it at the first intent "
    "to navigate: follow any link",
    "toast": "is part of contact_form, whose widget fills it",
}


@dataclass(frozen=True)
class Example:
    """The arguments of one call of a component's macro: `macro(*args, **kwargs)`."""

    args: tuple = ()
    kwargs: Mapping = field(default_factory=dict)


class DemoForm(Form):
    """The contact form's fields and limits, not bound to any request: nothing is sent."""

    name = StringField(validators=[Length(max=NAME_MAX)])
    email = StringField(validators=[Length(max=EMAIL_MAX)])
    description = TextAreaField(validators=[Length(max=DESCRIPTION_MAX)])


# TRANSLATORS: labels of example form fields on /test and the guideline.
FIELD_LABELS = {
    "name": _l("Name"),
    "email": _l("Email"),
    "description": _l("Project description"),
}
FIELD_HINT = _l("What should the product do, and for whom?")
FIELD_ERROR = _l("Enter an e-mail address such as name@example.com.")
FIELDS_NOTE = _l("Examples only: these fields are not sent anywhere.")
# TRANSLATORS: accessible name of the navigation shown as an example on /test.
NAV_LABEL = _l("Example navigation")
WIDGETS_NOTE = _l(
    "With JavaScript the widget is mounted here as on the real pages; without it, you see "
    "the server's markup, which is complete on its own."
)


def form_fields(prefix: str) -> tuple[Example, ...]:
    """A filled field, a field with an error and a multi-line field with a hint. Built per
    render: a form keeps state. `prefix` keeps element ids unique on the page."""
    form = form_with_errors(prefix)
    form.name.data = "Lucía Ferrer"
    return (
        Example((form.name, FIELD_LABELS["name"]), {"autocomplete": "off"}),
        Example((form.email, FIELD_LABELS["email"]), {"type": "email", "autocomplete": "off"}),
        Example(
            (form.description, FIELD_LABELS["description"]),
            {"hint": FIELD_HINT, "multiline": True},
        ),
    )


def form_with_errors(prefix: str) -> DemoForm:
    form = DemoForm(prefix=f"{prefix}-", data={"email": "lucia@"})
    form.email.errors = [FIELD_ERROR]
    return form


def showcase() -> dict[str, tuple[Example, ...]]:
    """Every showcased component's examples, by component name (its folder and macro)."""
    return {
        "button": (
            Example((_l("Primary button"), "#t-button")),
            Example((_l("Secondary button"), "#t-button"), {"variant": "secondary"}),
            Example((_l("Text link"), "#t-button"), {"variant": "text"}),
            # Without an address: a <button>, here one that does nothing.
            Example((_l("A button that sends nothing"),), {"type": "button"}),
        ),
        "logo_list": (Example((BRANDS,)),),
        "picture": (Example((team.PHOTO,), {"class": "c-team-photo"}),),
        "project_card": tuple(
            Example((card, f"t-card-{number}"))
            for number, card in enumerate(portfolio.PROJECTS[:3], start=1)
        ),
        "slide": (Example((home.SLIDES[0], "t-slide-1")),),
        "service": (Example((services.SERVICES[1], "t-service-1")),),
        "technology_group": (Example((services.TECHNOLOGY_GROUPS[0], "t-tech-1")),),
        "team_member": tuple(Example((member,)) for member in team.TEAMS[1].members[:2]),
        "reasons": (Example((home.REASONS[:2],)),),
        "steps": (Example((services.METHODOLOGY[:2],)),),
        "module_list": (Example((ADS.modules[:4],)),),
        "screen_figure": (Example((ADS.screens[0],)),),
        "result_list": (Example((ADS.results,)),),
        "project_pager": (Example(neighbours(ADS.slug)),),
        "form_field": form_fields("t"),
        # Its link leads to the form_field examples' email field (#t-email), on the same page.
        "error_summary": (Example((contact.LABELS.summary_title, form_with_errors("t"))),),
        "carousel": (
            Example(
                ("logos", BRANDS, home.BRANDS_LABEL),
                {"auto_rotate": True, "id_prefix": "t-carousel-"},
            ),
            Example(
                ("slides", home.SLIDES, home.SERVICES_TITLE),
                {"auto_rotate": True, "id_prefix": "t-carousel-"},
            ),
            Example(
                ("projects", portfolio.PROJECTS, portfolio.CLIENTS_TITLE),
                {"id_prefix": "t-carousel-"},
            ),
        ),
        "nav_menu": (Example((MAIN_NAVIGATION,), {"label": NAV_LABEL, "id": "t-nav-list"}),),
        "contact_form": (
            Example(
                (DemoForm(prefix="t-contact-"), contact.LABELS, contact.DESCRIPTION_HINT),
                {"privacy_link": contact.PRIVACY_LINK, "sent": contact.SENT, "csrf": False},
            ),
        ),
        "cta_band": (Example(home.CONTACT_CTA, {"heading_id": "t-cta-title"}),),
    }


TITLE = _l("Showcase of components")
INTRO = _l(
    "Every component and widget of the site with sample data, for the people who build it. "
    "Search engines do not index this page."
)
PICTURE_NOTE = _l("Resize the window: below 41 rem the picture switches to its narrow crop.")
