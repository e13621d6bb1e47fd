# ruff: noqa: E501 - SVG path data reads best on one line
"""The team's faces (fictional people), flat and duotone: each person in one hue with a face of
their own. Each part is named by its class (`class="eyes"`), which the tests read back."""

from __future__ import annotations

from typing import NamedTuple

from motorlab.build.drawings import canvas as ui
from motorlab.build.drawings.figtree import EXTRA_BOLD, words
from motorlab.identity import AGENCY


def mix(a: str, b: str, share: float) -> str:
    """`share` of colour `a` over colour `b`: the faces' tints come from the palette."""
    channels = (
        int(a[i : i + 2], 16) * share + int(b[i : i + 2], 16) * (1 - share) for i in (1, 3, 5)
    )
    return "#" + "".join(f"{round(c):02x}" for c in channels)


class Tone(NamedTuple):
    background: str
    face: str
    clothes: str
    hair: str
    features: str  # eyes, brows, mouth
    cheeks: str


SKIN_RED, SKIN_BLUE = mix(ui.ACCENT_LIGHT, ui.PAPER, 0.45), mix(ui.BLUE, ui.PAPER, 0.3)
SKIN_INK = mix(mix(ui.ACCENT_LIGHT, ui.MUTED, 0.4), ui.PAPER, 0.45)
CHEEKS_BLUE, CHEEKS_INK = mix(ui.BLUE, ui.PAPER, 0.55), mix(ui.ACCENT_LIGHT, ui.PAPER, 0.6)
TONES = {
    "red": Tone(ui.ACCENT_TINT, SKIN_RED, ui.ACCENT, ui.ACCENT_DARK, ui.NIGHT, ui.ACCENT_LIGHT),
    "blue": Tone(ui.BLUE_TINT, SKIN_BLUE, ui.BLUE, ui.NIGHT, ui.NIGHT, CHEEKS_BLUE),
    "ink": Tone(ui.SURFACE, SKIN_INK, ui.MUTED, ui.INK, ui.INK, CHEEKS_INK),
}


class Person(NamedTuple):
    hair: str  # long, bob, curly, bun, short, side, bald
    extras: tuple[str, ...]  # glasses, beard, earrings
    tone: str
    eyes: str  # open, wide, happy, wink
    brows: str  # arched, flat, raised, quirked
    mouth: str  # smile, grin, laugh, smirk, calm
    tilt: int  # degrees, the head's lean


PEOPLE = {
    "lucia-ferrer": Person("long", ("earrings",), "red", "open", "arched", "grin", -4),
    "javier-montalban": Person("short", ("glasses",), "blue", "open", "flat", "smirk", 3),
    "marta-oliveira": Person("bun", (), "ink", "happy", "flat", "laugh", -2),
    "daniel-ortega": Person("short", ("beard",), "red", "wink", "quirked", "grin", 5),
    "irene-castells": Person("bob", ("glasses",), "blue", "wide", "raised", "smile", -5),
    "tomas-nieminen": Person("side", (), "ink", "open", "quirked", "smirk", 4),
    "sofia-varela": Person("curly", ("earrings",), "red", "happy", "arched", "laugh", 0),
    "clara-duarte": Person("bob", (), "blue", "open", "arched", "smile", 3),
    "hugo-lambert": Person("side", ("beard",), "ink", "happy", "flat", "smile", -3),
    "nerea-goikoetxea": Person("long", ("glasses",), "blue", "wide", "arched", "grin", 2),
    "pablo-ruiz": Person("short", (), "ink", "wink", "raised", "grin", -4),
    "elena-bianchi": Person("bun", ("glasses", "earrings"), "red", "open", "raised", "calm", 4),
    "andres-galan": Person("bald", ("beard",), "blue", "happy", "raised", "laugh", -2),
}

