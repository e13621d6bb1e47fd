"""The brand typeface is the site's own subset of Figtree (motorlab.build.font_subset): every
weight, within the first round trip of a connection, and every character a page shows."""

from __future__ import annotations

import io
import json
import re
import unicodedata

import pytest
from fontTools.ttLib import TTFont

from motorlab.build import font_subset
from motorlab.paths import FIGTREE
from tests.support.app import ROOT, soup_of, visible_text
from tests.support.pages import LOCALES, PAGES, localized
from tests.support.widgets import BUILD

# Within TCP's first window (14,600 bytes), with room for a few new letters (12.6 kB today).
BUDGET = 13_500
# Attributes whose text the page draws in its font (`content: attr(data-label)`, alt text).
DRAWN_ATTRIBUTES = ("placeholder", "value", "data-label", "alt")
CSS_STRING = re.compile(r""""((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'""")
CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6}) ?|\\(.)")


@pytest.fixture(scope="module")
def served(widget_manifest) -> bytes:
    """The font every page preloads, as esbuild copied it into static/build/."""
    (name,) = widget_manifest["fonts"]
    return (BUILD / name).read_bytes()


@pytest.fixture(scope="module")
def cmap(served) -> dict[int, str]:
    return TTFont(io.BytesIO(served)).getBestCmap()


def css_strings(css: str) -> str:
    """The text of the strings the stylesheet adds to pages (`content`, `quotes`), its
    escapes (`\\201c`) read."""
    declarations = re.findall(r"(?:content|quotes):([^;}]*)", css)
    strings = [a or b for text in declarations for a, b in CSS_STRING.findall(text)]
    return "".join(CSS_ESCAPE.sub(unescape, text) for text in strings)


def unescape(match: re.Match) -> str:
    return chr(int(match[1], 16)) if match[1] else match[2]


def test_the_font_is_todays_subset_with_the_stylesheets_marks(served, widget_manifest, cmap):
    """Built from today's catalogs, the same bytes every time, with the stylesheet's marks that
    Figtree has (the arrows come from the fallback), all within fonts.css's unicode-range."""
    font, source = TTFont(io.BytesIO(served)), TTFont(FIGTREE)
    (axis,) = font["fvar"].axes
    assert (axis.axisTag, axis.minValue, axis.maxValue) == ("wght", 300, 900)
    assert font.flavor == "woff2" and len(served) <= BUDGET, len(served)
    assert len(font.getGlyphOrder()) < len(source.getGlyphOrder())
    # FreeType names the face by it (the share images).
    assert font["name"].getDebugName(1).split()[0] == "Figtree"
    assert re.fullmatch(r"fonts/figtree-[A-Z0-9]{8}\.woff2", widget_manifest["fonts"][0])
    assert font_subset.build(font_subset.characters()) == served, "made from today's catalogs"
    css = (BUILD / widget_manifest["site.css"]).read_text(encoding="utf-8")
    written = {char for char in css_strings(css) if not char.isspace()}
    assert {"«", "»", "“", "”"} <= written  # the parsing found the quotes
    figtree = source.getBestCmap()
    assert sorted(char for char in written if ord(char) in figtree and ord(char) not in cmap) == []
    css = (ROOT / "site/motorlab/styles/fonts.css").read_text(encoding="utf-8")
    (declared,) = re.findall(r"unicode-range:\s*([^;]+);", css)
    bounds = [part.strip().removeprefix("U+").partition("-") for part in declared.split(",")]
    ranges = [(int(first, 16), int(last or first, 16)) for first, _, last in bounds]
    outside = [f"U+{code:04X}" for code in cmap if not any(a <= code <= b for a, b in ranges)]
    assert outside == []


def shown_characters(soup) -> set[str]:
    """The characters a page shows in the font: text, <title> (the share image), drawn
    attributes and widgets' props, whitespace and control characters left out."""
    texts = [soup.title.get_text() if soup.title else ""]
    for node in soup.find_all(True):
        texts.extend(node.get(name, "") for name in DRAWN_ATTRIBUTES)
    for props in soup.find_all("script", type="application/json"):
        texts.extend(strings_in(json.loads(props.get_text())))
    texts.append(visible_text(soup))
    return {c for c in "".join(texts) if not c.isspace() and unicodedata.category(c)[0] != "C"}


def strings_in(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, (dict, list)):
        for item in value.values() if isinstance(value, dict) else value:
            yield from strings_in(item)


def test_every_character_of_every_page_is_in_the_font(client, cmap):
    """Every page the app serves, in every language, and the 404: not one character a page
    shows falls back to another face."""
    paths = [page.values[0] for page in PAGES]
    paths += [localized("/nothing-here", locale) for locale in LOCALES]
    missing: dict[str, set[str]] = {}
    for path in paths:
        response = client.get(path)
        assert response.status_code in (200, 404), path
        for char in shown_characters(soup_of(response)):
            if ord(char) not in cmap:
                missing.setdefault(char, set()).add(path)
    said = [f"{char!r} U+{ord(char):04X} on {sorted(where)[:4]}" for char, where in missing.items()]
    assert set(missing) == set(), "not in the font:\n" + "\n".join(sorted(said))


def test_the_characters_come_from_every_catalog_and_the_languages_names(tmp_path):
    """A new language's catalog and name bring their letters with them, plural forms too."""
    catalog = tmp_path / "fr" / "LC_MESSAGES" / "messages.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Contact"\nmsgstr "Écrivez-nous"\n\n'
        'msgid "one car"\nmsgid_plural "%(n)s cars"\nmsgstr[0] "une voiture"\n'
        'msgstr[1] "%(n)s voitures œ"\n\n'
        '#~ msgid "Old"\n#~ msgstr "Ÿ"\n',
        encoding="utf-8",
    )
    (tmp_path / "languages.toml").write_text(
        '[[language]]\ncode = "fr"\nname = "Français"\n', encoding="utf-8"
    )
    chars = font_subset.characters(tmp_path)
    assert {"É", "œ", "ç"} <= chars and "Ÿ" not in chars  # not the obsolete entry's
    assert set(font_subset.ASCII) <= chars and "\u00a0" in chars and "\n" not in chars
