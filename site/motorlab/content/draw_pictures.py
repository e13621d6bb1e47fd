# ruff: noqa: E501 - SVG path data reads best on one line
"""Draw the site's pictures as small SVG files.

Every picture of the site is made by the project: this script writes the four products'
screens in each language (content/pictures/products.py), the client brands' wordmarks
(content/pictures/brands.py), the home page's hero (the showroom website, the workshop app
and the figures, in step), the 404 page's picture, the team's portraits with faces
(content/pictures/people.py) and team picture (a desktop and a mobile variant) and the logo-like technology
icons. Words in a drawing are Figtree outlines (content/pictures/figtree.py): a drawing
shown by <img> cannot use the page's fonts. Run it from the repository root:

    .venv/bin/python -m motorlab.content.draw_pictures

and commit its output under site/motorlab/static/img/ together with any change here.
"""

from __future__ import annotations

from pathlib import Path

from flask_babel import force_locale

from motorlab.content.brands import BRANDS
from motorlab.content.pictures import brands, products, wordmark
from motorlab.content.pictures.figtree import BOLD, EXTRA_BOLD, words
from motorlab.content.pictures.people import PEOPLE, TONES, defs, person
from motorlab.i18n import LOCALES
from motorlab.identity import AGENCY
from motorlab.rendering.tokens import colour

STATIC = Path(__file__).resolve().parents[1] / "static"
IMG = STATIC / "img"
ACCENT = colour("color-accent")
ACCENT_DARK = colour("color-accent-dark")
ACCENT_TINT = colour("color-accent-tint")
BLUE = colour("color-blue")
INK = colour("color-ink")
LINE = colour("color-line")
LINE_STRONG = colour("color-line-strong")
MUTED = colour("color-muted")
NIGHT = colour("color-night")
SUCCESS_SURFACE = colour("color-success-surface")
SURFACE = colour("color-surface")
SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">'


def portrait(slug: str) -> str:
    return (
        SVG_OPEN.format(w=160, h=160)
        + defs([slug])
        + f'<rect width="160" height="160" fill="{TONES[PEOPLE[slug].tone].background}"/>'
        + person(slug)
        + "</svg>\n"
    )


