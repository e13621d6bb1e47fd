"""Props for the React/JS widgets: every string a widget shows, translated on the server
in the page's language (widgets ship no catalogs). Templates render them into the widget
node's <script type="application/json"> with `|tojson`:

    {{ widget_labels("nav_menu")|tojson }}
    {{ carousel_props(_("Brands we work with"), auto_rotate=True, items_per_step={"0": 2})|tojson }}
    {{ consent_props(config.ANALYTICS_ID, "banner")|tojson }}

Each widget's README (widgets/<name>/README.md) documents its props.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from motorlab import analytics
from motorlab.content import contact

# TRANSLATORS: the accessible name of the × button that closes a message (a toast).
CLOSE = _l("Close message")

LABELS = {
    "carousel": {
        "start": _l("Start automatic slide show"),
        "stop": _l("Stop automatic slide show"),
        # TRANSLATORS: carousel button that shows the previous slide (a verb-less label).
        "previous": _l("Previous"),
        # TRANSLATORS: carousel button that shows the next slide.
        "next": _l("Next"),
        # TRANSLATORS: a carousel slide's name, e.g. "2 of 6". Keep {n} and {total}.
        "slide": _l("{n} of {total}"),
        "picker": _l("Choose a slide"),
        # TRANSLATORS: a button that shows one step of a carousel. Keep {n} and {total}.
        "pick": _l("Show slide {n} of {total}"),
    },
    "consent_banner": {
        # The toast after a choice, by the choice stored.
        analytics.GRANTED: _l(
            "Thank you: we count your visits from now on. You can change this at any time on "
            "the privacy page."
        ),
        analytics.DENIED: _l(
            "Understood: we will not count your visits. You can change this at any time on "
            "the privacy page."
        ),
        "close": CLOSE,
        # The privacy page's line that says the choice stored (the widget's "choice" mode).
        "none": _l("You have not chosen yet."),
        "nowGranted": _l("You accepted the visit statistics."),
        "nowDenied": _l("You declined the visit statistics."),
    },
    "contact_form": {
        "sending": _l("Sending…"),
        "invalid": contact.ERROR_SUMMARY_TITLE,
        "failure": _l(
            "Your message could not be sent. Check your connection and try again; "
            "your text is still in the form."
        ),
        "errorPrefix": _l("Error:"),
        "close": CLOSE,
    },
    # TRANSLATORS: the button that opens the main navigation on phones.
    "nav_menu": {"label": _l("Menu")},
    # Rendered on the loading bar's host: the navigation has no node of its own.
    "navigation": {
        "failed": _l("The page could not be loaded."),
        # TRANSLATORS: the button of the message shown when a page could not be loaded.
        "retry": _l("Try again"),
        "close": CLOSE,
    },
}


def widget_labels(name: str) -> dict[str, str]:
    """The translated strings of widget `name` (KeyError for an unknown widget)."""
    return {key: str(text) for key, text in LABELS[name].items()}


def consent_props(analytics_id: str, mode: str) -> dict:
    """Props of a consent_banner node: `mode` "banner" (the bottom sheet that asks) or
    "choice" (the privacy page's block that shows and changes the choice), the analytics ID,
    and the cookie and script as motorlab.analytics defines them."""
    return {
        "mode": mode,
        "id": analytics_id,
        "script": analytics.SCRIPT_URL,
        "cookie": analytics.COOKIE_NAME,
        "maxAge": analytics.COOKIE_MAX_AGE,
        "granted": analytics.GRANTED,
        "denied": analytics.DENIED,
        "labels": widget_labels("consent_banner"),
    }


def carousel_props(
    label: str,
    auto_rotate: bool = False,
    items_per_step: int | dict[str, int] = 1,
    interval: int = 5000,
    until: str | None = None,
) -> dict:
    """Props of one carousel: its accessible name, rotation, and slides per step, either a
    number or {"0": n, "41rem": n, …} by minimum width (the layout breakpoints); with
    `until` (a width such as "64rem") it is a carousel only below that width, and from it up
    the server's list stays as it is."""
    props = {
        "label": str(label),
        "autoRotate": auto_rotate,
        "interval": interval,
        "itemsPerStep": items_per_step,
        "labels": widget_labels("carousel"),
    }
    if until:
        props["until"] = until
    return props
