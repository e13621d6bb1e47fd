"""Static asset URLs with a content hash, so browsers may cache them for a year.

Two kinds: files kept as they are in static/ (`asset_url("img/logo.svg")`, hashed here on first
use) and what esbuild builds into static/build/ with the hash in the file name
(widgets/build.mjs), looked up in its one manifest:

- `bundle_url("site.css")`: the stylesheet bundle.
- `widget_entry()`: the `<script type="module">` of the widgets' entry (widgets/mount.js) and
  `modulepreload` for the chunk(s) it imports.
- `widget_preloads(["carousel"])`: `<link rel="modulepreload">` for the named widgets' own
  chunks, for widgets above the fold. The libraries they import (the shared React chunk) are
  not preloaded: they load when the entry imports the widget, once the page is parsed.

All are served by Flask's static route with the year-long cache of `SEND_FILE_MAX_AGE_DEFAULT`,
marked immutable.
"""

from __future__ import annotations

import json
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


def bundle_url(name: str) -> str:
    """A bundle esbuild built (`site.css`), by the hashed name its manifest gives."""
    bundles = manifest()
    if not isinstance(bundles.get(name), str):
        raise MissingBundleError(
            f"{name!r} is not in {MANIFEST}. Run `npm run build` (or `make setup`)."
        )
    return build_url(bundles[name])


def _preload(file: str) -> str:
    return f'<link rel="modulepreload" href="{escape(build_url(file))}">'


def widget_entry() -> Markup:
    """The widgets' entry script; its own imports are preloaded too, so they do not wait
    for the entry."""
    entry = manifest()["entry"]
    tags = [_preload(file) for file in entry["imports"]]
    tags.append(f'<script type="module" src="{escape(build_url(entry["file"]))}"></script>')
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
    """The brand typeface (styles/fonts.css), fetched with the stylesheet rather than once
    the stylesheet is parsed: it is usually there before the first paint, so the fallback
    face rarely shows at all."""
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
