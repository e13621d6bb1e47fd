"""Static asset URLs with a content hash, cached for a year: files of static/ (`asset_url`) and
what esbuild builds into static/build/ and names in its manifest (inline blocks, modules, font)."""

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
# A URL that carries its content's hash never changes (nginx says the same: deploy_config).
YEAR_CACHE_CONTROL = f"public, max-age={YEAR}, immutable"
DAY_CACHE_CONTROL = f"public, max-age={DAY}"  # what may change at its URL, rarely
# Flask's static folder and URL: the inline stylesheet's url()s and nginx's CSP need them too.
STATIC_FOLDER = Path(__file__).resolve().parents[1] / "static"
STATIC_URL_PATH = "/static"
BUILD_DIR = "build"  # under the static folder; written by widgets/build.mjs
# The build's bookkeeping, neither served nor exported: esbuild's manifest, and the files
# earlier builds named, kept for a while (motorlab.releases).
MANIFEST = f"{BUILD_DIR}/manifest.json"
RETIRED = f"{BUILD_DIR}/retired.json"
BOOKKEEPING = (MANIFEST, RETIRED)
_REBUILD = "Run `npm run build` (or `make setup`)."
# esbuild writes the font's url() relative to the bundle ("./fonts/…"), and a development
# build ends with its source map's name: inlined, they would resolve from each page's URL.
_RELATIVE_URL = re.compile(r"""url\((["']?)\./|(sourceMappingURL=)(?![a-z]+:|/)""")
# A bundle's hash in its name: site-HASH.css -> site-*.css, the name every build gives it.
_ANY_HASH = re.compile(r"-[^-]+(\.[a-z]+)$")


