"""The stylesheet: tokens, base and layouts in styles/, one .css per component folder, all
imported by the index styles/site.css and bundled by esbuild into one minified, hashed file."""

import gzip
import re
from pathlib import Path

import pytest
from PIL import ImageColor, ImageFont

from motorlab.content import guideline
from motorlab.rendering import assets, tokens
from tests.support import ROOT
from tests.support.widgets import BUILD, read_widget_manifest

STYLES = ROOT / "site" / "motorlab" / "styles"
INDEX = STYLES / "site.css"
TOKENS = STYLES / "tokens.css"
COMPONENTS = ROOT / "templates" / "components"
PAGES = ROOT / "templates" / "pages"  # a page's own styles sit beside its template
# Bytes, before compression: every page's first round trip carries this bundle.
BUDGET = 40 * 1024
GUIDELINE_INDEX = STYLES / "guideline.css"  # inlined on the guideline instead of the bundle
# The stylesheets built on their own (widgets/build.mjs) by manifest key: the entry esbuild
# builds, and (OWN_RULES) the file whose rules that bundle ends with.
OWN_BUNDLES = {
    "consent_banner.css": COMPONENTS / "consent_banner" / "consent_banner.css",
    "error_page.css": COMPONENTS / "error_page" / "error_page.css",
    "examples.css": PAGES / "examples.css",
    "guideline.css": GUIDELINE_INDEX,
}
OWN_RULES = {**OWN_BUNDLES, "guideline.css": PAGES / "guideline.css"}

