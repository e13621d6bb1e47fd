"""Static asset URLs with a content hash, so browsers may cache them for a year.

Two kinds: files kept as they are in static/ (`asset_url("img/logo.svg")`, hashed here on first
use) and what esbuild builds into static/build/ with the hash in the file name
(widgets/build.mjs), looked up in its one manifest:

- `inline_stylesheet()`: the stylesheet bundle, inlined as one `<style>` block, the same on
  every page (`stylesheet()`: its text and the hash the CSP allows it by), so the first paint
  waits for no second request.
- `widget_entry()`: the `<script type="module">` of the widgets' entry (widgets/mount.js) and
  `modulepreload` for the chunk(s) it imports.
- `widget_preloads(["carousel"])`: `<link rel="modulepreload">` for the named widgets' own
  chunks, for widgets above the fold. The libraries they import (the shared React chunk) are
  not preloaded: they load when the entry imports the widget, once the page is parsed.

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

from flask import Flask, current_app, request, url_for
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
STATIC_FOLDER = Path(__file__).resolve().parent / "static"
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
class Stylesheet:
    """The stylesheet bundle as pages inline it."""

    name: str  # esbuild's file name (site-HASH.css): a new build, a new name
    text: str  # the bundle, its relative url()s made absolute

    @property
    def csp_source(self) -> str:
        """The CSP's source that allows exactly this block (`'sha256-…'`)."""
        digest = hashlib.sha256(self.text.encode()).digest()
        return "'sha256-" + base64.b64encode(digest).decode() + "'"

    def element(self) -> Markup:
        return Markup(f'<style data-stylesheet="{escape(self.name)}">{self.text}</style>')


# esbuild writes the font's url() relative to the bundle ("./fonts/…"), and a development
# build ends with its source map's name: inlined, they would resolve from each page's URL.
_RELATIVE_URL = re.compile(r"""url\((["']?)\./|(sourceMappingURL=)(?![a-z]+:|/)""")


def stylesheet(static_folder: Path = STATIC_FOLDER, script_name: str = "") -> Stylesheet:
    """The stylesheet the manifest in `static_folder` names, for an app mounted at
    `script_name` (SCRIPT_NAME): the one source of the inline block and of its CSP hash."""
    return _read_stylesheet(static_folder, _bundle(read_manifest(static_folder)), script_name)


def _bundle(bundles: dict) -> str:
    if not isinstance(bundles.get("site.css"), str):
        raise MissingBundleError(
            f"'site.css' is not in {MANIFEST}. Run `npm run build` (or `make setup`)."
        )
    return bundles["site.css"]


@memoize
def _read_stylesheet(static_folder: Path, name: str, script_name: str) -> Stylesheet:
    # Read once per name and process: a name is its content's hash.
    base = f"{script_name.rstrip('/')}{STATIC_URL_PATH}/{BUILD_DIR}/"
    css = (static_folder / BUILD_DIR / name).read_text(encoding="utf-8")
    text = _RELATIVE_URL.sub(lambda m: f"url({m[1]}{base}" if m[2] is None else m[2] + base, css)
    if "</style" in text.lower():
        raise ValueError(f"{name} holds '</style': it cannot be inlined in a <style> block")
    return Stylesheet(name, text)


def stylesheets_in(static_folder: Path, script_name: str = "") -> tuple[Stylesheet, ...]:
    """Every stylesheet bundle a static folder holds: its build's and the previous builds'
    it keeps for pages loaded before (widgets/build.mjs, an export's PREVIOUS), by name."""
    build = static_folder / BUILD_DIR
    names = sorted(path.name for path in build.glob("site-*.css")) if build.is_dir() else []
    return tuple(_read_stylesheet(static_folder, name, script_name) for name in names)


def inline_stylesheet() -> Markup:
    """The page's `<style>` block (every page's, byte for byte)."""
    folder, script_name = Path(current_app.static_folder), current_app.config.get("SCRIPT_NAME", "")
    return _read_stylesheet(folder, _bundle(manifest()), script_name).element()


# The widgets only enhance a page that is whole without them: their code comes after what
# the first paint needs (the font, the largest image), never before it on a slow link.
LOW = 'fetchpriority="low"'


def _preload(file: str) -> str:
    return f'<link rel="modulepreload" href="{escape(build_url(file))}" {LOW}>'


def widget_entry() -> Markup:
    """The widgets' entry script; its own imports are preloaded too, so they do not wait
    for the entry."""
    entry = manifest()["entry"]
    tags = [_preload(file) for file in entry["imports"]]
    src = escape(build_url(entry["file"]))
    tags.append(f'<script type="module" src="{src}" {LOW}></script>')
    return Markup("\n".join(tags))


def widget_preloads(names: list[str]) -> Markup:
    """Only each widget's own chunk. Preloaded too, React's 58 kB (gzip) would arrive before
    the first paint and share the phone's bandwidth with the stylesheet (Lighthouse mobile on
    home: first contentful paint 1.1 s -> 1.65 s). Fetched as the widget's import, it follows
    right after parsing and never delays the page."""
    widgets = manifest()["widgets"]
    unknown = [name for name in names if name not in widgets]
    if unknown:
        raise KeyError(f"unknown widget {unknown[0]!r}; built: {', '.join(sorted(widgets))}")
    own = dict.fromkeys(widgets[name]["file"] for name in names)  # in order, no repeats
    return Markup("\n".join(_preload(file) for file in own))


def brand_font_file() -> Path:
    """The brand typeface's file as esbuild built it (a variable woff2), for what the site
    draws itself: the share images."""
    fonts = manifest().get("fonts") or []
    if not fonts:
        raise MissingBundleError(
            f"{MANIFEST} names no font. Run `npm run build` (or `make setup`)."
        )
    return Path(current_app.static_folder, BUILD_DIR, fonts[0])


def font_preloads() -> Markup:
    """The brand typeface (styles/fonts.css), asked for in the page's first bytes rather than
    once the inline stylesheet is parsed and the text laid out: it is usually there before
    the first paint, so the fallback face rarely shows at all."""
    return Markup(
        "\n".join(
            f'<link rel="preload" href="{escape(build_url(file))}" as="font"'
            ' type="font/woff2" crossorigin>'
            for file in manifest().get("fonts", [])
        )
    )


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
