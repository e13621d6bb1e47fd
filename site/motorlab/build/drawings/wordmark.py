"""The agency's wordmark ("Motorlab Digital") as Figtree outlines, inlined in every page beside
the mark (icons.wordmark), so the name is in the brand's face from the first paint. One group
(`#wm`) the footer reuses; 1.2 em tall (Figtree's ascent and descent), sized by the CSS."""

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
    sub = ' class="c-wordmark__sub"'
    runs += words(
        name_width + space, baseline, descriptor, SIZE, REGULAR, "currentColor", extra=sub
    )
    return svg(coordinate(total), coordinate(height), f'<g id="{ID}">{runs}</g>')
