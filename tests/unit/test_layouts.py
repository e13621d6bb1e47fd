import pytest

from motorlab.rendering.layouts import LAYOUTS, UnknownLayoutError, uses_layout


def test_the_three_layouts_of_the_spec_exist_and_a_view_records_its_own():
    assert set(LAYOUTS) == {"mainPage", "guideline", "default"}

    @uses_layout("guideline")
    def view():
        return ""

    assert view.layout == "guideline"
    with pytest.raises(UnknownLayoutError, match="Unknown layout 'mainpage'"):
        uses_layout("mainpage")  # fails when the view is declared, not on a visit
