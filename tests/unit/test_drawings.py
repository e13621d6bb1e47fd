"""The drawings as `make` builds them: Figtree outlines only, each language's file in its own
language, what each one shows, and drawn again byte for byte (a hashed URL never changes)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from motorlab.build import icons
from motorlab.build.drawings import drawings, products
from motorlab.build.drawings.canvas import BLUE_TINT, CAR_SIDE, PAPER
from motorlab.build.drawings.figtree import REGULAR, RUN_SCALE, WEIGHTS, face
from motorlab.build.drawings.people import PEOPLE
from motorlab.build.drawings.products.kuzu import KUZU_VIN
from motorlab.content import team
from motorlab.i18n import LOCALES
from tests.support.app import ROOT, STATIC

DRAWINGS = sorted(STATIC.rglob("*.svg")) + sorted((ROOT / "templates").rglob("*.svg"))
# A run of words as figtree.words writes it: one path, each glyph after its `M`.
RUN = re.compile(r'<g transform=[^>]*><path d="(M[^"]+)"/></g>')
GLYPH_START = re.compile(r"M-?[0-9]+ 0")


@cache
def figtree_outlines() -> dict[str, str]:
    """Each outline Figtree draws at the drawings' weights, and a character it draws."""
    outlines = {}
    for weight in WEIGHTS:
        font = face(weight)
        for code, name in sorted(font.cmap.items(), reverse=True):
            outline = font.outline(name)
            if outline:
                outlines[outline] = chr(code)
    return outlines


def glyph_outlines(text: str) -> list[list[str]]:
    """Each run's glyph outlines, in order (the `M` that places each one left out)."""
    return [GLYPH_START.split(path)[1:] for path in RUN.findall(text)]


def runs(text: str) -> list[str]:
    """The words of a drawing, read from its glyph outlines (spaces draw nothing: left out)."""
    outlines = figtree_outlines()
    return ["".join(outlines[o] for o in run) for run in glyph_outlines(text)]


def holds(runs_: list[str], words: str) -> bool:
    """Whether a run reads `words` (read as `runs` reads: a glyph two characters share is one)."""
    font, outlines = face(REGULAR), figtree_outlines()
    read = "".join(outlines[font.outline(font.glyph(c))] for c in words if c != " ")
    return any(read in run for run in runs_)


def parts(markup: str) -> list[str]:
    """The class names of a drawing's named parts in order (a van, a face's eyes)."""
    return re.findall(r'class="([a-z]+)"', markup)


def drawing(name: str, locale: str) -> str:
    """A product drawing's file (`kuzu/fault`) in `locale`."""
    return (STATIC / "img" / "projects" / f"{name}.{locale}.svg").read_text("utf-8")


