"""What each product drawing shows, read back from its files in both languages: its named parts
(canvas.parts) and none of the placeholders the pictures used to hold."""

from __future__ import annotations

import pytest

from motorlab.build.drawings.canvas import BLUE_TINT, CAR_SIDE, PAPER, parts
from motorlab.build.drawings.figtree import RUN_SCALE
from motorlab.build.drawings.products import DRAWINGS
from motorlab.i18n import LOCALES
from tests.support.app import STATIC

SHOWS = {  # by drawing (under projects/): its parts in order
    "ads": ["window"],
    "ads/work-order": ["window"],
    "ads/planning": ["window"],
    "ads/history": ["window"],
    # The app's new fault (and the fault marked, and followed) with three photos of the door.
    "kuzu": ["phone", "car", "photo", "photo", "photo"],
    "kuzu/scan": ["phone"],
    "kuzu/report": ["phone", "car", "photo", "photo", "photo"],
    "kuzu/fault": ["phone", "photo", "photo", "photo"],
    "vc": ["window", "van", "van"],
    "vc/configurator": ["window", "van"],
    "vc/dealers": ["phone", "map", "pin", "pin"],
    "vc/booking": ["phone"],
    # The dealer's page in the editor and published: its offers; each template shows its car.
    "viewbox": ["window", "offer", "offer", "offer"],
    "viewbox/templates": ["window"] + ["template"] * 6,
    "viewbox/approval": ["window"],
    "viewbox/published": ["phone", "offer", "offer", "offer", "chart"],
}
PLACEHOLDERS = (
    "l12-14 9 9 7-6 14 11z",  # the mountain icon the fault's photos were
    "M0 70V22q0-6 5-9l18-11",  # the van that was a box on two wheels
)


def drawing(name: str, locale: str) -> str:
    return (STATIC / "img" / "projects" / f"{name}.{locale}.svg").read_text("utf-8")


def test_every_product_drawing_is_listed():
    assert sorted(f"projects/{name}.{{locale}}.svg" for name in SHOWS) == sorted(DRAWINGS)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", sorted(SHOWS))
def test_what_each_drawing_shows(name, locale):
    text = drawing(name, locale)
    assert parts(text) == SHOWS[name]
    assert [p for p in PLACEHOLDERS if p in text] == []


def pieces(name: str, locale: str, part: str) -> list[str]:
    """Each `part` of a drawing's file, up to the next one (the last: to the file's end)."""
    return drawing(name, locale).split(f'class="{part}"')[1:]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_photos_offers_and_map_hold_a_picture(locale):
    """A photo shows the door with the fault ringed; an offer on the dealer's page shows a car
    and its price, a template its car: no empty block."""
    for name in ("kuzu", "kuzu/report", "kuzu/fault"):
        photos = pieces(name, locale, "photo")
        assert len(photos) == 3 and all("<circle" in p.split("</svg>")[0] for p in photos)
    for name in ("viewbox", "viewbox/published"):
        offers = pieces(name, locale, "offer")
        assert len(offers) == 3 and all(RUN_SCALE.search(o) and "<circle" in o for o in offers)
    templates = pieces("viewbox/templates", locale, "template")
    assert all(CAR_SIDE[0] in t.split("</g></g>")[0] for t in templates)
    (chart,) = pieces("viewbox/published", locale, "chart")
    assert chart.split("</g>")[0].count("<rect") == 7  # a day each
    # The dealer locator's map: streets and a river (not a grey block) under two numbered pins.
    (rest,) = pieces("vc/dealers", locale, "map")
    streets = rest.split("</svg>")[0]
    assert streets.count(f'stroke="{PAPER}"') == 2 and f'stroke="{BLUE_TINT}"' in streets
    pins = pieces("vc/dealers", locale, "pin")
    assert [len(RUN_SCALE.findall(p.split("</g></g>")[0])) for p in pins] == [1, 1]  # a number
