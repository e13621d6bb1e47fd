"""The drawings' words, read back from the files `make` builds: no <text> a viewer's fonts
would set, every glyph one of Figtree's outlines, each language's file in its own language."""

from __future__ import annotations

import re
from functools import cache

import pytest

from motorlab.build.drawings import products
from motorlab.build.drawings.figtree import REGULAR, WEIGHTS, face
from motorlab.build.drawings.products.kuzu import KUZU_VIN
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


def as_read(words: str) -> str:
    """`words` as `runs` reads them back (a glyph shared by two characters reads as one)."""
    outlines = figtree_outlines()
    font = face(REGULAR)
    return "".join(outlines[font.outline(font.glyph(c))] for c in words if c != " ")


def holds(runs_: list[str], words: str) -> bool:
    return any(as_read(words) in run for run in runs_)


def test_the_walk_finds_the_drawings():
    names = {path.name for path in DRAWINGS}
    assert {"kuzu.es.svg", "kuzu.en.svg", "brands.svg", "not-found.svg"} <= names


@pytest.mark.parametrize("path", DRAWINGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_drawing_leaves_its_text_to_the_viewers_fonts(path):
    text = path.read_text(encoding="utf-8")
    assert "<text" not in text and "font-family" not in text and "@font-face" not in text


@pytest.mark.parametrize("path", DRAWINGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_glyph_of_the_drawings_is_a_figtree_outline(path):
    """Every run of words is one path of Figtree outlines (no glyph <use>: each is a shadow
    tree the page's main thread styles)."""
    text = path.read_text(encoding="utf-8")
    glyphs = [o for run in glyph_outlines(text) for o in run]
    assert [d for d in glyphs if d not in figtree_outlines()] == []
    assert re.findall(r'<use href="#[lrsbx][0-9a-f]+"', text) == []  # glyphs as they were


def test_the_product_screens_have_words():
    with_words = [p for p in DRAWINGS if runs(p.read_text(encoding="utf-8"))]
    assert {p.name for p in with_words} >= {
        f"{name}.{lo}.svg" for name in ("ads", "kuzu", "vc", "viewbox") for lo in LOCALES
    }


@pytest.mark.parametrize(
    ("file", "spanish", "english"),
    [
        ("projects/kuzu.{locale}.svg", "Nueva avería", "New fault"),
        ("projects/kuzu.{locale}.svg", "Puerta trasera izq.", "Rear left door"),
        ("projects/ads.{locale}.svg", "Taller · hoy", "Workshop · today"),
        (
            "projects/ads/work-order.{locale}.svg",
            "Orden de trabajo OT-24817",
            "Work order OT-24817",
        ),
        ("projects/vc.{locale}.svg", "Furgonetas", "Vans"),
        ("projects/kuzu/fault.{locale}.svg", "Asignada a Trimtec", "Assigned to Trimtec"),
        ("projects/ads/history.{locale}.svg", "Historial del vehículo", "Vehicle history"),
        ("projects/vc/booking.{locale}.svg", "Furgoneta de sustitución", "Replacement van"),
        ("projects/vc/dealers.{locale}.svg", "Buscar concesionario", "Find a dealer"),
        ("projects/viewbox/published.{locale}.svg", "Visitas esta semana", "Visits this week"),
        ("projects/viewbox.{locale}.svg", "Puertas abiertas", "Open day"),
        (
            "projects/viewbox/approval.{locale}.svg",
            "Pendiente de aprobación",
            "Waiting for approval",
        ),
    ],
)
def test_each_language_has_its_own_file(file, spanish, english):
    words = {
        lo: runs((STATIC / "img" / file.format(locale=lo)).read_text("utf-8")) for lo in LOCALES
    }
    assert holds(words["es"], spanish) and not holds(words["es"], english)
    assert holds(words["en"], english) and not holds(words["en"], spanish)


SCREENS = sorted(name for name in products.DRAWINGS if name.count("/") == 2)  # not heroes


@pytest.mark.parametrize("name", SCREENS)
def test_no_screen_cuts_its_words(name):
    """A case study's screens have room for their words in both languages: none is cut short
    with an ellipsis (a hero, drawn denser for a card, may cut one)."""
    for locale in LOCALES:
        words = runs((STATIC / "img" / name.format(locale=locale)).read_text("utf-8"))
        assert [w for w in words if "…" in w] == [], locale


def test_kuzu_shows_a_fault_with_its_vin_and_zone():
    for locale in LOCALES:
        words = runs((STATIC / "img" / f"projects/kuzu.{locale}.svg").read_text("utf-8"))
        assert holds(words, KUZU_VIN) and holds(words, "4")
