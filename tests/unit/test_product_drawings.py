"""What each product drawing shows, read back from its files in both languages: the named
parts drawn (canvas.parts), as a whole list per drawing, and none of the placeholders the
pictures used to hold (a mountain icon for a photo, empty grey blocks for a page's content,
a box on two wheels for a van)."""

from __future__ import annotations

import pytest

from motorlab.content.pictures.canvas import parts
from motorlab.content.pictures.products import DRAWINGS
from motorlab.i18n import LOCALES
from tests.support.app import STATIC

SHOWS = {
    "projects/ads.{locale}.svg": ["window"],
    "projects/ads/work-order.{locale}.svg": ["window"],
    "projects/ads/planning.{locale}.svg": ["window"],
    # The app's new fault beside the back office's card with three photos of the door.
    "projects/kuzu.{locale}.svg": ["phone", "car", "photo", "photo", "photo"],
    "projects/kuzu/report.{locale}.svg": ["phone", "phone", "car"],
    "projects/kuzu/backoffice.{locale}.svg": ["window"],
    "projects/vc.{locale}.svg": ["window", "van", "van"],
    "projects/vc/configurator.{locale}.svg": ["window", "van"],
    "projects/vc/booking.{locale}.svg": ["phone"],
    # The dealer's page in the editor and in review: its three offers, each a car and a price.
    "projects/viewbox.{locale}.svg": ["window", "offer", "offer", "offer"],
    "projects/viewbox/templates.{locale}.svg": ["window"],
    "projects/viewbox/approval.{locale}.svg": ["window", "offer", "offer", "offer"],
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


@pytest.mark.parametrize("locale", LOCALES)
def test_the_photos_and_offers_hold_a_picture(locale):
    """A photo shows the door (its window and handle) with the fault ringed; an offer on the
    dealer's page shows a car and its price, not an empty block."""
    kuzu = (STATIC / "img" / f"projects/kuzu.{locale}.svg").read_text("utf-8")
    photos = kuzu.split('class="photo"')[1:]
    assert len(photos) == 3 and all("<circle" in p.split("</svg>")[0] for p in photos)
    page = (STATIC / "img" / f"projects/viewbox.{locale}.svg").read_text("utf-8")
    offers = page.split('class="offer"')[1:]  # each up to the next (the last: to the end)
    assert len(offers) == 3 and all("<use" in o and "<circle" in o for o in offers)
