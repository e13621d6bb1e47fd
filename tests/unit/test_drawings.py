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


@pytest.mark.parametrize("path", DRAWINGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_glyph_of_the_drawings_is_a_figtree_outline(path):
    """No text left to the viewer's fonts; every run of words is one path of Figtree outlines
    (no glyph <use>: each is a shadow tree the page's main thread styles)."""
    text = path.read_text(encoding="utf-8")
    assert "<text" not in text and "font-family" not in text and "@font-face" not in text
    glyphs = [o for run in glyph_outlines(text) for o in run]
    assert [d for d in glyphs if d not in figtree_outlines()] == []
    assert re.findall(r'<use href="#[lrsbx][0-9a-f]+"', text) == []  # glyphs as they were


def words_of(name: str, locale: str) -> list[str]:
    """The words of a product drawing (`kuzu/fault`) in `locale`."""
    return runs((STATIC / "img" / "projects" / f"{name}.{locale}.svg").read_text("utf-8"))


@pytest.mark.parametrize(
    ("name", "spanish", "english"),
    [
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
    ],
)
def test_each_language_has_its_own_file(name, spanish, english):
    spanish_words, english_words = words_of(name, "es"), words_of(name, "en")
    assert holds(spanish_words, spanish) and not holds(spanish_words, english)
    assert holds(english_words, english) and not holds(english_words, spanish)


def test_the_product_screens_have_words():
    assert {"brands.svg", "not-found.svg"} <= {p.name for p in DRAWINGS}, "the walk finds them"
    with_words = [p for p in DRAWINGS if runs(p.read_text(encoding="utf-8"))]
    assert {p.name for p in with_words} >= {
        f"{name}.{lo}.svg" for name in ("ads", "kuzu", "vc", "viewbox") for lo in LOCALES
    }
    for locale in LOCALES:  # the KuZu hero's fault, with its VIN and zone
        kuzu = words_of("kuzu", locale)
        assert holds(kuzu, KUZU_VIN) and holds(kuzu, "4"), locale


SCREENS = sorted(name for name in products.DRAWINGS if name.count("/") == 2)  # not heroes


@pytest.mark.parametrize("locale", LOCALES)
def test_no_screen_cuts_its_words(locale):
    """A case study's screens have room for their words in both languages: none is cut short
    with an ellipsis (a hero, drawn denser for a card, may cut one)."""
    for name in SCREENS:
        words = runs((STATIC / "img" / name.format(locale=locale)).read_text("utf-8"))
        assert [w for w in words if "…" in w] == [], name
