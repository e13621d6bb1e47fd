"""Static asset URLs with a content hash, so browsers may cache them for a year.

Two kinds: files kept as they are in static/ (`asset_url("img/logo.svg")`, hashed here on first
use) and what esbuild builds into static/build/ with the hash in the file name
(widgets/build.mjs), looked up in its one manifest:

- `inline_stylesheet()`: the stylesheet bundle, inlined as one `<style>` block, the same on
  every page (`stylesheet()`: its text and the hash the CSP allows it by), so the first paint
  waits for no second request; `inline_stylesheet("error_page.css")`: one of the few
  stylesheets only some pages need (`stylesheet_keys()`), inlined by those pages alone, whose
  answers' CSP then allows it (`stylesheets_inlined()`);
  `inline_boot_script()`: widgets/boot.js, the one inline `<script>`, likewise
  (`boot_script()`).
- `widget_entry()`: `<meta name="widget-entry">` naming the widgets' entry (widgets/mount.js)
  and `<meta name="widget-preload">` for the chunk(s) it imports: the boot script imports and
  preloads them once the page has loaded and shown.
- `font_preload()`: the brand typeface's `<link rel="preload">`, the first request of a page.
- `widget_preloads(["carousel"])`: `<meta name="widget-preload">` for the named widgets' own
  chunks, for widgets above the fold. The libraries they import (the shared React chunk) are
  not preloaded: they load when the entry imports the widget.

All are served by Flask's static route with the year-long cache of `SEND_FILE_MAX_AGE_DEFAULT`,
marked immutable.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass
from functools import cache as memoize
from pathlib import Path

from flask import Flask, current_app, g, request, url_for
from markupsafe import Markup, escape

from motorlab import files

YEAR = 31_536_000  # seconds
DAY = 86_400
# What never changes at its URL (the URL carries its content's hash): any cache may keep it
# a year and never ask again. nginx says the same of the exported files (deploy_config).
YEAR_CACHE_CONTROL = f"public, max-age={YEAR}, immutable"
# What may change at its URL, rarely (the share images, the logo): any cache, a day.
DAY_CACHE_CONTROL = f"public, max-age={DAY}"
# Flask's static folder and its URL, given to Flask by create_app: the inline stylesheet's
# url()s and nginx's copy of the CSP (deploy_config, which has no app) need them too.
STATIC_FOLDER = Path(__file__).resolve().parents[1] / "static"
STATIC_URL_PATH = "/static"
BUILD_DIR = "build"  # under the static folder; written by widgets/build.mjs
# esbuild's manifest: read here to link the bundles, never served nor exported (static_files).
MANIFEST = f"{BUILD_DIR}/manifest.json"
# The build's record of the files earlier builds named, kept for a while (motorlab.releases):
# its own bookkeeping too, neither served nor exported.
RETIRED = f"{BUILD_DIR}/retired.json"
BOOKKEEPING = (MANIFEST, RETIRED)


class MissingBundleError(RuntimeError):
    """The esbuild output is missing or does not name the requested bundle."""


def read_manifest(static_folder: Path) -> dict:
    """esbuild's manifest: {"site.css": file, "entry": {...}, "widgets": {name: {...}}}."""
    path = static_folder / MANIFEST
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MissingBundleError(
            f"{path} is missing: the stylesheet and widgets are not built. "
            "Run `npm run build` (or `make setup`)."
        ) from None


def init_app(app: Flask) -> None:
    # Read once per process, and fail at start without it.
    app.extensions["assets_manifest"] = read_manifest(Path(app.static_folder))


def manifest() -> dict:
    # In debug, `npm run watch` may rebuild under new hashes while the server runs.
    if current_app.debug:
        return read_manifest(Path(current_app.static_folder))
    return current_app.extensions["assets_manifest"]


@memoize
def _fingerprint(static_folder: str, filename: str) -> str:
    # Read once per file and process: assets do not change while the app runs.
    return files.fingerprint(Path(static_folder) / filename)


def asset_url(filename: str) -> str:
    """A file kept as it is in static/, linked with its content hash (`?v=`)."""
    return url_for("static", filename=filename, v=_fingerprint(current_app.static_folder, filename))


def build_url(file: str) -> str:
    return url_for("static", filename=f"{BUILD_DIR}/{file}")


