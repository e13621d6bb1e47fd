# ruff: noqa: E501 - SVG path data reads best on one line
"""The six client brands' wordmarks (fictional), each lettered its own way, in one file
(`sprite`): each logo a `<view>` a page shows as `brands.svg#<slug>`, one request for all."""

from __future__ import annotations

from motorlab.build.drawings.canvas import INK
from motorlab.build.drawings.figtree import BOLD, EXTRA_BOLD, LIGHT, words

SIZE = (200, 56)
LEFT = 54  # where the name starts, right of the mark

# Monoline capitals on a 20-unit height: (width, path).
MONOLINE = {
    "C": (18, "M17.1 2.9A10 10 0 1 0 17.1 17.1"),
    "O": (20, "M10 0a10 10 0 1 0 0 20 10 10 0 1 0 0-20z"),
    "R": (16, "M0 20V0h9a5.5 5.5 0 0 1 0 11H0m9 0l7 9"),
    "V": (18, "M0 0l9 20 9-20"),
    "A": (18, "M0 20L9 0l9 20M3.5 13h11"),
    "N": (16, "M0 20V0l16 20V0"),
    "E": (14, "M14 0H0v20h14M0 10h11"),
}
# Square blocks, 5 units thick (even-odd fill for the counters).
BLOCKS = {
    "N": (16, "M0 0h5l6 9V0h5v20h-5l-6-9v9H0z"),
    "O": (16, "M0 0h16v20H0zM5 5v10h6V5z"),
    "R": (16, "M0 0h16v12h-4l4 8h-5.5l-4-8H5v8H0zM5 5v3h6V5z"),
    "D": (16, "M0 0h12l4 4v12l-4 4H0zM5 5v10h6V5z"),
    "V": (17, "M0 0h5l3.5 11L12 0h5l-6 20H6z"),
    "I": (5, "M0 0h5v20H0z"),
    "K": (16, "M0 0h5v8l5-8h6l-6.5 10L16 20h-6l-5-8v8H0z"),
}
# Rounded lowercase monoline: baseline 20, x-height 8.
ROUNDED = {
    "s": (
        10,
        "M9.5 10.2Q8.3 8 5.3 8 1.2 8 1.2 11c0 3.6 8.6 2.3 8.6 5.9 0 2-1.9 3.1-4.5 3.1-2.4 0-4.1-.8-4.8-2.3",
    ),
    "o": (12, "M6 8a6 6 0 1 0 0 12 6 6 0 1 0 0-12z"),
    "l": (2, "M1 0v20"),
    "m": (19, "M1 20V8m0 5.5a4.25 4.5 0 0 1 8.5 0V20m0-6.5a4.25 4.5 0 0 1 8.5 0V20"),
    "a": (13, "M6 8a6 6 0 1 0 0 12 6 6 0 1 0 0-12zM12 8v12"),
    "r": (8, "M1 20V8m0 6q0-6 7-6"),
}

MARKS = {
    "ardentia": f'<path d="M24 8l17 30H7z" fill="none" stroke="{INK}" stroke-width="3" stroke-linejoin="round"/><path d="M24 20l9 15H15z"/><path d="M5 45h38" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>',
    "corvane": '<path d="M7 16l17 10 17-10v7L24 33 7 23z"/><path d="M7 28l17 10 17-10v6L24 44 7 34z" opacity=".55"/>',
    "idrena": f'<path d="M24 9l16 9.5v19L24 47 8 37.5v-19z" fill="none" stroke="{INK}" stroke-width="3" stroke-linejoin="round"/><path d="M21.5 19h5v18h-5z"/>',
    "nordvik": f'<path d="M9 12l15-5 15 5v12c0 10-7 17-15 21-8-4-15-11-15-21z" fill="none" stroke="{INK}" stroke-width="3" stroke-linejoin="round"/><path d="M17 35V18h4l7 10V18h3v17h-4l-7-10v10z"/>',
    "solmar": f'<circle cx="24" cy="31" r="9"/><path d="M24 10v6M10 17l4 4M38 17l-4 4M6 31h6M36 31h6" stroke="{INK}" stroke-width="3" stroke-linecap="round"/><path d="M6 44h36" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>',
    "valdora": f'<circle cx="24" cy="28" r="17" fill="none" stroke="{INK}" stroke-width="3"/><path d="M15 19h5l4 12 4-12h5l-7 18h-4z"/>',
}


STROKED = f'fill="none" stroke="{INK}"'
CAP, JOIN = ' stroke-linecap="round"', ' stroke-linejoin="round"'
# The names in a drawn alphabet: case, alphabet, gap between letters, height, style.
DRAWN = {
    "corvane": (str.upper, MONOLINE, 7, 16, f'{STROKED} stroke-width="1.7"{JOIN}'),
    "nordvik": (str.upper, BLOCKS, 3.2, 20, f'fill="{INK}" fill-rule="evenodd"'),
    "solmar": (str.lower, ROUNDED, 4.2, 28, f'{STROKED} stroke-width="2.9"{CAP}{JOIN}'),
}
# The names cut from Figtree: case, baseline, size, weight, fill, stroke, tracking (em).
HOLLOW = f' stroke="{INK}" stroke-width="9" stroke-linejoin="round"'
SET = {
    "valdora": (str, 35, 23, LIGHT, INK, "", 0.16),
    "ardentia": (str.lower, 36, 30, EXTRA_BOLD, INK, "", -0.03),  # slanted, below
    "idrena": (str.upper, 37, 25, BOLD, "none", HOLLOW, 0.06),
}


def _lettering(slug: str, name: str) -> str:
    """The name beside the mark, in the brand's own lettering: a drawn alphabet's letters
    `height` px tall, centred on the logo's middle line, or Figtree."""
    if slug in DRAWN:
        case, alphabet, gap, height, style = DRAWN[slug]
        x, letters = 0.0, []
        for letter in case(name):
            advance, path = alphabet[letter]
            letters.append(f'<path transform="translate({x:g})" d="{path}"/>')
            x += advance + gap
        place = f"translate({LEFT} {28 - height / 2:g}) scale({height / 20:.4g})"
        return f'<g transform="{place}" {style}>{"".join(letters)}</g>'
    case, baseline, size, weight, fill, extra, tracking = SET[slug]
    run = words(LEFT, baseline, case(name), size, weight, fill, extra=extra, tracking=tracking)
    return f'<g transform="skewX(-12) translate(7 0)">{run}</g>' if slug == "ardentia" else run


def sprite(names: list[str]) -> str:
    """Every brand's logo stacked 56 px apart, each shown alone by its `<view id="<slug>">`."""
    w, h = SIZE
    views, logos = [], []
    for row, name in enumerate(names):
        slug, top = name.lower(), row * h
        views.append(f'<view id="{slug}" viewBox="0 {top} {w} {h}"/>')
        body = MARKS[slug] + _lettering(slug, name)
        logos.append(f'<g transform="translate(0 {top})">{body}</g>' if top else body)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h * len(names)}" fill="{INK}">'
    )
    return head + "".join(views + logos) + "</svg>\n"
