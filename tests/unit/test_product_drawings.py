"""What each product drawing shows, read back from its files in both languages: the named
parts drawn (canvas.parts), as a whole list per drawing, and none of the placeholders the
pictures used to hold (a mountain icon for a photo, empty grey blocks for a page's content,
a box on two wheels for a van)."""

from __future__ import annotations

import pytest

from motorlab.build.drawings.canvas import BLUE_TINT, CAR_SIDE, PAPER, parts
from motorlab.build.drawings.figtree import RUN_SCALE
from motorlab.build.drawings.products import DRAWINGS
from motorlab.i18n import LOCALES
from tests.support.app import STATIC

SHOWS = {
    "projects/ads.{locale}.svg": ["window"],
    "projects/ads/work-order.{locale}.svg": ["window"],
    "projects/ads/planning.{locale}.svg": ["window"],
    "projects/ads/history.{locale}.svg": ["window"],
    # The app's new fault beside the back office's card with three photos of the door.
    "projects/kuzu.{locale}.svg": ["phone", "car", "photo", "photo", "photo"],
    # The app on the track, a whole phone each: the VIN read, the fault marked on the car
    # with its three photos, and the fault followed with them.
    "projects/kuzu/scan.{locale}.svg": ["phone"],
    "projects/kuzu/report.{locale}.svg": ["phone", "car", "photo", "photo", "photo"],
    "projects/kuzu/fault.{locale}.svg": ["phone", "photo", "photo", "photo"],
    "projects/vc.{locale}.svg": ["window", "van", "van"],
    "projects/vc/configurator.{locale}.svg": ["window", "van"],
    "projects/vc/dealers.{locale}.svg": ["phone", "map", "pin", "pin"],
    "projects/vc/booking.{locale}.svg": ["phone"],
    # The dealer's page in the editor, in review and published: its offers, each a car and a
    # price (in review: its band, as the brand sees it); each template shows its car.
    "projects/viewbox.{locale}.svg": ["window", "offer", "offer", "offer"],
    "projects/viewbox/templates.{locale}.svg": ["window"] + ["template"] * 6,
    "projects/viewbox/approval.{locale}.svg": ["window"],
    "projects/viewbox/published.{locale}.svg": ["phone", "offer", "offer", "offer", "chart"],
}
PLACEHOLDERS = (
    "l12-14 9 9 7-6 14 11z",  # the mountain icon the fault's photos were
    "M0 70V22q0-6 5-9l18-11",  # the van that was a box on two wheels
)


def test_every_product_drawing_is_listed():
    assert sorted(SHOWS) == sorted(DRAWINGS)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", sorted(SHOWS))
def test_what_each_drawing_shows(name, locale):
    text = (STATIC / "img" / name.format(locale=locale)).read_text("utf-8")
    assert parts(text) == SHOWS[name]
    assert [p for p in PLACEHOLDERS if p in text] == []


def pieces(name: str, locale: str, part: str) -> list[str]:
    """Each `part` of a drawing's file, up to the next one (the last: to the file's end)."""
    text = (STATIC / "img" / name.format(locale=locale)).read_text("utf-8")
    return text.split(f'class="{part}"')[1:]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_photos_and_offers_hold_a_picture(locale):
    """A photo shows the door (its window and handle) with the fault ringed; an offer on the
    dealer's page shows a car and its price, a template its car: no empty block."""
    for name in ("kuzu", "kuzu/report", "kuzu/fault"):
        photos = pieces(f"projects/{name}.{{locale}}.svg", locale, "photo")
        assert len(photos) == 3 and all("<circle" in p.split("</svg>")[0] for p in photos)
    for name in ("viewbox", "viewbox/published"):
        offers = pieces(f"projects/{name}.{{locale}}.svg", locale, "offer")
        assert len(offers) == 3 and all(RUN_SCALE.search(o) and "<circle" in o for o in offers)
    templates = pieces("projects/viewbox/templates.{locale}.svg", locale, "template")
    assert all(CAR_SIDE[0] in t.split("</g></g>")[0] for t in templates)
    (chart,) = pieces("projects/viewbox/published.{locale}.svg", locale, "chart")
    assert chart.split("</g>")[0].count("<rect") == 7  # a day each


@pytest.mark.parametrize("locale", LOCALES)
def test_the_dealer_map_has_streets_and_numbered_pins(locale):
    """The dealer locator's map: streets and a river (not a grey block) under two pins, each
    with its dealer's number."""
    (rest,) = pieces("projects/vc/dealers.{locale}.svg", locale, "map")
    streets = rest.split("</svg>")[0]
    assert streets.count(f'stroke="{PAPER}"') == 2 and f'stroke="{BLUE_TINT}"' in streets
    pins = pieces("projects/vc/dealers.{locale}.svg", locale, "pin")
    assert [len(RUN_SCALE.findall(p.split("</g></g>")[0])) for p in pins] == [1, 1]  # a number