@pytest.mark.parametrize("path", DRAWINGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_glyph_of_the_drawings_is_a_figtree_outline(path):
    """No text left to the viewer's fonts; every run of words is one path of Figtree outlines
    (no glyph <use>: each is a shadow tree the page's main thread styles)."""
    text = path.read_text(encoding="utf-8")
    assert "<text" not in text and "font-family" not in text and "@font-face" not in text
    glyphs = [o for run in glyph_outlines(text) for o in run]
    assert [d for d in glyphs if d not in figtree_outlines()] == []
    assert re.findall(r'<use href="#[lrsbx][0-9a-f]+"', text) == []  # glyphs as they were


SHOWS = {  # by product drawing (under projects/): its parts in order
    "ads": ["window"],
    "ads/work-order": ["window"],
    "ads/planning": ["window"],
    "ads/history": ["window"],
    # The app's new fault (and the fault marked, and followed) with three photos of the door.
    "kuzu": ["phone", "car", "photo", "photo", "photo"],
    "kuzu/scan": ["phone"],
    "kuzu/report": ["phone", "car", "photo", "photo", "photo"],
    "kuzu/fault": ["phone", "photo", "photo", "photo"],
    "vc": ["window", "van", "van"],
    "vc/configurator": ["window", "van"],
    "vc/dealers": ["phone", "map", "pin", "pin"],
    "vc/booking": ["phone"],
    # The dealer's page in the editor and published: its offers; each template shows its car.
    "viewbox": ["window", "offer", "offer", "offer"],
    "viewbox/templates": ["window"] + ["template"] * 6,
    "viewbox/approval": ["window"],
    "viewbox/published": ["phone", "offer", "offer", "offer", "chart"],
}
IN_ITS_LANGUAGE = (  # a drawing, words in Spanish, the same in English
    ("kuzu", "Nueva avería", "New fault"),
    ("kuzu", "Puerta trasera izq.", "Rear left door"),
    ("ads", "Taller · hoy", "Workshop · today"),
    ("ads/work-order", "Orden de trabajo OT-24817", "Work order OT-24817"),
    ("vc", "Furgonetas", "Vans"),
    ("kuzu/fault", "Asignada a Trimtec", "Assigned to Trimtec"),
    ("ads/history", "Historial del vehículo", "Vehicle history"),
    ("vc/booking", "Furgoneta de sustitución", "Replacement van"),
    ("vc/dealers", "Buscar concesionario", "Find a dealer"),
    ("viewbox/published", "Visitas esta semana", "Visits this week"),
    ("viewbox", "Puertas abiertas", "Open day"),
    ("viewbox/approval", "Pendiente de aprobación", "Waiting for approval"),
)
PLACEHOLDERS = (
    "l12-14 9 9 7-6 14 11z",  # the mountain icon the fault's photos were
    "M0 70V22q0-6 5-9l18-11",  # the van that was a box on two wheels
)


def pieces(name: str, locale: str, part: str) -> list[str]:
    """Each `part` of a drawing's file, up to the next one (the last: to the file's end)."""
    return drawing(name, locale).split(f'class="{part}"')[1:]


@pytest.mark.parametrize("locale", LOCALES)
def test_what_each_product_drawing_shows(locale):
    """Its parts in order and its words in its language, none cut short with an ellipsis on a
    screen (a hero, denser for a card, may cut one); no empty block (a photo, an offer, a map)."""
    assert sorted(f"projects/{name}.{{locale}}.svg" for name in SHOWS) == sorted(products.DRAWINGS)
    assert {"brands.svg", "not-found.svg"} <= {p.name for p in DRAWINGS}, "the walk finds them"
    for name, shown in SHOWS.items():
        text = drawing(name, locale)
        assert parts(text) == shown, name
        assert [p for p in PLACEHOLDERS if p in text] == [], name
        words = runs(text)
        assert words, name
        if "/" in name:
            assert [w for w in words if "…" in w] == [], name
    for name, spanish, english in IN_ITS_LANGUAGE:
        own, other = (spanish, english) if locale == "es" else (english, spanish)
        words = runs(drawing(name, locale))
        assert holds(words, own) and not holds(words, other), (name, own)
    kuzu = runs(drawing("kuzu", locale))  # the KuZu hero's fault, with its VIN and zone
    assert holds(kuzu, KUZU_VIN) and holds(kuzu, "4")
    for name in ("kuzu", "kuzu/report", "kuzu/fault"):
        photos = pieces(name, locale, "photo")
        assert len(photos) == 3 and all("<circle" in p.split("</svg>")[0] for p in photos)
    for name in ("viewbox", "viewbox/published"):
        offers = pieces(name, locale, "offer")
        assert len(offers) == 3 and all(RUN_SCALE.search(o) and "<circle" in o for o in offers)
    templates = pieces("viewbox/templates", locale, "template")
    assert all(CAR_SIDE[0] in t.split("</g></g>")[0] for t in templates)
    (chart,) = pieces("viewbox/published", locale, "chart")
    assert chart.split("</g>")[0].count("<rect") == 7  # a day each
    # The dealer locator's map: streets and a river (not a grey block) under two numbered pins.
    (rest,) = pieces("vc/dealers", locale, "map")
    streets = rest.split("</svg>")[0]
    assert streets.count(f'stroke="{PAPER}"') == 2 and f'stroke="{BLUE_TINT}"' in streets
    pins = pieces("vc/dealers", locale, "pin")
    assert [len(RUN_SCALE.findall(p.split("</g></g>")[0])) for p in pins] == [1, 1]  # a number


TEAM = STATIC / "img" / "team"
FACE = ["face", "eyes", "brows", "nose", "mouth"]


def test_every_member_has_a_portrait_of_their_own_face_and_is_in_the_team_pictures():
    """A face with eyes, brows, a nose and a mouth, no two the same; the team pictures show a
    face for each person standing in them."""
    members = [
        m.image.src.removeprefix("img/team/").removesuffix(".svg")
        for t in team.TEAMS
        for m in t.members
    ]
    assert sorted(members) == sorted(PEOPLE)
    files = {slug: (TEAM / f"{slug}.svg").read_text("utf-8") for slug in members}
    for slug, text in files.items():
        assert [p for p in parts(text) if p in FACE] == FACE, slug
    assert len(set(files.values())) == len(members), "no two portraits are the same file"
    faces = {(p.eyes, p.brows, p.mouth) for p in PEOPLE.values()}
    assert len(faces) == len(PEOPLE), "eyes, brows and mouth differ from one face to the next"
    # A team, not a row of the same smiley: every kind of eyes and of mouth is someone's.
    assert {p.eyes for p in PEOPLE.values()} == {"open", "wide", "happy", "wink"}
    assert {p.mouth for p in PEOPLE.values()} == {"smile", "grin", "laugh", "smirk", "calm"}
    for name, people in (("photo-desktop.svg", 11), ("photo-mobile.svg", 7)):
        shown = parts((TEAM / name).read_text("utf-8"))
        assert [shown.count(p) for p in FACE] == [people] * len(FACE), name


@pytest.mark.build
def test_every_drawing_and_icon_drawn_again_is_the_built_file(tmp_path):
    drawn = drawings()
    assert len(drawn) > 60
    assert [path.name for path, text in drawn.items() if path.read_text("utf-8") != text] == []
    written = icons.generate(tmp_path)
    built = sorted(path.name for path in icons.ICONS.iterdir() if path.is_file())
    assert sorted(path.name for path in written) == built
    assert [p.name for p in written if p.read_bytes() != (icons.ICONS / p.name).read_bytes()] == []