def team_photo(width: int, height: int, slugs: list[str], scale: float) -> str:
    """The team in two rows in front of the studio's wall: its name in Figtree, a window of
    light, and each person in their own tone on a disc of it."""
    step = 160 * scale * 0.74
    back, front = slugs[: (len(slugs) - 1) // 2], slugs[(len(slugs) - 1) // 2 :]
    body = [
        f'<rect width="{width}" height="{height}" fill="{SURFACE}"/>',
        f'<circle cx="{width * 0.86:.0f}" cy="{height * 0.12:.0f}" r="{height * 0.42:.0f}" fill="#dce7fd"/>',
        f'<rect x="{width * 0.06:.0f}" y="{height * 0.1:.0f}" width="{height * 0.3:.0f}" height="{height * 0.12:.0f}" rx="4" fill="{NIGHT}"/>',
        words(
            width * 0.06 + height * 0.15,
            height * 0.1 + height * 0.085,
            AGENCY.abbreviation,
            height * 0.07,
            EXTRA_BOLD,
            "#fff",
            "middle",
            tracking=0.08,
        ),
        f'<rect y="{height * 0.78:.0f}" width="{width}" height="{height}" fill="{LINE}"/>',
    ]
    for people, top, size in ((back, 0.3, scale * 0.92), (front, 0.5, scale)):
        for index, slug in enumerate(people):
            x = width / 2 + (index - (len(people) - 1) / 2) * step - 80 * size
            y = height * top
            body.append(
                f'<g transform="translate({x:.0f} {y:.0f}) scale({size:.2f})">'
                + person(slug)
                + "</g>"
            )
    return SVG_OPEN.format(w=width, h=height) + defs(slugs) + "".join(body) + "</svg>\n"


# Logo-like technology icons: an abstract glyph in white on a coloured tile. Not the real
# marks of these projects: the page shows each name as text next to its icon.
TECH = {
    "vuejs": (
        "#2f7d5b",
        '<path d="M8 12h9l7 12 7-12h9L24 38z"/><path d="M17 12h5l2 4 2-4h5l-7 12z" fill="#1d4d38"/>',
    ),
    "react": (
        "#1b2a3a",
        '<g fill="none" stroke="#7fd6f0" stroke-width="2.5"><ellipse cx="24" cy="24" rx="17" ry="7"/><ellipse cx="24" cy="24" rx="17" ry="7" transform="rotate(60 24 24)"/><ellipse cx="24" cy="24" rx="17" ry="7" transform="rotate(120 24 24)"/></g><circle cx="24" cy="24" r="3.5" fill="#7fd6f0"/>',
    ),
    "typescript": (
        "#2a5db0",
        '<path d="M10 20h16v4h-6v16h-4V24h-6zM40 22c-2-2-9-3-9 2 0 5 10 4 10 10 0 6-9 7-13 3l2-3c3 2 7 2 7-1 0-4-10-3-10-9 0-7 9-8 14-5z"/>',
    ),
    "sass": (
        "#b0467a",
        '<path d="M31 11c-9-3-21 3-21 10 0 6 13 7 13 12 0 4-5 5-8 3l-2 3c5 4 14 2 14-5 0-6-13-7-13-11 0-5 9-9 16-7z"/><circle cx="34" cy="34" r="4"/>',
    ),
    "nodejs": (
        "#3f7a3a",
        '<path d="M24 7l15 8.5v17L24 41 9 32.5v-17z" fill="none" stroke="#fff" stroke-width="3"/><path d="M24 17l7 4v8l-7 4-7-4v-8z"/>',
    ),
    "python": (
        "#2e5f8f",
        '<path d="M23 8c-8 0-9 3-9 6v4h10v2H11c-4 0-6 3-6 8s2 8 6 8h3v-5c0-4 3-6 6-6h9c3 0 5-2 5-5v-6c0-4-4-6-11-6z"/><path d="M25 40c8 0 9-3 9-6v-4H24v-2h13c4 0 6-3 6-8s-2-8-6-8h-3v5c0 4-3 6-6 6h-9c-3 0-5 2-5 5v6c0 4 4 6 11 6z" fill="#f2cf5b"/>',
    ),
    "java": (
        "#a1452b",
        '<path d="M12 26h22v4c0 6-5 10-11 10s-11-4-11-10z"/><path d="M34 28h3a4 4 0 0 1 0 8h-4" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M20 9c-3 4 3 6 0 11M26 9c-3 4 3 6 0 11" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>',
    ),
    "php": (
        "#5b5f9e",
        '<ellipse cx="24" cy="24" rx="19" ry="12" fill="none" stroke="#fff" stroke-width="2.5"/>',
    ),
    "postgresql": (
        "#31648c",
        '<ellipse cx="24" cy="13" rx="13" ry="5"/><path d="M11 16v19c0 3 6 5 13 5s13-2 13-5V16c0 3-6 5-13 5s-13-2-13-5z"/><path d="M11 25c0 3 6 5 13 5s13-2 13-5" fill="none" stroke="#31648c" stroke-width="2.5"/>',
    ),
    "mongodb": (
        "#2c6e49",
        '<path d="M24 6c8 8 11 15 11 21 0 8-6 12-10 13v3h-2v-3c-4-1-10-5-10-13 0-6 3-13 11-21z"/><path d="M24 14v26" stroke="#2c6e49" stroke-width="2"/>',
    ),
    "redis": (
        "#b3322a",
        '<path d="M24 9l16 6-16 6-16-6z"/><path d="M8 22l16 6 16-6M8 29l16 6 16-6" fill="none" stroke="#fff" stroke-width="3"/>',
    ),
    "mysql": (
        "#2c5f7c",
        '<path d="M8 33c6-14 16-20 28-18 3 1 4 4 2 6-5-2-10 0-12 5l5 8c-9 1-16-1-23-1z"/><circle cx="33" cy="18" r="1.6" fill="#2c5f7c"/><path d="M38 30l4 6" stroke="#f2a93b" stroke-width="3"/>',
    ),
    "flutter": ("#2a7fc1", '<path d="M27 7h9L17 26l-4.5-4.5zM27 23h9l-9 9 9 9h-9l-9-9z"/>'),
    "swift": (
        "#d9572b",
        '<path d="M9 30c7 6 18 9 25 4 2 2 4 4 5 7 2-5 1-9-1-12 4-9-3-18-10-22 4 6 5 12 3 17C24 20 15 13 12 10c3 5 8 10 12 13-6-3-12-7-15-9 4 6 10 12 16 16-6 2-11 2-16 0z"/>',
    ),
    "kotlin": (
        "#6b4fc4",
        '<path d="M10 10h28L24 24l14 14H10z"/><path d="M10 10h14L10 24z" fill="#f08a3c"/>',
    ),
    "react-native": (
        "#1b2a3a",
        '<rect x="14" y="6" width="20" height="36" rx="4" fill="none" stroke="#fff" stroke-width="2.5"/><g fill="none" stroke="#7fd6f0" stroke-width="2"><ellipse cx="24" cy="24" rx="14" ry="5"/><ellipse cx="24" cy="24" rx="14" ry="5" transform="rotate(60 24 24)"/><ellipse cx="24" cy="24" rx="14" ry="5" transform="rotate(120 24 24)"/></g><circle cx="24" cy="24" r="2.5" fill="#7fd6f0"/>',
    ),
}


TECH_WORDS = {"php": "php"}  # an icon whose glyph is a word, set in Figtree


def tech_icon(slug: str) -> str:
    colour, glyph = TECH[slug]
    if slug in TECH_WORDS:
        glyph += words(24, 28.5, TECH_WORDS[slug], 14, BOLD, "#fff", "middle")
    return (
        SVG_OPEN.format(w=48, h=48)
        + f'<rect width="48" height="48" rx="10" fill="{colour}"/><g fill="#fff">{glyph}</g></svg>\n'
    )


# The home page's hero, beside its headline from 64 rem: "from the showroom website to the
# workshop floor". A dealer's website (a car on its stage, the configurator's colours), the
# workshop's phone app (a checklist) and a card of figures, joined by the data line.
HERO_SIZE = (560, 460)
CAR = (  # side view in a 72..285 x 116..192 box (the agency picture's car), then its windows
    "M72 176v-14q0-8 8-10l40-10 32-22q7-4 15-4h44q8 0 15 5l26 20q22 3 28 8q5 3 5 11v16z",
    "M158 140l15-13q3-2 7-2h17v15zM204 140v-15h10q5 0 8 3l15 12z",
)
SWATCHES = (ACCENT, INK, BLUE, MUTED)
CHECKLIST = (True, True, True, False)  # the workshop's tasks, done or not
BARS = (30, 42, 36, 54, 48, 64, 72)  # the figures card's columns, the last one highlighted


def panel(x: int, y: int, width: int, height: int, radius: int, fill: str) -> str:
    """A rounded panel on a soft shadow (an offset copy: no filter to render), with a hairline
    edge so a white panel still shows on the white page."""
    return (
        f'<rect x="{x}" y="{y + 8}" width="{width}" height="{height}" rx="{radius}" fill="{NIGHT}" opacity=".08"/>'
        f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="{radius}" fill="{fill}" stroke="{LINE}"/>'
    )


def hero() -> str:
    body = [
        # No backdrop: the picture stands on the page's white, on two soft discs.
        f'<circle cx="420" cy="150" r="140" fill="#dce7fd" opacity=".8"/><circle cx="100" cy="360" r="90" fill="{ACCENT_TINT}"/>',
        # The showroom website: its bar, navigation, stage with the car, colours, models.
        panel(36, 40, 400, 290, 12, "#fff"),
        f'<path d="M36 52a12 12 0 0 1 12-12h376a12 12 0 0 1 12 12v18H36z" fill="{NIGHT}"/>',
        '<g fill="#fff" opacity=".35"><circle cx="54" cy="55" r="4"/><circle cx="68" cy="55" r="4"/><circle cx="82" cy="55" r="4"/></g>',
        '<rect x="104" y="48" width="200" height="14" rx="7" fill="#fff" opacity=".15"/>',
        f'<rect x="56" y="84" width="16" height="16" rx="4" fill="{ACCENT}"/>',
        f'<g fill="{MUTED}" opacity=".35"><rect x="256" y="89" width="28" height="6" rx="3"/><rect x="292" y="89" width="28" height="6" rx="3"/><rect x="328" y="89" width="28" height="6" rx="3"/></g>',
        '<rect x="56" y="112" width="360" height="130" rx="8" fill="#dce7fd"/>',
        f'<g fill="{INK}"><rect x="72" y="134" width="112" height="10" rx="5"/><rect x="72" y="152" width="84" height="10" rx="5"/></g>',
        f'<g fill="{MUTED}" opacity=".5"><rect x="72" y="174" width="104" height="6" rx="3"/><rect x="72" y="186" width="76" height="6" rx="3"/></g>',
        f'<rect x="72" y="204" width="72" height="22" rx="11" fill="{ACCENT}"/><rect x="86" y="212" width="44" height="6" rx="3" fill="#fff"/>',
        f'<ellipse cx="286" cy="233" rx="92" ry="5" fill="{NIGHT}" opacity=".12"/>',
        f'<g transform="translate(142 78) scale(.8)"><path d="{CAR[0]}" fill="{ACCENT}"/><path d="{CAR[1]}" fill="#dce7fd"/>'
        f'<g fill="{INK}" stroke="#dce7fd" stroke-width="4"><circle cx="116" cy="176" r="17"/><circle cx="240" cy="176" r="17"/></g>'
        '<g fill="#fff"><circle cx="116" cy="176" r="6"/><circle cx="240" cy="176" r="6"/></g></g>',
        f'<circle cx="72" cy="266" r="12" fill="none" stroke="{ACCENT}" stroke-width="2"/>',
        "".join(
            f'<circle cx="{72 + 26 * index}" cy="266" r="8" fill="{colour}"/>'
            for index, colour in enumerate(SWATCHES)
        ),
        f'<rect x="184" y="258" width="80" height="8" rx="4" fill="{INK}" opacity=".8"/><rect x="184" y="272" width="56" height="6" rx="3" fill="{MUTED}" opacity=".4"/>',
        f'<g fill="{SURFACE}"><rect x="56" y="294" width="112" height="24" rx="6"/><rect x="180" y="294" width="112" height="24" rx="6"/><rect x="304" y="294" width="112" height="24" rx="6"/></g>',
        # The data line from the figures to the workshop, through the website.
        f'<path d="M200 372h176" stroke="{BLUE}" stroke-width="2" stroke-dasharray="4 4"/>',
        f'<circle cx="294" cy="372" r="9" fill="{BLUE}"/><circle cx="294" cy="372" r="3.5" fill="#fff"/>',
        # The workshop's phone: the job's header, its checklist, progress and button.
        panel(376, 140, 150, 300, 24, INK),
        f'<rect x="384" y="150" width="134" height="280" rx="16" fill="#fff"/><rect x="430" y="156" width="42" height="6" rx="3" fill="{INK}"/>',
        f'<rect x="392" y="172" width="118" height="52" rx="10" fill="{BLUE}"/>',
        # A spanner: a round head, its jaw cut in the header's blue, and a handle.
        f'<g transform="translate(416 188) rotate(45)" fill="#fff"><circle r="8"/><rect x="-3" y="-10" width="6" height="8" fill="{BLUE}"/><rect x="-2.5" y="5" width="5" height="17" rx="2.5"/></g>',
        '<rect x="434" y="186" width="60" height="7" rx="3.5" fill="#fff"/><rect x="434" y="200" width="40" height="6" rx="3" fill="#fff" opacity=".6"/>',
    ]
    for index, done in enumerate(CHECKLIST):
        y = 240 + 34 * index
        mark = (
            f'<circle cx="404" cy="{y + 10}" r="9" fill="#1f8a5b"/><path d="M399.5 {y + 10}l3 3 6-6.5" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>'
            if done
            else f'<circle cx="404" cy="{y + 10}" r="8" fill="none" stroke="{LINE_STRONG}" stroke-width="2"/>'
        )
        body.append(
            mark
            + f'<rect x="420" y="{y + 3}" width="76" height="6" rx="3" fill="{INK}" opacity=".7"/><rect x="420" y="{y + 13}" width="50" height="5" rx="2.5" fill="{MUTED}" opacity=".35"/>'
        )
    done_share = sum(CHECKLIST) / len(CHECKLIST)
    body += [
        f'<rect x="396" y="382" width="110" height="8" rx="4" fill="{LINE}"/><rect x="396" y="382" width="{110 * done_share:.0f}" height="8" rx="4" fill="#1f8a5b"/>',
        f'<rect x="396" y="400" width="110" height="20" rx="10" fill="{ACCENT}"/>',
        # The figures: a card of columns with a rising mark.
        panel(16, 300, 196, 120, 12, "#fff"),
        f'<rect x="32" y="316" width="70" height="7" rx="3.5" fill="{INK}" opacity=".8"/>',
        f'<rect x="150" y="312" width="46" height="16" rx="8" fill="{SUCCESS_SURFACE}"/><path d="M164 324l7-7 5 4 8-8m-6 0h6v6" fill="none" stroke="#1f8a5b" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>',
        f'<path d="M30 404h168" stroke="{LINE}" stroke-width="2"/>',
    ]
    body += [
        f'<rect x="{34 + 22 * index}" y="{404 - bar}" width="14" height="{bar}" rx="3" fill="{BLUE if index == len(BARS) - 1 else "#dce7fd"}"/>'
        for index, bar in enumerate(BARS)
    ]
    return SVG_OPEN.format(w=HERO_SIZE[0], h=HERO_SIZE[1]) + "".join(body) + "</svg>\n"


# The 404 page's picture: the road ends at a barrier, the car stops short of it, and the
# sign says where you are. Figures only: one file serves both languages.
NOT_FOUND_SIZE = (480, 360)


def not_found() -> str:
    w, h = NOT_FOUND_SIZE
    stripes = "".join(
        f'<path d="M{362 + 22 * i} 236h12l-10 22h-12z" fill="{ACCENT}"/>' for i in range(5)
    )
    body = [
        f'<circle cx="{w * 0.62:.0f}" cy="{h * 0.4:.0f}" r="150" fill="#dce7fd"/>',
        f'<rect y="276" width="{w}" height="{h - 276}" fill="{SURFACE}"/>',
        f'<path d="M0 300h{w}" stroke="{LINE_STRONG}" stroke-width="4" stroke-dasharray="28 20"/>',
        # The sign: a night-blue plate on a post, the code in Figtree.
        f'<rect x="86" y="160" width="8" height="118" fill="{MUTED}"/>',
        f'<rect x="20" y="64" width="140" height="100" rx="12" fill="{NIGHT}"/>',
        '<rect x="28" y="72" width="124" height="84" rx="7" fill="none" stroke="#fff" stroke-width="2" opacity=".5"/>',
        words(90, 131, "404", 52, EXTRA_BOLD, "#fff", "middle"),
        # The barrier across the road's end, on two feet.
        f'<g fill="{INK}"><rect x="362" y="256" width="6" height="24"/><rect x="450" y="256" width="6" height="24"/></g>',
        f'<rect x="350" y="234" width="118" height="26" rx="4" fill="#fff" stroke="{INK}" stroke-width="2"/>',
        stripes,
        f'<circle cx="350" cy="226" r="8" fill="{ACCENT}"/><circle cx="468" cy="226" r="8" fill="{ACCENT}"/>',
        # The car, stopped short of it.
        f'<ellipse cx="222" cy="280" rx="96" ry="6" fill="{NIGHT}" opacity=".12"/>',
        f'<g transform="translate(54 130) scale(.8)"><path d="{CAR[0]}" fill="{BLUE}"/><path d="{CAR[1]}" fill="#dce7fd"/>'
        f'<g fill="{INK}" stroke="{SURFACE}" stroke-width="4"><circle cx="116" cy="176" r="17"/><circle cx="240" cy="176" r="17"/></g>'
        '<g fill="#fff"><circle cx="116" cy="176" r="6"/><circle cx="240" cy="176" r="6"/></g></g>',
    ]
    return SVG_OPEN.format(w=w, h=h) + "".join(body) + "</svg>\n"


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"{path.relative_to(IMG.parent)}: {len(text.encode())} bytes")


