"""Props for the React/JS widgets: every string a widget shows, translated on the server
in the page's language (widgets ship no catalogs). Templates render them into the widget
node's <script type="application/json"> with `|tojson`:

    {{ widget_labels("nav_menu")|tojson }}
    {{ carousel_props("logos", _("Brands we work with"), auto_rotate=True)|tojson }}
    {{ consent_props(config.ANALYTICS_ID, "banner")|tojson }}

Each widget's README (widgets/<name>/README.md) documents its props. A setting that is the
same for every use of a widget lives here, not in the macro nor in the widget (which gives no
default): the carousel's CAROUSEL_INTERVAL.
"""

from __future__ import annotations

import re
from functools import cache

from flask_babel import lazy_gettext as _l

from motorlab.paths import PROJECT_ROOT
from motorlab.rendering import analytics

# The carousel's stylesheet says how many slides a step shows, by kind and width: the server's
# list has that shape before the widget mounts, and the widget's props are read from it.
CAROUSEL_CSS = PROJECT_ROOT / "templates" / "components" / "carousel" / "carousel.css"
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_PER_STEP = re.compile(r"\.c-carousel--(?P<kind>[\w-]+) \{ --carousel-per-step: (?P<count>\d+); \}")
_MIN_WIDTH = re.compile(r"@media \(min-width: (?P<width>[\d.]+rem)\)")

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
    """Props of a consent_banner node: `mode` "banner" (the bottom sheet that asks) or
    "choice" (the privacy page's block that shows and changes the choice), the analytics ID,
    and the storage, the old cookie and the script as motorlab.rendering.analytics defines them."""
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


def _enclosing_blocks(css: str, position: int) -> list[str]:
    """The preludes of the blocks that hold `position` (e.g. ["@media (min-width: 41rem)"])."""
    preludes, start = [], 0
    for brace in re.finditer(r"[{}]", css[:position]):
        if brace[0] == "{":
            preludes.append(css[start : brace.start()].rpartition(";")[2].strip())
        else:
            preludes.pop()
        start = brace.end()
    return preludes


@cache
def items_per_step(kind: str) -> int | dict[str, int]:
    """Slides per step of a carousel of `kind` as carousel.css sets `--carousel-per-step`:
    {"0": n, "41rem": n, …} by minimum width (1 below the first), or 1 when it sets none."""
    css = _COMMENT.sub("", CAROUSEL_CSS.read_text(encoding="utf-8"))
    counts = {}
    for rule in _PER_STEP.finditer(css):
        if rule["kind"] != kind:
            continue
        match _enclosing_blocks(css, rule.start()):
            case []:
                counts["0"] = int(rule["count"])
            case [media] if _MIN_WIDTH.fullmatch(media):
                counts[_MIN_WIDTH.fullmatch(media)["width"]] = int(rule["count"])
            case blocks:
                raise ValueError(f"{CAROUSEL_CSS}: the widget cannot follow {blocks} ({kind})")
    return {"0": 1, **counts} if counts else 1


def carousel_props(
    kind: str, label: str, auto_rotate: bool = False, until: str | None = None
) -> dict:
    """Props of one carousel of `kind` ("logos", "slides", "projects"): its accessible name,
    rotation (every CAROUSEL_INTERVAL ms), and slides per step (read from carousel.css,
    `items_per_step`); with `until`
    (a width such as "64rem") it is a carousel only below that width, and from it up the
    server's list stays as it is."""
    props = {
        "label": str(label),
        "autoRotate": auto_rotate,
        "interval": CAROUSEL_INTERVAL,
        "itemsPerStep": items_per_step(kind),
        "labels": widget_labels("carousel"),
    }
    if until:
        props["until"] = until
    return props
