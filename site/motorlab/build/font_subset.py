"""The site's own Figtree (`python -m motorlab.build.font_subset OUT.woff2`): the variable woff2
cut to the characters the site writes, every weight kept, within TCP's first window (14.6 kB)."""

from __future__ import annotations

import io
import sys
import tomllib
import unicodedata
from pathlib import Path

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.ttLib import TTFont

from motorlab.files import write_atomically
from motorlab.paths import FIGTREE, PROJECT_ROOT

TRANSLATIONS = PROJECT_ROOT / "translations"
ASCII = "".join(map(chr, range(0x20, 0x7F)))
# Marks a text may use that no catalog holds yet (the stylesheet's quotes, the no-break space).
TYPOGRAPHY = "\u00a0áéíóúüñÁÉÍÓÚÜÑ¿¡«»·ºª°–—‘’‚“”„…•€→←"
LAYOUT_FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk"]
# Names kept: family and style (FreeType's, for the share images), the OFL's copyright and URL.
NAME_IDS = [0, 1, 2, 14]


def catalog_characters(translations: Path = TRANSLATIONS) -> set[str]:
    """Every character of every catalog's message ids and translations (obsolete entries and
    the header left out: no page shows them), and of the declared languages' names."""
    found: set[str] = set()
    for po in sorted(translations.glob("*/LC_MESSAGES/messages.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if message.pluralizable:
                found.update("".join((*message.id, *message.string)))
            elif message.id:
                found.update(message.id + message.string)
    declared = tomllib.loads((translations / "languages.toml").read_text(encoding="utf-8"))
    for language in declared["language"]:
        found.update(language["name"])
    return found


def characters(translations: Path = TRANSLATIONS) -> set[str]:
    """The subset's characters; control characters (line breaks, tabs) left out."""
    every = set(ASCII) | set(TYPOGRAPHY) | catalog_characters(translations)
    return {char for char in every if unicodedata.category(char) != "Cc"}


def build(chars: set[str], source: Path = FIGTREE) -> bytes:
    """The woff2 of `source` with the glyphs of `chars` (and those its layout features reach),
    hinting dropped; the source's time stamp kept, so the same input gives the same bytes."""
    font = TTFont(source, recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = LAYOUT_FEATURES
    options.name_IDs = NAME_IDS
    options.hinting = False
    options.flavor = "woff2"
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(map(ord, chars)))
    subsetter.subset(font)
    out = io.BytesIO()
    subset.save_font(font, out, options)
    return out.getvalue()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m motorlab.build.font_subset OUT.woff2", file=sys.stderr)
        return 2
    target = Path(argv[0])
    chars = characters()
    data = build(chars)
    write_atomically(target, data)
    font = TTFont(io.BytesIO(data))
    cmap = font.getBestCmap()
    lacking = "".join(sorted(char for char in chars if ord(char) not in cmap))
    print(
        f"font_subset: {target}: {len(data):,} bytes, {len(font.getGlyphOrder())} glyphs, "
        f"{len(cmap)} characters (not in {FIGTREE.name}, drawn by the fallback: {lacking!r})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
