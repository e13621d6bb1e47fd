"""The rendering helpers: a heading's last two words kept together (`last_words_together`),
and the layouts a view picks."""

import pytest
from flask import g
from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from motorlab.rendering.layouts import LAYOUTS, UnknownLayoutError, layout_context, uses_layout
from motorlab.rendering.template_globals import last_words_together

CODE = Markup("The <code>logo_list</code> macro")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("¿Listo para empezar?", '¿Listo <span class="u-together">para empezar?</span>'),
        (
            "Servicios para toda la vida de un coche",
            'Servicios para toda la vida de <span class="u-together">un coche</span>',
        ),
        ("R&D <for> all", 'R&amp;D <span class="u-together">&lt;for&gt; all</span>'),
        ("Component showcase", "Component showcase"),  # too short to wrap
        (CODE, CODE),  # markup left as it is
    ],
)
def test_the_last_two_words_of_three_or_more_share_one_span(text, expected):
    assert last_words_together(text) == Markup(expected)


def test_a_translated_text_is_text(app):
    """A lazy string from the catalogs is plain text, though Jinja may print it as it is."""
    with app.test_request_context("/en"):
        assert last_words_together(_l("Ready to start?")) == Markup(
            'Ready <span class="u-together">to start?</span>'
        )


def test_the_three_layouts_of_the_spec_exist_and_a_view_sets_its_own(app):
    assert set(LAYOUTS) == {"mainPage", "guideline", "default"}
    view = uses_layout("guideline")(lambda: g.layout)
    with app.test_request_context("/"):
        assert layout_context()["layout_name"] == "default"
        assert view() == "guideline"
        assert layout_context() == {"layout": LAYOUTS["guideline"], "layout_name": "guideline"}
    with pytest.raises(UnknownLayoutError, match="Unknown layout 'mainpage'"):
        uses_layout("mainpage")  # fails when the view is declared, not on a visit