BACK_HAIR = {  # behind the head
    "long": "M46 74a34 34 0 0 1 68 0v52q-8 6-16 0V92H62v34q-8 6-16 0z",
    "bob": "M46 74a34 34 0 0 1 68 0v28q-6 4-12 0V84H58v18q-6 4-12 0z",
    "curly": "M80 28a9 9 0 0 1 16 2 9 9 0 0 1 14 8 9 9 0 0 1 8 13 9 9 0 0 1 2 15 9 9 0 0 1-4 15 9 9 0 0 1-8 12l-56 0a9 9 0 0 1-8-12 9 9 0 0 1-4-15 9 9 0 0 1 2-15 9 9 0 0 1 8-13 9 9 0 0 1 14-8 9 9 0 0 1 16-2z",
    "bun": "M80 22a12 12 0 1 1 0 24 12 12 0 1 1 0-24z",
}
FRINGE = {  # over the head's top
    "short": "M50 70q-2-28 26-30 22-1 32 14 4 6 2 14q-10-10-26-10-18 0-34 12z",
    "side": "M50 74q-2-34 32-34 30 2 28 30-18-2-34-16-8 14-26 20z",
    "long": "M50 74a30 30 0 0 1 60 0q-22-2-30-20-8 18-30 20z",
    "bob": "M50 72a30 30 0 0 1 60 0v-2q-30 4-46-10-4 8-14 12z",
    "bun": "M50 70a30 30 0 0 1 60 0q-16-8-30-8t-30 8z",
    "curly": "M52 66a10 10 0 0 1 14-12 10 10 0 0 1 14-6 10 10 0 0 1 14 6 10 10 0 0 1 14 12q-28-6-56 0z",
    "bald": "",
}
# The parts of every face, drawn once in a file's <defs> and placed with <use>, which gives
# their colours (fill, and `color` for currentColor): eleven people stay a small file.
STROKE = 'fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"'
EYES = {  # the left eye at x 69, the right at 91, both at y 78
    "open": '<circle cx="69" cy="78" r="3.2"/><circle cx="91" cy="78" r="3.2"/>',
    "wide": f'<circle cx="69" cy="78" r="4.6" fill="{ui.PAPER}"/><circle cx="91" cy="78" r="4.6" fill="{ui.PAPER}"/><circle cx="69.6" cy="78.6" r="2.6"/><circle cx="91.6" cy="78.6" r="2.6"/>',
    "happy": f'<path d="M64 79q5-6 10 0M86 79q5-6 10 0" {STROKE}/>',
    "wink": f'<circle cx="69" cy="78" r="3.2"/><path d="M86 78.5q5 3 10 0" {STROKE}/>',
}
BROWS = {
    "arched": "M63 69q6-5 12-1M85 68q6-4 12 1",
    "flat": "M63 68h12M85 68h12",
    "raised": "M63 66q6-5 12-2M85 64q6-3 12 2",
    "quirked": "M63 69q6-3 12 0M85 65q6-4 12 0",
}
MOUTHS = {
    "smile": f'<path d="M71 92q9 8 18 0" {STROKE}/>',
    "grin": f'<path d="M69 90h22q-2 11-11 11t-11-11z"/><path d="M71 90h18v3H71z" fill="{ui.PAPER}"/>',
    "laugh": f'<path d="M68 89h24q-1 14-12 14t-12-14z"/><path d="M74 99q6-4 12 0-2 4-6 4t-6-4z" fill="{ui.ACCENT_LIGHT}"/>',
    "smirk": f'<path d="M72 94q9 3 16-4" {STROKE}/>',
    "calm": f'<path d="M74 93q6 3 12 0" {STROKE}/>',
}
PARTS = {
    "body": f'<path d="M22 160a58 50 0 0 1 116 0v600H22z"/><path d="M68 118l12 18 12-18z" fill="{ui.PAPER}" opacity=".85"/><path d="M68 98h24v18a12 12 0 0 1-24 0z" fill="currentColor"/>',
    "head": '<circle cx="50" cy="80" r="6"/><circle cx="110" cy="80" r="6"/><circle cx="80" cy="74" r="30"/>',
    "earrings": '<circle cx="49" cy="89" r="2.6"/><circle cx="111" cy="89" r="2.6"/>',
    "cheeks": '<g opacity=".7"><circle cx="62" cy="88" r="4.5"/><circle cx="98" cy="88" r="4.5"/></g>',
    "beard": '<path d="M50 80q2 30 30 30t30-30q-4 4-8 4-4 0-8-4-6-2-14-2t-14 2q-4 4-8 4t-8-4z"/><ellipse cx="80" cy="94" rx="12" ry="7" fill="currentColor"/>',
    "nose": '<path d="M80 78q-3 6-4 9 2 1 5 0" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" opacity=".55"/>',
    "glasses": '<g fill="none" stroke="currentColor" stroke-width="2.6"><circle cx="69" cy="78" r="8.5"/><circle cx="91" cy="78" r="8.5"/><path d="M77.5 77q2.5-2 5 0M60.5 76l-9-3M99.5 76l9-3"/></g>',
    **{f"eyes-{k}": v for k, v in EYES.items()},
    **{f"brows-{k}": f'<path d="{v}" {STROKE.replace("2.6", "3")}/>' for k, v in BROWS.items()},
    **{f"mouth-{k}": v for k, v in MOUTHS.items()},
    **{f"back-{k}": f'<path d="{v}"/>' for k, v in BACK_HAIR.items()},
    **{f"fringe-{k}": f'<path d="{v}"/>' for k, v in FRINGE.items() if v},
}

