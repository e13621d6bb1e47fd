"""The carousels' slides per step are set once, by kind and width, in the carousel's
stylesheet (templates/components/carousel/carousel.css): the server's list takes that shape
before the widget mounts, and the widget's props are read from the same rules."""

from __future__ import annotations

import re

import pytest

from motorlab.content import brands, portfolio
from motorlab.rendering import widget_props


def test_the_carousels_read_their_slides_per_step_from_the_stylesheet():
    counts = {kind: widget_props.items_per_step(kind) for kind in ("logos", "slides", "projects")}
    assert counts == {
        "logos": {"0": 6},
        "slides": 1,
        "projects": {"0": 1, "41rem": 2},
    }


def test_every_slides_per_step_rule_is_one_the_props_read():
    """A rule written another way (over several lines, another selector) would shape the list
    without reaching the widget."""
    css = widget_props._COMMENT.sub("", widget_props.CAROUSEL_CSS.read_text(encoding="utf-8"))
    declared = re.findall(r"--carousel-per-step\s*:\s*\d", css)
    assert len(declared) == len(widget_props._PER_STEP.findall(css)) == 2


def test_the_portfolio_row_starts_where_the_stylesheet_lays_it_out():
    """`until` and the media query that sets the four cards in a row name the same width."""
    css = widget_props.CAROUSEL_CSS.read_text(encoding="utf-8")
    row = re.search(
        r"@media \(min-width: (?P<width>[\d.]+rem)\) \{[^@]*?"
        r"\.c-carousel--projects > \.c-carousel__list \{ grid-template-columns",
        css,
    )
    assert row["width"] == portfolio.CAROUSEL["until"]


def test_a_slides_per_step_rule_the_widget_cannot_follow_is_refused(tmp_path, monkeypatch):
    css = tmp_path / "carousel.css"
    css.write_text(
        "/* { */ .c-carousel--logos { --carousel-per-step: 2; }\n"
        "@media (min-width: 41rem) { .c-carousel--logos { --carousel-per-step: 3; } }\n"
        "@media (prefers-reduced-motion: reduce) {\n"
        "  .c-carousel--slides { --carousel-per-step: 2; }\n}\n"
    )
    monkeypatch.setattr(widget_props, "CAROUSEL_CSS", css)
    widget_props.items_per_step.cache_clear()
    try:
        assert widget_props.items_per_step("logos") == {"0": 2, "41rem": 3}
        with pytest.raises(ValueError, match="prefers-reduced-motion"):
            widget_props.items_per_step("slides")
    finally:
        widget_props.items_per_step.cache_clear()


def test_one_step_of_the_logos_shows_every_brand():
    """The logos' row wraps on a phone (carousel.css), which holds only while one step shows
    every brand: a seventh brand needs another layout there, not a carousel that rotates."""
    assert widget_props.items_per_step("logos") == {"0": len(brands.BRANDS)}
