# ruff: noqa: E501 - SVG path data reads best on one line
"""Logo-like technology icons for the services page, 48 px: an abstract glyph in white on a
coloured tile, not the projects' real marks (the page names each one beside its icon)."""

from __future__ import annotations

from motorlab.build.drawings.canvas import svg
from motorlab.build.drawings.figtree import BOLD, words

# One icon a line: its slug, its tile's colour and its glyph.
TABLE = """
vuejs #2f7d5b <path d="M8 12h9l7 12 7-12h9L24 38z"/><path d="M17 12h5l2 4 2-4h5l-7 12z" fill="#1d4d38"/>
react #1b2a3a <g fill="none" stroke="#7fd6f0" stroke-width="2.5"><ellipse cx="24" cy="24" rx="17" ry="7"/><ellipse cx="24" cy="24" rx="17" ry="7" transform="rotate(60 24 24)"/><ellipse cx="24" cy="24" rx="17" ry="7" transform="rotate(120 24 24)"/></g><circle cx="24" cy="24" r="3.5" fill="#7fd6f0"/>
typescript #2a5db0 <path d="M10 20h16v4h-6v16h-4V24h-6zM40 22c-2-2-9-3-9 2 0 5 10 4 10 10 0 6-9 7-13 3l2-3c3 2 7 2 7-1 0-4-10-3-10-9 0-7 9-8 14-5z"/>
sass #b0467a <path d="M31 11c-9-3-21 3-21 10 0 6 13 7 13 12 0 4-5 5-8 3l-2 3c5 4 14 2 14-5 0-6-13-7-13-11 0-5 9-9 16-7z"/><circle cx="34" cy="34" r="4"/>
nodejs #3f7a3a <path d="M24 7l15 8.5v17L24 41 9 32.5v-17z" fill="none" stroke="#fff" stroke-width="3"/><path d="M24 17l7 4v8l-7 4-7-4v-8z"/>
python #2e5f8f <path d="M23 8c-8 0-9 3-9 6v4h10v2H11c-4 0-6 3-6 8s2 8 6 8h3v-5c0-4 3-6 6-6h9c3 0 5-2 5-5v-6c0-4-4-6-11-6z"/><path d="M25 40c8 0 9-3 9-6v-4H24v-2h13c4 0 6-3 6-8s-2-8-6-8h-3v5c0 4-3 6-6 6h-9c-3 0-5 2-5 5v6c0 4 4 6 11 6z" fill="#f2cf5b"/>
java #a1452b <path d="M12 26h22v4c0 6-5 10-11 10s-11-4-11-10z"/><path d="M34 28h3a4 4 0 0 1 0 8h-4" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M20 9c-3 4 3 6 0 11M26 9c-3 4 3 6 0 11" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>
php #5b5f9e <ellipse cx="24" cy="24" rx="19" ry="12" fill="none" stroke="#fff" stroke-width="2.5"/>
postgresql #31648c <ellipse cx="24" cy="13" rx="13" ry="5"/><path d="M11 16v19c0 3 6 5 13 5s13-2 13-5V16c0 3-6 5-13 5s-13-2-13-5z"/><path d="M11 25c0 3 6 5 13 5s13-2 13-5" fill="none" stroke="#31648c" stroke-width="2.5"/>
mongodb #2c6e49 <path d="M24 6c8 8 11 15 11 21 0 8-6 12-10 13v3h-2v-3c-4-1-10-5-10-13 0-6 3-13 11-21z"/><path d="M24 14v26" stroke="#2c6e49" stroke-width="2"/>
redis #b3322a <path d="M24 9l16 6-16 6-16-6z"/><path d="M8 22l16 6 16-6M8 29l16 6 16-6" fill="none" stroke="#fff" stroke-width="3"/>
mysql #2c5f7c <path d="M8 33c6-14 16-20 28-18 3 1 4 4 2 6-5-2-10 0-12 5l5 8c-9 1-16-1-23-1z"/><circle cx="33" cy="18" r="1.6" fill="#2c5f7c"/><path d="M38 30l4 6" stroke="#f2a93b" stroke-width="3"/>
flutter #2a7fc1 <path d="M27 7h9L17 26l-4.5-4.5zM27 23h9l-9 9 9 9h-9l-9-9z"/>
swift #d9572b <path d="M9 30c7 6 18 9 25 4 2 2 4 4 5 7 2-5 1-9-1-12 4-9-3-18-10-22 4 6 5 12 3 17C24 20 15 13 12 10c3 5 8 10 12 13-6-3-12-7-15-9 4 6 10 12 16 16-6 2-11 2-16 0z"/>
kotlin #6b4fc4 <path d="M10 10h28L24 24l14 14H10z"/><path d="M10 10h14L10 24z" fill="#f08a3c"/>
react-native #1b2a3a <rect x="14" y="6" width="20" height="36" rx="4" fill="none" stroke="#fff" stroke-width="2.5"/><g fill="none" stroke="#7fd6f0" stroke-width="2"><ellipse cx="24" cy="24" rx="14" ry="5"/><ellipse cx="24" cy="24" rx="14" ry="5" transform="rotate(60 24 24)"/><ellipse cx="24" cy="24" rx="14" ry="5" transform="rotate(120 24 24)"/></g><circle cx="24" cy="24" r="2.5" fill="#7fd6f0"/>
"""
TECH = {
    slug: (colour, glyph)
    for slug, colour, glyph in (row.split(" ", 2) for row in TABLE.split("\n") if row)
}
TECH_WORDS = {"php": "php"}  # an icon whose glyph is a word, set in Figtree


def tech_icon(slug: str) -> str:
    colour, glyph = TECH[slug]
    if slug in TECH_WORDS:
        glyph += words(24, 28.5, TECH_WORDS[slug], 14, BOLD, "#fff", "middle")
    return svg(
        48, 48, f'<rect width="48" height="48" rx="10" fill="{colour}"/><g fill="#fff">{glyph}</g>'
    )
