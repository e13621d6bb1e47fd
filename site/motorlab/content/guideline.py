"""Content of the guideline page: the stylesheet's design tokens, named here with their use;
their values are read live from `styles/tokens.css` (tests keep both lists the same)."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import lazy_gettext as _l

from motorlab.content.portfolio import PROJECTS
from motorlab.content.types import Text
from motorlab.images.breakpoints import BREAKPOINTS

PAGE_TITLE = _l("Design guideline")
PAGE_DESCRIPTION = _l(
    "Colours, type scale, grid, breakpoints and components of the Motorlab Digital site."
)


@dataclass(frozen=True)
class Token:
    name: str  # the custom property, without its leading "--"
    use: Text  # what the site uses it for


COLORS: tuple[Token, ...] = (
    Token("color-ink", _l("Body text and headings")),
    Token("color-paper", _l("Page background and text on dark bands")),
    Token("color-accent", _l("Brand red: primary buttons and highlights")),
    Token("color-accent-dark", _l("Links, hovered buttons and figures")),
    Token("color-accent-light", _l("Figures on dark tiles")),
    Token("color-accent-tint", _l("Columns of the grid example")),
    Token("color-muted", _l("Secondary text")),
    Token("color-on-ink", _l("Text of the footer")),
    Token("color-surface", _l("Background of alternate bands")),
    Token("color-line", _l("Thin lines: header, tables and pager")),
    Token("color-line-strong", _l("Outline of technology badges")),
    Token("color-night", _l("Background of the call to action")),
    Token("color-blue", _l("Illustrations and charts")),
    Token("color-focus", _l("Keyboard focus ring")),
    Token("color-success", _l("Edge of success messages")),
    Token("color-success-surface", _l("Background of success messages")),
)
TYPE_SCALE: tuple[Token, ...] = (
    Token("step--1", _l("Small print, labels and card types")),
    Token("step-0", _l("Body text")),
    Token("step-1", _l("Lead paragraphs and minor headings")),
    Token("step-2", _l("Card titles")),
    Token("step-3", _l("Service titles and figures in panels")),
    Token("step-4", _l("Section headings and key figures")),
    Token("step-5", _l("Page titles")),
)
SPACING: tuple[Token, ...] = (
    Token("space-1", _l("Between a label and its text")),
    Token("space-2", _l("Inside buttons and small gaps")),
    Token("space-3", _l("Between paragraphs and grid columns")),
    Token("space-4", _l("Inside cards and between cards")),
    Token("space-5", _l("Between blocks of a page")),
    Token("space-6", _l("Between the bands of a page")),
)
OTHERS: tuple[Token, ...] = (
    Token(
        "font-sans",
        _l(
            "Figtree, the brand typeface (20 kB, served by the site), then a fallback sized like it"
        ),
    ),
    Token("grid-columns", _l("Columns of the layout grid")),
    Token("grid-gap", _l("Gap between grid columns")),
    Token("gutter", _l("Space between the content and the window's edge: grows with the window")),
    Token("container-max", _l("Widest content column")),
    Token("measure", _l("Longest line of running text: about 65 characters")),
    Token("radius", _l("Corner radius of cards and images")),
    Token("shadow", _l("Shadow of cards")),
)
ALL_TOKENS = COLORS + TYPE_SCALE + SPACING + OTHERS

# Layout breakpoints (rem) of the stylesheet's media queries, and what changes at each.
LAYOUT_BREAKPOINTS: tuple[tuple[int, Text], ...] = (
    (41, _l("Tablet: cards and lists in two columns")),
    (48, _l("Header: the navigation beside the brand, no menu button")),
    (64, _l("Laptop: the home hero beside its picture, logos and portfolio cards in one row")),
    (65, _l("Desktop: three-column cards")),
    (72, _l("Case studies: three screens in a row")),
    (91, _l("Wide: four-column cards and technology groups")),
    (121, _l("Ultra-wide: larger body text")),
)
IMAGE_BREAKPOINTS = BREAKPOINTS  # px: the widths generated images are made for
GRID_EXAMPLES = (24, 12, 8, 6)  # column spans shown under the 24-column grid


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


# The cards section shows two of the real project cards.
CARDS = PROJECTS[:2]
