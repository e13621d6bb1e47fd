"""Case-study content: every picture is a small SVG drawn here, the order cycles."""

import pytest

from motorlab.content.projects import CASE_STUDIES, neighbours
from tests.conftest import STATIC, images_in


@pytest.mark.parametrize("image", list(images_in(CASE_STUDIES)), ids=lambda i: i.src)
def test_every_case_study_image_is_a_small_svg_made_here(image):
    path = STATIC / image.src
    assert path.is_file(), image.src
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<svg") and "<script" not in text and "href=" not in text
    assert len(text.encode()) < 5 * 1024


def test_neighbours_wrap_around():
    slugs = [study.slug for study in CASE_STUDIES]
    assert slugs == ["ads", "kuzu", "vc", "viewbox"]
    assert [s.slug for s in neighbours("ads")] == ["viewbox", "kuzu"]
    assert [s.slug for s in neighbours("viewbox")] == ["vc", "ads"]


def test_results_as_the_spec_gives_them():
    figures = {study.slug: [r.tstrong for r in study.results] for study in CASE_STUDIES}
    assert figures == {
        "ads": ["4", "2", "3"],
        "kuzu": ["+500", "+30", "+50"],
        "vc": [],
        "viewbox": ["+70", "5", "+15"],
    }