def read_manifest(static_folder: Path) -> dict:
    """esbuild's manifest: {"site.css": file, "entry": {...}, "widgets": {name: {...}}}."""
    path = static_folder / MANIFEST
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RuntimeError(
            f"{path} is missing: the stylesheet and widgets are not built. {_REBUILD}"
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
    return files.fingerprint(Path(static_folder) / filename)


def asset_url(filename: str) -> str:
    """A file kept as it is in static/, linked with its content hash (`?v=`)."""
    return url_for("static", filename=filename, v=_fingerprint(current_app.static_folder, filename))


@dataclass(frozen=True)
class InlineBlock:
    """A bundle every page inlines byte for byte (the stylesheet: the first paint waits for no
    second request; the boot script), which the CSP allows by its hash."""

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


def stylesheet_keys(bundles: dict | None = None) -> tuple[str, ...]:
    """The build's stylesheets by manifest key: the shared "site.css", then those only some
    pages inline (widgets/build.mjs says which, and why)."""
    bundles = read_manifest(STATIC_FOLDER) if bundles is None else bundles
    return tuple(key for key in bundles if key.endswith(".css"))


def stylesheet(
    static_folder: Path = STATIC_FOLDER, script_name: str = "", key: str = "site.css"
) -> InlineBlock:
    """A stylesheet of the build in `static_folder`, for an app mounted at `script_name`: the
    one source of the inline block and of its CSP hash."""
    return _inline(read_manifest(static_folder), key, static_folder, script_name)


def boot_script(static_folder: Path = STATIC_FOLDER, script_name: str = "") -> InlineBlock:
    """The boot script of the build in `static_folder` (as `stylesheet`)."""
    return _inline(read_manifest(static_folder), "boot", static_folder, script_name)


def _inline(bundles: dict, key: str, static_folder: Path, script_name: str) -> InlineBlock:
    """The bundle `key` ("boot", or a stylesheet's key) as an inline block."""
    if key != "boot" and key not in (built := stylesheet_keys(bundles)):
        raise KeyError(f"unknown stylesheet {key!r}; built: {', '.join(built)}")
    if not isinstance(bundles.get(key), str):
        raise RuntimeError(f"'{key}' is not in {MANIFEST}. {_REBUILD}")
    return _read_block(static_folder, bundles[key], script_name)


@memoize
def _read_block(static_folder: Path, name: str, script_name: str) -> InlineBlock:
    base = f"{script_name.rstrip('/')}{STATIC_URL_PATH}/{BUILD_DIR}/"
    source = (static_folder / BUILD_DIR / name).read_text(encoding="utf-8")
    text = _RELATIVE_URL.sub(lambda m: f"url({m[1]}{base}" if m[2] is None else m[2] + base, source)
    block = InlineBlock(name, text)
    if f"</{block.tag}" in text.lower():
        raise ValueError(f"{name} holds '</{block.tag}': it cannot be inlined in a page")
    return block


def inline_blocks_in(static_folder: Path, script_name: str = "") -> tuple[InlineBlock, ...]:
    """Every inline bundle a static folder holds, its build's and those previous builds left
    for pages loaded before (an export's PREVIOUS), named as this checkout's build names them."""
    bundles = read_manifest(STATIC_FOLDER)
    keys = (*stylesheet_keys(bundles), "boot")
    patterns = [_ANY_HASH.sub(r"-*\1", bundles[key]) for key in keys]
    build = static_folder / BUILD_DIR
    names = sorted(path.name for pattern in patterns for path in build.glob(pattern))
    return tuple(_read_block(static_folder, name, script_name) for name in names)


def _page_block(key: str) -> Markup:
    folder, script_name = Path(current_app.static_folder), current_app.config.get("SCRIPT_NAME", "")
    return _inline(manifest(), key, folder, script_name).element()


def inline_stylesheet(key: str = "site.css") -> Markup:
    """A `<style>` block of the page, recorded for this answer's CSP (`stylesheets_inlined`)."""
    element = _page_block(key)
    g.stylesheets = {*g.get("stylesheets", ()), key}
    return element


def stylesheets_inlined() -> tuple[str, ...]:
    """The stylesheets this request's page inlined, in the manifest's order: the shared one
    alone for an answer that is no page."""
    inlined = g.get("stylesheets", ())
    return tuple(key for key in stylesheet_keys(manifest()) if key in inlined) or ("site.css",)


def inline_boot_script() -> Markup:
    """The page's one inline `<script>`: widgets/boot.js."""
    return _page_block("boot")


# The boot script imports the widgets' entry once the page has loaded and shown, so their code
# never shares the bandwidth with the first screen; <meta> elements name the modules.
def _module_meta(name: str, file: str) -> str:
    return f'<meta name="{name}" content="{escape(_build_url(file))}">'


def _build_url(file: str) -> str:
    return url_for("static", filename=f"{BUILD_DIR}/{file}")


def widget_entry() -> Markup:
    """The widgets' entry (widgets/mount.js) and its own imports, preloaded alongside."""
    entry = manifest()["entry"]
    tags = [_module_meta("widget-entry", entry["file"])]
    tags += [_module_meta("widget-preload", file) for file in entry["imports"]]
    return Markup("\n".join(tags))


def widget_preloads(names: list[str]) -> Markup:
    """Each named widget's own chunk (widgets above the fold), not the React chunk they
    import: that follows the entry."""
    widgets = manifest()["widgets"]
    unknown = [name for name in names if name not in widgets]
    if unknown:
        raise KeyError(f"unknown widget {unknown[0]!r}; built: {', '.join(sorted(widgets))}")
    own = dict.fromkeys(widgets[name]["file"] for name in names)  # in order, no repeats
    return Markup("\n".join(_module_meta("widget-preload", file) for file in own))


def font_preload() -> Markup:
    """The brand typeface asked for first thing, so font-display: optional finds it there.
    Fonts are fetched in CORS mode: without `crossorigin` the browser would fetch it twice."""
    href = escape(_build_url(_font()))
    return Markup(f'<link rel="preload" href="{href}" as="font" type="font/woff2" crossorigin>')


def _font() -> str:
    fonts = manifest().get("fonts") or []
    if not fonts:
        raise RuntimeError(f"{MANIFEST} names no font. {_REBUILD}")
    return fonts[0]


def brand_font_file() -> Path:
    """The brand typeface's file as esbuild built it (a variable woff2), for the share images."""
    return Path(current_app.static_folder, BUILD_DIR, _font())


def mark_immutable(response):
    """A static file asked for by its content hash (`?v=`, or a hashed name under build/)."""
    filename = (request.view_args or {}).get("filename", "")
    hashed = request.args.get("v") or filename.startswith(f"{BUILD_DIR}/")
    if request.endpoint == "static" and hashed and response.status_code == 200:
        return cache_for_a_year(response)
    return response


def cache_for_a_year(response):
    return _cache(response, YEAR_CACHE_CONTROL)


def cache_for_a_day(response):
    return _cache(response, DAY_CACHE_CONTROL)


def _cache(response, cache_control: str):
    # send_file's Expires would say otherwise; max-age overrides it anyway (RFC 9111, 5.3).
    response.headers["Cache-Control"] = cache_control
    response.headers.pop("Expires", None)
    return response