IMPORT = re.compile(r"""@import\s+(?:url\()?["']([^"']+)["']""")
COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
STRING = re.compile(r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'""")
HEX = re.compile(r"#[0-9a-fA-F]{3,8}\b")
COLOR_FUNCTION = re.compile(r"\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(\s*[\d.+-]", re.I)
# The CSS named colours (Pillow's table is CSS's 148 names).
NAMED_COLORS = frozenset(ImageColor.colormap)
WORD = re.compile(r"(?<![\w-])[a-zA-Z]+(?![\w-])")
COMPONENT_STYLESHEETS = sorted(COMPONENTS.glob("*/*.css"))
PAGE_STYLESHEETS = sorted(PAGES.glob("*.css"))
MANIFEST = read_widget_manifest()
BUNDLE = BUILD / MANIFEST["site.css"]


def imports(index: Path = INDEX) -> list[Path]:
    text = COMMENT.sub("", index.read_text(encoding="utf-8"))
    return [(STYLES / target).resolve() for target in IMPORT.findall(text)]


def declaration_values(css: str) -> list[str]:
    """Every declaration's value, without comments, strings and var() references."""
    css = STRING.sub('""', COMMENT.sub("", css))
    values = re.findall(r"[{;]\s*[\w-]+\s*:([^;{}]*)", css)
    return [re.sub(r"var\(--[\w-]+", "var(", value) for value in values]


def raw_colours(css: str) -> list[str]:
    found = []
    for value in declaration_values(css):
        found += HEX.findall(value) + COLOR_FUNCTION.findall(value)
        found += [w for w in WORD.findall(value) if w.lower() in NAMED_COLORS]
    return found


def test_the_index_imports_the_base_then_every_component_once_and_the_guideline_a_part():
    """Every component's stylesheet but those built on their own (build entries); the guideline
    imports part of site.css's files in the same order (so rules win alike), then its own."""
    base = ("fonts.css", "tokens.css", "base.css", "layouts.css")
    assert imports()[:4] == [STYLES / name for name in base]
    assert [path for path in imports() if not path.is_file()] == []
    assert len(set(imports())) == len(imports())
    own = set(OWN_RULES.values())
    components = [path for path in imports() if path.is_relative_to(COMPONENTS)]
    assert components == [path for path in COMPONENT_STYLESHEETS if path not in own]
    pages = [path for path in imports() if path.is_relative_to(PAGES)]
    assert pages == [path for path in PAGE_STYLESHEETS if path not in own]
    assert [p for p in COMPONENT_STYLESHEETS if p.stem != p.parent.name] == []
    assert set(OWN_BUNDLES) == set(assets.stylesheet_keys()) - {"site.css"}
    build = (ROOT / "widgets" / "build.mjs").read_text(encoding="utf-8")
    for key, path in OWN_BUNDLES.items():
        assert path.is_file(), key
        assert f'{key.removesuffix(".css")}: "{path.relative_to(ROOT).as_posix()}"' in build
    shared, guideline_own = imports(), imports(GUIDELINE_INDEX)
    assert guideline_own[:4] == shared[:4]  # fonts, tokens, base, layouts
    borrowed = guideline_own[:-2]
    assert borrowed == [path for path in shared if path in borrowed]
    assert guideline_own[-2:] == [PAGES / "examples.css", PAGES / "guideline.css"]


def test_the_colour_check_finds_raw_colours():
    css = ".a { color: #fff; border: 1px solid rgb(0 0 0 / 50%); background: White; }"
    assert raw_colours(css) == ["#fff", "rgb(0", "White"]
    allowed = ".c-band--night { background: var(--color-blue); color: currentColor; }"
    assert raw_colours(allowed + ".b { border-color: transparent; } .c { color: inherit; }") == []


@pytest.mark.parametrize(
    "path",
    [p for p in sorted(STYLES.glob("*.css")) if p != TOKENS]
    + COMPONENT_STYLESHEETS
    + PAGE_STYLESHEETS,
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_raw_colour_outside_the_tokens(path):
    assert raw_colours(path.read_text(encoding="utf-8")) == []


def test_the_guideline_lists_every_token():
    listed = [token.name for token in guideline.ALL_TOKENS]
    assert len(listed) == len(set(listed))
    assert set(listed) == set(tokens.root_tokens())


def first_class(path: Path) -> str:
    return re.search(r"\.[\w-]+", COMMENT.sub("", path.read_text(encoding="utf-8")))[0]


def holds(bundle_text: str, path: Path) -> bool:
    """Whether a bundle holds the rules of `path` (its first class's, as a selector)."""
    return any(first_class(path) + end in bundle_text for end in "{ ")


def test_the_bundle_is_hashed_minified_holds_every_component_and_stays_under_budget():
    assert re.fullmatch(r"site-[A-Z0-9]{8}\.css", BUNDLE.name)
    text = BUNDLE.read_text(encoding="utf-8")
    for path in COMPONENT_STYLESHEETS:
        assert holds(text, path) == (path not in OWN_RULES.values()), path.name
    for key, path in OWN_RULES.items():
        own = (BUILD / MANIFEST[key]).read_text(encoding="utf-8")
        assert holds(own, path) and not holds(text, path), key
    size = BUNDLE.stat().st_size
    assert size < BUDGET
    assert len(gzip.compress(BUNDLE.read_bytes())) < size / 3
    # A development build (NODE_ENV=development) ends with a link to its source map.
    text, linked_maps = re.subn(r"/\*# sourceMappingURL=\S+ \*/\s*$", "", text)
    assert linked_maps == (BUILD / f"{BUNDLE.name}.map").exists()
    assert text.startswith("@font-face{")  # styles/fonts.css, then the tokens' :root
    assert "/*" not in text
    assert text.count("\n") <= 1


# --- The brand typeface (styles/fonts.css) ----------------------------------------------------

FONTS = STYLES / "fonts.css"
SAMPLE = (  # a line of the site's text in both languages: what size-adjust matches
    "Motorlab Digital diseña, construye y mantiene el software de un grupo de marcas de coches: "
    "desde la web del concesionario hasta el suelo del taller. Motorlab Digital designs, builds "
    "and runs the software of a group of car brands: from the showroom website to the workshop "
    "floor."
)
LIBERATION = Path("/usr/share/fonts/truetype/liberation")  # Arial's metric twin (Debian)


def font_faces() -> list[dict[str, str]]:
    faces = re.findall(r"@font-face\s*{([^}]*)}", COMMENT.sub("", FONTS.read_text()))
    return [dict(re.findall(r"([\w-]+):\s*([^;]+);", face)) for face in faces]


def test_the_brand_font_is_one_latin_woff2_face_used_if_in_time():
    """One face, the site's own subset of Figtree (its file and size: test_brand_font.py)."""
    brand = [face for face in font_faces() if face["font-family"] == '"Figtree"']
    assert len(brand) == 1 and brand[0]["font-display"] == "optional"
    assert brand[0]["src"] == 'url("./build/figtree.woff2") format("woff2")'
    assert brand[0]["unicode-range"].startswith("U+0000-00FF")
    text = BUNDLE.read_text(encoding="utf-8")
    assert re.search(r'url\("\./fonts/figtree-[A-Z0-9]{8}\.woff2"\)', text)
    assert re.search(r'--font-sans: ?var\(--font-brand\), ?"Figtree Fallback",', text)
    # Figtree first, on every page, with or without JavaScript: font-display decides.
    assert re.search(r'html ?\{ ?--font-brand: ?"Figtree";? ?\}', text)
    assert "fonts)" not in text, "no class holds a page in the fallback"


@pytest.mark.parametrize(
    ("weights", "fallback"), [("300 500", "Regular"), ("600 900", "Bold")], ids=["regular", "bold"]
)
def test_the_fallback_face_is_sized_like_figtree(weights, fallback):
    """While Figtree loads, Arial (Liberation Sans) stands in, scaled and spaced so that a
    line of text keeps its length and height: nothing moves when Figtree arrives."""
    face = next(
        f
        for f in font_faces()
        if f["font-family"] == '"Figtree Fallback"' and f["font-weight"] == weights
    )
    figtree = ImageFont.truetype(str(BUILD / MANIFEST["fonts"][0]), 1000)  # the one served
    figtree.set_variation_by_axes([400 if fallback == "Regular" else 700])
    arial = ImageFont.truetype(str(LIBERATION / f"LiberationSans-{fallback}.ttf"), 1000)
    ratio = figtree.getlength(SAMPLE) / arial.getlength(SAMPLE)
    ascent, descent = figtree.getmetrics()
    percent = lambda name: float(face[name].rstrip("%")) / 100  # noqa: E731
    assert percent("size-adjust") == pytest.approx(ratio, abs=0.005)
    assert percent("ascent-override") == pytest.approx(ascent / 1000 / ratio, abs=0.005)
    assert percent("descent-override") == pytest.approx(descent / 1000 / ratio, abs=0.005)
    assert percent("line-gap-override") == 0
