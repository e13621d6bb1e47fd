"""The agency's wordmark ("Motorlab Digital") as Figtree outlines, drawn as part of the logo.

The header and the footer inline it beside the mark (icons.wordmark), so the brand's name is
in the brand's face from the first paint of the first page, whatever font the page's text is
in by then (the typeface file may come too late for the first page: font-display: optional,
styles/fonts.css). The short name is extra bold, the descriptor regular, as the text they
replace was set; both take the text colour (`currentColor`), the descriptor's own colour
comes from the page's CSS (`--wordmark-sub` on `.c-wordmark__sub`). Sized in em by the CSS:
1.2 em tall, Figtree's ascent and descent (0.95 + 0.25 em), so it sits on the line as the
words did. Inlined in every page, the whole drawing is one group (ID, `#wm`) that the
footer's copy uses, so the glyphs are in a page once.
"""

from __future__ import annotations

from motorlab.build.drawings.canvas import svg
from motorlab.build.drawings.figtree import EXTRA_BOLD, REGULAR, coordinate, width, words
from motorlab.icons import WORDMARK_ID as ID
from motorlab.identity import AGENCY

SIZE = 20  # px: the header's text size (--step-1), the drawing's own unit
ASCENT, DESCENT = 0.95, 0.25  # Figtree's, in em


def draw() -> str:
    name, descriptor = AGENCY.short_name, AGENCY.descriptor
    baseline = ASCENT * SIZE
    space = width(" ", SIZE, REGULAR)
    name_width = width(name, SIZE, EXTRA_BOLD)
    total = name_width + space + width(descriptor, SIZE, REGULAR)
    height = (ASCENT + DESCENT) * SIZE
    runs = words(0, baseline, name, SIZE, EXTRA_BOLD, fill="currentColor")
    runs += words(
        name_width + space, baseline, descriptor, SIZE, REGULAR, fill="currentColor",
        extra=' class="c-wordmark__sub"',
    )  # fmt: skip
    return svg(coordinate(total), coordinate(height), f'<g id="{ID}">{runs}</g>')
