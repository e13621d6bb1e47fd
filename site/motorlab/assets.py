"""Static asset URLs for templates.

- `asset_url(filename)`: a static file with its content hash (`?v=…`), cacheable for a year.
- `widget_entry()`: the `<script type="module">` of the widgets' entry (widgets/mount.js)
  and `modulepreload` for the chunk(s) it imports, from the esbuild manifest
  `static/build/manifest.json` (`npm run build`).
- `widget_preloads(["carousel"])`: `<link rel="modulepreload">` for the named widgets' code
  and every chunk it imports, for widgets above the fold. Built files carry their hash in
  their names, so their URLs need no `?v=`.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache as memoize
from pathlib import Path

from flask import Flask, url_for
from markupsafe import Markup, escape

BUILD_DIR = "build"


class WidgetManifest:
    """The manifest, read again only when the file changes (`npm run watch`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: float | None = None
        self._data: dict = {}

    def data(self) -> dict:
        try:
            stamp = self.path.stat().st_mtime
        except FileNotFoundError:
            raise RuntimeError(f"{self.path} is missing: run `npm run build`") from None
        if stamp != self._stamp:
            self._data = json.loads(self.path.read_text(encoding="utf-8"))
            self._stamp = stamp
        return self._data

    def entry(self) -> dict:
        return self.data()["entry"]

    def files_for(self, names: list[str]) -> list[str]:
        """Each widget's file and its static imports, in order, without repeats."""
        widgets = self.data()["widgets"]
        files: list[str] = []
        for name in names:
            if name not in widgets:
                raise KeyError(f"unknown widget {name!r}; built: {', '.join(sorted(widgets))}")
            for file in (*widgets[name]["imports"], widgets[name]["file"]):
                if file not in files:
                    files.append(file)
        return files


def init_app(app: Flask) -> None:
    static_folder = Path(app.static_folder)
    manifest = WidgetManifest(static_folder / BUILD_DIR / "manifest.json")

    @memoize
    def fingerprint(filename: str) -> str:
        # Read once per file and process: assets do not change while the app runs.
        data = (static_folder / filename).read_bytes()
        return hashlib.sha256(data).hexdigest()[:12]

    def asset_url(filename: str) -> str:
        return url_for("static", filename=filename, v=fingerprint(filename))

    def build_url(file: str) -> str:
        return url_for("static", filename=f"{BUILD_DIR}/{file}")

    def widget_entry() -> Markup:
        # The entry's own imports are preloaded too, so they do not wait for the entry.
        entry = manifest.entry()
        tags = [
            f'<link rel="modulepreload" href="{escape(build_url(file))}">'
            for file in entry["imports"]
        ]
        tags.append(f'<script type="module" src="{escape(build_url(entry["file"]))}"></script>')
        return Markup("\n".join(tags))

    def widget_preloads(names: list[str]) -> Markup:
        links = (
            f'<link rel="modulepreload" href="{escape(build_url(file))}">'
            for file in manifest.files_for(names)
        )
        return Markup("\n".join(links))

    app.jinja_env.globals.update(
        asset_url=asset_url, widget_entry=widget_entry, widget_preloads=widget_preloads
    )