EARRINGS = (ui.ACCENT, ui.NIGHT)  # on a red person, night blue


def use(part: str, name: str, fill: str = "", color: str = "") -> str:
    """A part placed by <use>, named by its class (what a test reads back)."""
    paint = (f' fill="{fill}"' if fill else "") + (f' color="{color}"' if color else "")
    return f'<use class="{name}" href="#p-{part}"{paint}/>'


def parts_of(slug: str) -> list[tuple[str, str, str, str]]:
    """The parts of a person, bottom to top: (part, class, fill, color)."""
    p, t = PEOPLE[slug], TONES[PEOPLE[slug].tone]
    layers = (  # a part left out (None) where this person has none
        ("body", "shoulders", t.clothes, t.face),
        (f"back-{p.hair}" if p.hair in BACK_HAIR else None, "hair", t.hair, ""),
        ("head", "face", t.face, ""),
        ("earrings" if "earrings" in p.extras else None, "earrings", EARRINGS[p.tone == "red"], ""),
        (f"fringe-{p.hair}" if FRINGE[p.hair] else None, "hair", t.hair, ""),
        ("cheeks", "cheeks", t.cheeks, ""),
        ("beard" if "beard" in p.extras else None, "beard", t.hair, t.face),
        (f"eyes-{p.eyes}", "eyes", "", ""),
        (f"brows-{p.brows}", "brows", "", ui.INK if p.tone == "ink" else t.hair),
        ("nose", "nose", "", ""),
        (f"mouth-{p.mouth}", "mouth", "", ""),
        ("glasses" if "glasses" in p.extras else None, "glasses", "", ""),
    )
    return [layer for layer in layers if layer[0]]


def person(slug: str) -> str:
    """A head and shoulders in a 160x160 box, its parts from the file's `defs(...)`."""
    body, *head = [use(part, name, fill, color) for part, name, fill, color in parts_of(slug)]
    features = TONES[PEOPLE[slug].tone].features  # the eyes', nose's and mouth's colour
    return (
        f'{body}<g fill="{features}" color="{features}" '
        f'transform="rotate({PEOPLE[slug].tilt} 80 104)">{"".join(head)}</g>'
    )


def defs(slugs) -> str:
    """The <defs> of the parts these people are drawn with, each once."""
    used = dict.fromkeys(part for slug in slugs for part, *_ in parts_of(slug))
    return "<defs>" + "".join(f'<g id="p-{part}">{PARTS[part]}</g>' for part in used) + "</defs>"


def portrait(slug: str) -> str:
    background = f'<rect width="160" height="160" fill="{TONES[PEOPLE[slug].tone].background}"/>'
    return ui.svg(160, 160, defs([slug]) + background + person(slug))


def team_photo(width: int, height: int, slugs: list[str], scale: float) -> str:
    """The team in two rows in front of the studio's wall, the agency's name on it."""
    step = 160 * scale * 0.74
    sign = (width * 0.06 + height * 0.15, height * 0.1 + height * 0.085)  # the name's middle
    back, front = slugs[: (len(slugs) - 1) // 2], slugs[(len(slugs) - 1) // 2 :]
    body = [
        f'<rect width="{width}" height="{height}" fill="{ui.SURFACE}"/>',
        f'<circle cx="{width * 0.86:.0f}" cy="{height * 0.12:.0f}" r="{height * 0.42:.0f}" fill="{ui.BLUE_TINT}"/>',
        f'<rect x="{width * 0.06:.0f}" y="{height * 0.1:.0f}" width="{height * 0.3:.0f}" height="{height * 0.12:.0f}" rx="4" fill="{ui.NIGHT}"/>',
        words(
            *sign, AGENCY.abbreviation, height * 0.07, EXTRA_BOLD, "#fff", "middle", tracking=0.08
        ),
        f'<rect y="{height * 0.78:.0f}" width="{width}" height="{height}" fill="{ui.LINE}"/>',
    ]
    for people, top, size in ((back, 0.3, scale * 0.92), (front, 0.5, scale)):
        for index, slug in enumerate(people):
            x = width / 2 + (index - (len(people) - 1) / 2) * step - 80 * size
            place = f"translate({x:.0f} {height * top:.0f}) scale({size:.2f})"
            body.append(f'<g transform="{place}">{person(slug)}</g>')
    return ui.svg(width, height, defs(slugs) + "".join(body))
