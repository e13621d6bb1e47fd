"""Every piece of content points at a real file and is translated."""

import pytest
from flask_babel import force_locale

from motorlab.content import home
from motorlab.content.brands import BRANDS
from tests.conftest import STATIC, images_in

ALL_HOME_CONTENT = (
    BRANDS,
    home.AGENCY_IMAGE,
    home.RECENT_PROJECTS,
    home.SLIDES,
    home.REASONS,
)


@pytest.mark.parametrize("image", list(images_in(ALL_HOME_CONTENT)), ids=lambda i: i.src)
def test_every_image_exists_and_is_svg_made_here(image):
    path = STATIC / image.src
    assert path.is_file(), image.src
    text = path.read_text(encoding="utf-8")
    assert "<svg" in text and "<script" not in text and 'href="http' not in text


def test_home_has_the_spec_counts():
    assert len(home.RECENT_PROJECTS) == 3
    assert len(home.SLIDES) == 3
    assert len(home.REASONS) == 4
    assert 5 <= len(BRANDS) <= 8
    assert home.FOUNDED == 2012


def test_lazy_strings_translate_to_spanish(app):
    with app.test_request_context("/"), force_locale("es"):
        assert [str(s.title) for s in home.SLIDES] == [
            "Tecnología",
            "Productos Digitales",
            "Experiencias digitales",
        ]
        assert str(home.CTA_BUTTON) == "Estoy listo"


@pytest.mark.parametrize("folder", ["team", "tech"])
def test_drawn_pictures_stay_small(folder):
    sizes = {p.name: p.stat().st_size for p in (STATIC / "img" / folder).glob("*.svg")}
    assert sizes
    assert {name: size for name, size in sizes.items() if size > 8 * 1024} == {}
