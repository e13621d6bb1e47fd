import pytest

from motorlab.rendering.layouts import LAYOUTS, UnknownLayoutError, uses_layout


def test_the_three_layouts_of_the_spec_exist():
    assert set(LAYOUTS) == {"mainPage", "guideline", "default"}


def test_an_unknown_layout_fails_when_the_view_is_declared():
    with pytest.raises(UnknownLayoutError, match="Unknown layout 'mainpage'"):

        @uses_layout("mainpage")
        def view():  # pragma: no cover - never registered
            return ""


def test_a_known_layout_is_recorded_on_the_view():
    @uses_layout("guideline")
    def view():
        return ""

    assert view.layout == "guideline"
