"""Typography for templates: a heading's last two words kept together on its last line."""

from __future__ import annotations

from markupsafe import Markup, escape


def last_words_together(text) -> Markup:
    """`text`, escaped, with its last two words in one span kept on one line where it fits
    (`u-together`, an inline block): a heading of three words or more that wraps never
    leaves its last word alone on a line, where balancing cannot help ("¿Listo para" over
    "empezar?"); on a line too narrow for both, they wrap within the span. The text reads
    the same (a plain space), so the page's text and a screen reader are unchanged. A
    heading of fewer words is left as it is: kept whole, it could not wrap at all; so is
    markup (a caller's `<code>`), whose words this would not tell from its tags."""
    words = str(text).rsplit(None, 2)
    if isinstance(text, Markup) or len(words) < 3:
        return escape(text)
    head, before_last, last = words
    return Markup('{} <span class="u-together">{} {}</span>').format(head, before_last, last)