@dataclass(frozen=True)
class InlineBlock:
    """A bundle as every page inlines it, byte for byte: the stylesheet (`<style>`, so the
    first paint waits for no second request) or the boot script (`<script>`, widgets/boot.js).
    The CSP allows each by its hash."""

    name: str  # esbuild's file name (site-HASH.css, boot-HASH.js): a new build, a new name
    text: str  # the bundle, its relative url()s made absolute

    @property
    def tag(self) -> str:
        return "style" if self.name.endswith(".css") else "script"

    @property
    def csp_source(self) -> str:
        """The CSP's source that allows exactly this block (`'sha256-…'`)."""
        digest = hashlib.sha256(self.text.encode()).digest()
        return "'sha256-" + base64.b64encode(digest).decode() + "'"

    def element(self) -> Markup:
        kind = "stylesheet" if self.tag == "style" else "script"
        return Markup(f'<{self.tag} data-{kind}="{escape(self.name)}">{self.text}</{self.tag}>')


# esbuild writes the font's url() relative to the bundle ("./fonts/…"), and a development
# build ends with its source map's name: inlined, they would resolve from each page's URL.
_RELATIVE_URL = re.compile(r"""url\((["']?)\./|(sourceMappingURL=)(?![a-z]+:|/)""")


def stylesheet_keys(static_folder: Path = STATIC_FOLDER) -> tuple[str, ...]:
    """The build's stylesheets by manifest key (every key ending in .css): the shared one,
    "site.css", then those only some pages inline, to keep the pages everyone opens within a
    connection's first round trip (widgets/build.mjs says which, and why)."""
    return _stylesheet_keys(read_manifest(static_folder))


def _stylesheet_keys(bundles: dict) -> tuple[str, ...]:
    return tuple(key for key in bundles if key.endswith(".css"))


def stylesheet(
    static_folder: Path = STATIC_FOLDER, script_name: str = "", key: str = "site.css"
) -> InlineBlock:
    """The stylesheet the manifest in `static_folder` names (the shared one, or `key` of
    stylesheet_keys()), for an app mounted at `script_name` (SCRIPT_NAME): the one source of
    the inline block and of its CSP hash."""
    bundles = read_manifest(static_folder)
    return _read_block(static_folder, _bundle(bundles, _stylesheet_key(bundles, key)), script_name)


def _stylesheet_key(bundles: dict, key: str) -> str:
    if key not in (built := _stylesheet_keys(bundles)):
        raise KeyError(f"unknown stylesheet {key!r}; built: {', '.join(built)}")
    return key


def boot_script(static_folder: Path = STATIC_FOLDER, script_name: str = "") -> InlineBlock:
    """The boot script the manifest in `static_folder` names (as `stylesheet`)."""
    return _read_block(static_folder, _bundle(read_manifest(static_folder), "boot"), script_name)


def _bundle(bundles: dict, key: str) -> str:
    if not isinstance(bundles.get(key), str):
        raise MissingBundleError(
            f"'{key}' is not in {MANIFEST}. Run `npm run build` (or `make setup`)."
        )
    return bundles[key]


@memoize
def _read_block(static_folder: Path, name: str, script_name: str) -> InlineBlock:
    # Read once per name and process: a name is its content's hash.
    base = f"{script_name.rstrip('/')}{STATIC_URL_PATH}/{BUILD_DIR}/"
    source = (static_folder / BUILD_DIR / name).read_text(encoding="utf-8")
    text = _RELATIVE_URL.sub(lambda m: f"url({m[1]}{base}" if m[2] is None else m[2] + base, source)
    block = InlineBlock(name, text)
    if f"</{block.tag}" in text.lower():
        raise ValueError(f"{name} holds '</{block.tag}': it cannot be inlined in a page")
    return block


# A bundle's hash in its name: site-HASH.css -> site-*.css, the name every build gives it.
_ANY_HASH = re.compile(r"-[^-]+(\.[a-z]+)$")


def inline_blocks_in(static_folder: Path, script_name: str = "") -> tuple[InlineBlock, ...]:
    """Every inline bundle a static folder holds, stylesheets and boot scripts: its build's
    and the previous builds' it keeps for pages loaded before (widgets/build.mjs, an
    export's PREVIOUS), by name: those named as this checkout's build names them."""
    bundles = read_manifest(STATIC_FOLDER)
    patterns = [
        _ANY_HASH.sub(r"-*\1", bundles[key]) for key in (*_stylesheet_keys(bundles), "boot")
    ]
    build = static_folder / BUILD_DIR
    names = sorted(path.name for pattern in patterns for path in build.glob(pattern))
    return tuple(_read_block(static_folder, name, script_name) for name in names)


