"""A heading's last two words kept together (the `last_words_together` filter)."""

import pytest
from flask_babel import lazy_gettext as _l
from markupsafe import Markup

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
