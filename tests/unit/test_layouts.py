import pytest
from flask import g

from motorlab.rendering.layouts import LAYOUTS, UnknownLayoutError, layout_context, uses_layout


def test_the_three_layouts_of_the_spec_exist_and_a_view_sets_its_own(app):
    assert set(LAYOUTS) == {"mainPage", "guideline", "default"}
    view = uses_layout("guideline")(lambda: g.layout)
    with app.test_request_context("/"):
        assert layout_context()["layout_name"] == "default"
        assert view() == "guideline"
        assert layout_context() == {"layout": LAYOUTS["guideline"], "layout_name": "guideline"}
    with pytest.raises(UnknownLayoutError, match="Unknown layout 'mainpage'"):
        uses_layout("mainpage")  # fails when the view is declared, not on a visit
