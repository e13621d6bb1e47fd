"""Typography for templates: a heading's last two words kept together on its last line."""

from __future__ import annotations

from markupsafe import Markup, escape


def last_words_together(text) -> Markup:
    """`text`, escaped, its last two words in one `u-together` span (an inline block), so a
    heading that wraps never leaves its last word alone ("¿Listo para" over "empezar?").
    Fewer than three words (kept whole it could not wrap) and markup are left as they are."""
    words = str(text).rsplit(None, 2)
    if isinstance(text, Markup) or len(words) < 3:
        return escape(text)
    head, before_last, last = words
    return Markup('{} <span class="u-together">{} {}</span>').format(head, before_last, last)
