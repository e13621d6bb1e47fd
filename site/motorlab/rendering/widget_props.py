"""Props for the widgets, with every string they show translated on the server (widgets ship
no catalogs); each widget's README documents its props."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from motorlab.rendering import analytics

# Milliseconds a rotating carousel shows each step (every carousel: the macro does not take it).
CAROUSEL_INTERVAL = 5000

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
    """Props of a consent_banner node: `mode` "banner" (the sheet that asks) or "choice" (the
    privacy page's block that shows and changes it), with motorlab.rendering.analytics' facts."""
    return {
        "mode": mode,
        "id": analytics_id,
        "script": analytics.SCRIPT_URL,
        "key": analytics.STORAGE_KEY,
        "cookie": analytics.COOKIE_NAME,
        "maxAge": analytics.MAX_AGE,
        "granted": analytics.GRANTED,
        "denied": analytics.DENIED,
        "labels": widget_labels("consent_banner"),
    }


def carousel_props(label: str, auto_rotate: bool = False) -> dict:
    """Props of one carousel: its accessible name and rotation (its slides per step the widget
    reads from carousel.css on the page)."""
    return {
        "label": str(label),
        "autoRotate": auto_rotate,
        "interval": CAROUSEL_INTERVAL,
        "labels": widget_labels("carousel"),
    }