def _page_block(key: str) -> Markup:
    folder, script_name = Path(current_app.static_folder), current_app.config.get("SCRIPT_NAME", "")
    return _read_block(folder, _bundle(manifest(), key), script_name).element()


def inline_stylesheet(key: str = "site.css") -> Markup:
    """A `<style>` block of the page: the shared one (every page's but the guideline's, byte
    for byte), or one of stylesheet_keys(), each recorded for this answer's CSP
    (`stylesheets_inlined`)."""
    key = _stylesheet_key(manifest(), key)
    g.stylesheets = {*g.get("stylesheets", ()), key}
    return _page_block(key)


def stylesheets_inlined() -> tuple[str, ...]:
    """The stylesheets this request's page inlined (in the manifest's order), which its
    answer's CSP allows: the shared one alone for an answer that is no page."""
    inlined = g.get("stylesheets", ())
    return tuple(key for key in _stylesheet_keys(manifest()) if key in inlined) or ("site.css",)


def inline_boot_script() -> Markup:
    """The page's one inline `<script>` (every page's, byte for byte): widgets/boot.js."""
    return _page_block("boot")


# The widgets only enhance a page that is whole without them: the boot script imports their
# entry once the page has loaded and shown (widgets/boot.js), so on a slow link their code
# never shares the bandwidth with what the first screen needs (its text, its largest image).
# The pages name the modules in <meta> elements, which fetch nothing themselves.


def _module_meta(name: str, file: str) -> str:
    return f'<meta name="{name}" content="{escape(build_url(file))}">'


def widget_entry() -> Markup:
    """The widgets' entry (widgets/mount.js) for the boot script to import, and its own
    imports to preload alongside, so they do not wait for the entry."""
    entry = manifest()["entry"]
    tags = [_module_meta("widget-entry", entry["file"])]
    tags += [_module_meta("widget-preload", file) for file in entry["imports"]]
    return Markup("\n".join(tags))


def widget_preloads(names: list[str]) -> Markup:
    """Only each widget's own chunk, preloaded with the entry (widgets above the fold). Not
    the React chunk they import: fetched as the widget's import, it follows the entry."""
    widgets = manifest()["widgets"]
    unknown = [name for name in names if name not in widgets]
    if unknown:
        raise KeyError(f"unknown widget {unknown[0]!r}; built: {', '.join(sorted(widgets))}")
    own = dict.fromkeys(widgets[name]["file"] for name in names)  # in order, no repeats
    return Markup("\n".join(_module_meta("widget-preload", file) for file in own))


def font_preload() -> Markup:
    """The brand typeface asked for first thing (every page, before the inline stylesheet),
    so that on a usual connection it is there when the first page's text is laid out
    (font-display: optional uses it only then: styles/fonts.css). Fonts are fetched in CORS
    mode: the preload says so (`crossorigin`) or the browser would fetch the file twice."""
    href = escape(build_url(_font()))
    return Markup(f'<link rel="preload" href="{href}" as="font" type="font/woff2" crossorigin>')


def _font() -> str:
    """The typeface's file in the build (its name carries its content hash)."""
    fonts = manifest().get("fonts") or []
    if not fonts:
        raise MissingBundleError(
            f"{MANIFEST} names no font. Run `npm run build` (or `make setup`)."
        )
    return fonts[0]


def brand_font_file() -> Path:
    """The brand typeface's file as esbuild built it (a variable woff2), for what the site
    draws itself: the share images."""
    return Path(current_app.static_folder, BUILD_DIR, _font())


def mark_immutable(response):
    """A static file asked for by its content hash (`?v=…`, or a hashed bundle name under
    build/) never changes at that URL."""
    hashed = request.args.get("v") or (request.view_args or {}).get("filename", "").startswith(
        f"{BUILD_DIR}/"
    )
    if request.endpoint == "static" and hashed and response.status_code == 200:
        return cache_for_a_year(response)
    return response


def cache_for_a_year(response):
    return _cache(response, YEAR_CACHE_CONTROL)


def cache_for_a_day(response):
    return _cache(response, DAY_CACHE_CONTROL)


def _cache(response, cache_control: str):
    """The answer's one statement of how long it may be kept: send_file's Expires (from its
    own max_age) would say otherwise, and max-age overrides it anyway (RFC 9111, 5.3)."""
    response.headers["Cache-Control"] = cache_control
    response.headers.pop("Expires", None)
    return response
