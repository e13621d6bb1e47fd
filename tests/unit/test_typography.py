"""A heading's last two words kept together (motorlab.rendering.typography)."""

from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from motorlab import config, create_app
from motorlab.rendering.typography import last_words_together


def test_the_last_two_words_of_three_or_more_share_one_span():
    assert last_words_together("¿Listo para empezar?") == Markup(
        '¿Listo <span class="u-together">para empezar?</span>'
    )
    assert last_words_together("Servicios para toda la vida de un coche") == Markup(
        'Servicios para toda la vida de <span class="u-together">un coche</span>'
    )


def test_text_is_escaped_and_markup_or_short_text_left_as_it_is():
    assert last_words_together("R&D <for> all") == Markup(
        'R&amp;D <span class="u-together">&lt;for&gt; all</span>'
    )
    assert last_words_together("Component showcase") == Markup("Component showcase")
    code = Markup("The <code>logo_list</code> macro")
    assert last_words_together(code) == code


def test_a_translated_text_is_text():
    """A lazy string from the catalogs is plain text, though Jinja may print it as it is."""
    with create_app(config.TestConfig()).test_request_context("/en"):
        assert last_words_together(_l("Ready to start?")) == Markup(
            'Ready <span class="u-together">to start?</span>'
        )
