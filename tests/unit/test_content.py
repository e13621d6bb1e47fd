"""The content of every page (content/; its counts: the pages' own tests): every picture a safe
SVG drawn here, every string translated, every link naming a page that exists."""

import gzip
import re
from dataclasses import fields, is_dataclass

import pytest
from flask import url_for
from flask_babel import force_locale

from motorlab.content import home, navigation, portfolio, services, team
from motorlab.content.brands import BRANDS
from motorlab.content.case_study import CASE_STUDIES
from motorlab.content.types import Image, Link
from motorlab.pages.registry import PAGES
from tests.support.app import STATIC
from tests.support.pages import LOCALES

ALL_CONTENT = (
    BRANDS,
    home.AGENCY_IMAGE,
    home.RECENT_PROJECTS,
    home.SLIDES,
    home.REASONS,
    services.SERVICES,
    services.TECHNOLOGY_GROUPS,
    team.PHOTO,
    team.TEAMS,
    portfolio.PROJECTS,
)


def found_in(value, kind):
    """Every `kind` inside a datum (dataclasses and tuples, walked deeply)."""
    if isinstance(value, kind):
        yield value
    elif is_dataclass(value):
        for field in fields(value):
            yield from found_in(getattr(value, field.name), kind)
        if hasattr(value, "link"):  # a property, e.g. CaseStudy.link
            yield from found_in(value.link, kind)
    elif isinstance(value, tuple):
        for item in value:
            yield from found_in(item, kind)


def drawn_files(value) -> list[tuple[Image, str]]:
    """Every content `Image` inside a datum with each file it names (one per language)."""
    images = found_in(value, Image)
    pairs = {(image, image.file(locale)) for image in images for locale in LOCALES}
    return sorted(pairs, key=lambda pair: (pair[1], pair[0].src))


@pytest.mark.parametrize(
    ("image", "file"), drawn_files((ALL_CONTENT, CASE_STUDIES)), ids=lambda i: getattr(i, "src", i)
)
def test_every_picture_is_a_small_svg_drawn_here_at_its_size(image, file):
    """Small as sent (gzip), with no reference outside itself (why its words are outlines:
    tests/unit/test_drawings.py), its box the page's (the module icons scale theirs)."""
    text = (STATIC / file).read_text(encoding="utf-8")
    assert text.startswith("<svg") and "<script" not in text
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text
    assert set(re.findall(r'href="([^"]*)"', text)) <= {
        f"#{i}" for i in re.findall(r' id="([^"]+)"', text)
    }
    assert len(text.encode()) < 64 * 1024
    assert len(gzip.compress(text.encode())) < 10 * 1024
    if image.fragment:  # one view of a file of several: the view is the picture's size
        view = rf'<view id="{image.fragment[1:]}" viewBox="0 \d+ {image.width} {image.height}"/>'
        assert re.search(view, text)
    elif "/modules/" not in file:
        assert f'viewBox="0 0 {image.width} {image.height}"' in text


# The team pictures (eleven and seven people with faces) have the product screens' budget.
GROUP_PICTURES = {"photo-desktop.svg", "photo-mobile.svg"}


@pytest.mark.parametrize("folder", ["team", "tech"])
def test_drawn_pictures_stay_small(folder):
    files = {p.name: p.read_bytes() for p in (STATIC / "img" / folder).glob("*.svg")}
    assert files
    alone = {name: len(b) for name, b in files.items() if name not in GROUP_PICTURES}
    assert {name: size for name, size in alone.items() if size > 8 * 1024} == {}
    groups = {name: b for name, b in files.items() if name in GROUP_PICTURES}
    assert [
        n for n, b in groups.items() if len(b) > 40 * 1024 or len(gzip.compress(b)) > 10 * 1024
    ] == []


def test_every_content_link_names_a_page_in_both_locales(app):
    """Content names pages by endpoint: a renamed route fails here, not in a browser."""
    content = (ALL_CONTENT, CASE_STUDIES, home.CTA_LINK, navigation.MAIN_NAVIGATION)
    links = set(found_in(content, Link))
    links |= {page.link for page in PAGES}
    assert len(links) >= 10
    with app.test_request_context("/"):
        for link in links:
            paths = {url_for(link.endpoint, **link.params, lang_code=lo) for lo in LOCALES}
            assert len(paths) == 2, link
        # A lazy string with values translates when rendered (the pages' tests read Spanish).
        with force_locale("es"):
            assert str(team.TEAMS[0].members[0].image.alt) == "Retrato de Lucía Ferrer"
