"""Words in the drawings as Figtree outlines (an <img> cannot use the page's fonts): a run is
one `<path>`, each glyph placed by an absolute `M` (a `<use>` per glyph is a shadow tree)."""

from __future__ import annotations

import re
from functools import cache

from fontTools.pens.basePen import BasePen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

from motorlab.paths import FIGTREE

WEIGHTS = LIGHT, REGULAR, SEMIBOLD, BOLD, EXTRA_BOLD = 300, 400, 600, 700, 800
# Glyphs at a tenth of the font's units (100 to the em): whole numbers, 17 % smaller than 200.
UNITS = 10


class Face:
    """Figtree at one weight: outlines (y down, in glyph units), advances and kerning."""

    def __init__(self, weight: int):
        font = instancer.instantiateVariableFont(TTFont(FIGTREE), {"wght": weight})
        self.em = font["head"].unitsPerEm / UNITS
        self.cmap = font.getBestCmap()
        self.glyphs = font.getGlyphSet()
        self.advances = font["hmtx"].metrics
        self.kerning = _pair_kerning(font)
        self._outlines: dict[str, str] = {}

    def glyph(self, char: str) -> str:
        return self.cmap.get(ord(char)) or self.cmap[ord("?")]

    def pairs(self, text: str):
        """Each glyph of `text` with the one after it (None after the last)."""
        names = [self.glyph(c) for c in text]
        return zip(names, [*names[1:], None], strict=True)

    def outline(self, name: str) -> str:
        if name not in self._outlines:
            pen = _RelativePen(self.glyphs)
            self.glyphs[name].draw(TransformPen(pen, (1 / UNITS, 0, 0, -1 / UNITS, 0, 0)))
            self._outlines[name] = "".join(pen.parts)
        return self._outlines[name]

    def advance(self, left: str, right: str | None) -> float:
        """The pen's move after `left` (followed by `right`), in glyph units."""
        kern = self.kerning.get((left, right), 0) if right else 0
        return (self.advances[left][0] + kern) / UNITS

    def width(self, text: str, size: float) -> float:
        return sum(self.advance(a, b) for a, b in self.pairs(text)) * size / self.em


@cache
def face(weight: int) -> Face:
    return Face(weight)


def width(text: str, size: float, weight: int = REGULAR) -> float:
    """How wide `text` is set at `size` px."""
    return face(weight).width(text, size)


def _pair_kerning(font: TTFont) -> dict[tuple[str, str], int]:
    """The `kern` feature's pair adjustments (formats 1 and 2) as a (left, right) table."""
    gpos = font["GPOS"].table
    records = gpos.FeatureList.FeatureRecord
    kern = {i for r in records if r.FeatureTag == "kern" for i in r.Feature.LookupListIndex}
    pairs: dict[tuple[str, str], int] = {}
    for index in sorted(kern):
        for table in gpos.LookupList.Lookup[index].SubTable:
            if table.Format == 1:
                for left, pair_set in zip(table.Coverage.glyphs, table.PairSet, strict=True):
                    for record in pair_set.PairValueRecord:
                        pairs.setdefault((left, record.SecondGlyph), _x_advance(record.Value1))
            elif table.Format == 2:
                rights: dict[int, list[str]] = {}
                for name, number in table.ClassDef2.classDefs.items():
                    rights.setdefault(number, []).append(name)
                for left in table.Coverage.glyphs:
                    row = table.Class1Record[table.ClassDef1.classDefs.get(left, 0)]
                    for number, names in rights.items():
                        if value := _x_advance(row.Class2Record[number].Value1):
                            for right in names:
                                pairs.setdefault((left, right), value)
    return pairs


def _x_advance(value) -> int:
    return getattr(value, "XAdvance", 0) or 0


def words(x, y, text: str, size, weight=REGULAR, fill="#000", anchor="start", extra="", tracking=0):
    """`text` on the baseline `y` from `x` (or centred on it, or ending there) as one path;
    `extra` adds attributes to its group, `tracking` space between letters (em)."""
    font = face(weight)
    spacing = tracking * font.em
    total = font.width(text, size) + tracking * size * (len(text) - 1)
    shift = {"start": 0, "middle": 0.5, "end": 1}[anchor] * total
    pen, outlines = 0.0, []
    for left, right in font.pairs(text):
        outline = font.outline(left)
        if outline:  # a space moves the pen and draws nothing
            outlines.append(f"M{round(pen)} 0{outline}")
        pen += font.advance(left, right) + spacing
    place = f"translate({coordinate(x - shift)} {coordinate(y)}) scale({size / font.em:.4g})"
    return f'<g transform="{place}" fill="{fill}"{extra}><path d="{"".join(outlines)}"/></g>'


# A run of glyphs as `words` writes it: its place, then its scale (the size over the em).
RUN_SCALE = re.compile(r'<g transform="translate\([^)]*\) scale\(([0-9.e-]+)\)"[^>]*><path d="M')


def text_sizes(svg: str) -> list[float]:
    """The size in px of each run of words in a drawing, read back from its markup (tests)."""
    em = face(REGULAR).em
    return [round(float(scale) * em, 1) for scale in RUN_SCALE.findall(svg)]


def coordinate(value: float) -> str:
    """A coordinate with one decimal at most (none when whole)."""
    return f"{value:.1f}".removesuffix(".0")


class _RelativePen(BasePen):
    """Relative path data between whole-number points (rounded where they stand: no error
    adds up), a third shorter than absolute."""

    def __init__(self, glyphs):
        super().__init__(glyphs)
        self.parts: list[str] = []
        self.at = self.start = (0, 0)
        self.last = ""

    def _step(self, point) -> tuple[int, int]:
        x, y = round(point[0]), round(point[1])
        step = (x - self.at[0], y - self.at[1])
        self.at = (x, y)
        return step

    def _add(self, command: str, *numbers: int) -> None:
        """A command, its letter left out when it repeats the one before."""
        text = " ".join(map(str, numbers)).replace(" -", "-")
        if command == self.last and command != "m":
            self.parts.append(text if text.startswith("-") else " " + text)
        else:
            self.parts.append(command + text)
        self.last = command

    def _moveTo(self, point):
        self._add("m", *self._step(point))
        self.start = self.at

    def _lineTo(self, point):
        dx, dy = self._step(point)
        if dy == 0:
            self._add("h", dx)
        elif dx == 0:
            self._add("v", dy)
        else:
            self._add("l", dx, dy)

    def _qCurveToOne(self, control, point):
        first = self._step(control)
        second = self._step(point)
        self._add("q", *first, first[0] + second[0], first[1] + second[1])

    def _curveToOne(self, one, two, point):
        a, b, c = self._step(one), self._step(two), self._step(point)
        self._add("c", *a, a[0] + b[0], a[1] + b[1], a[0] + b[0] + c[0], a[1] + b[1] + c[1])

    def _closePath(self):
        self._add("z")
        self.at = self.start  # where SVG puts the pen after `z`