def drawings() -> dict[Path, str]:
    """Every drawing of the site by its file, the product screens once per language (inside
    an app context: their words come from the compiled catalogs)."""
    drawn = {}
    for locale in LOCALES:
        with force_locale(locale):
            for name, draw in products.DRAWINGS.items():
                drawn[IMG / name.replace("{locale}", locale)] = draw()
    drawn[IMG / "brands.svg"] = brands.sprite([brand.name for brand in BRANDS])
    drawn[IMG / "wordmark.svg"] = wordmark.draw()
    drawn[IMG / "hero.svg"] = hero()
    drawn[IMG / "not-found.svg"] = not_found()
    for slug in PEOPLE:
        drawn[IMG / "team" / f"{slug}.svg"] = portrait(slug)
    everyone = list(PEOPLE)
    drawn[IMG / "team" / "photo-desktop.svg"] = team_photo(1200, 500, everyone[:11], 1.25)
    drawn[IMG / "team" / "photo-mobile.svg"] = team_photo(600, 600, everyone[4:11], 1.05)
    for slug in TECH:
        drawn[IMG / "tech" / f"{slug}.svg"] = tech_icon(slug)
    return drawn


def main() -> None:
    from motorlab import create_app

    with create_app().app_context():
        for path, text in drawings().items():
            write(path, text)


if __name__ == "__main__":
    main()
