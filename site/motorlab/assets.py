"""Static asset URLs with a content hash, so browsers may cache them for a year.

Two kinds: files kept as they are in static/ (`asset_url("img/logo.svg")`, hashed here on first
use) and bundles that esbuild builds into static/build/ with the hash in their name
(`bundle_url("site.css")`, looked up in esbuild's manifest). Both are served by Flask's static
route with the year-long cache of `SEND_FILE_MAX_AGE_DEFAULT`.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache as memoize
from pathlib import Path

from flask import Flask, request, url_for

BUILD_DIR = "build"  # under the static folder; written by widgets/build.mjs


class MissingBundleError(RuntimeError):
    """The esbuild output is missing or does not name the requested bundle."""


def read_manifest(static_folder: Path) -> dict[str, str]:
    """esbuild's manifest: bundle name ("site.css") -> hashed file name under static/build/."""
    path = static_folder / BUILD_DIR / "manifest.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MissingBundleError(
            f"{path} is missing: the stylesheet and widgets are not built. "
            "Run `npm run build` (or `make setup`)."
        ) from None


def init_app(app: Flask) -> None:
    static_folder = Path(app.static_folder)
    manifest = read_manifest(static_folder)  # once per process, and fail at start without it

    @memoize
    def fingerprint(filename: str) -> str:
        # Read once per file and process: assets do not change while the app runs.
        data = (static_folder / filename).read_bytes()
        return hashlib.sha256(data).hexdigest()[:12]

    def asset_url(filename: str) -> str:
        return url_for("static", filename=filename, v=fingerprint(filename))

    def bundle_url(name: str) -> str:
        # In debug, `npm run watch` may rebuild under a new hash while the server runs.
        bundles = read_manifest(static_folder) if app.debug else manifest
        if name not in bundles:
            raise MissingBundleError(
                f"{name!r} is not in {BUILD_DIR}/manifest.json. "
                "Run `npm run build` (or `make setup`)."
            )
        return url_for("static", filename=f"{BUILD_DIR}/{bundles[name]}")

    app.jinja_env.globals["asset_url"] = asset_url
    app.jinja_env.globals["bundle_url"] = bundle_url
    app.after_request(mark_immutable)


def mark_immutable(response):
    """A static file asked for by its content hash (`?v=…`, or a hashed bundle name under
    build/) never changes at that URL."""
    hashed = request.args.get("v") or (request.view_args or {}).get("filename", "").startswith(
        f"{BUILD_DIR}/"
    )
    if request.endpoint == "static" and hashed and response.status_code == 200:
        response.cache_control.public = True
        response.cache_control.max_age = 31_536_000
        response.cache_control.immutable = True
    return response
