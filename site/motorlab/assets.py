"""Static asset URLs with a content hash, so browsers may cache them for a year."""

from __future__ import annotations

import hashlib
from functools import cache as memoize
from pathlib import Path

from flask import Flask, request, url_for


def init_app(app: Flask) -> None:
    static_folder = Path(app.static_folder)

    @memoize
    def fingerprint(filename: str) -> str:
        # Read once per file and process: assets do not change while the app runs.
        data = (static_folder / filename).read_bytes()
        return hashlib.sha256(data).hexdigest()[:12]

    def asset_url(filename: str) -> str:
        return url_for("static", filename=filename, v=fingerprint(filename))

    app.jinja_env.globals["asset_url"] = asset_url
    app.after_request(mark_immutable)


def mark_immutable(response):
    """A static file asked for by its content hash (`?v=…`) never changes at that URL."""
    if request.endpoint == "static" and request.args.get("v") and response.status_code == 200:
        response.cache_control.public = True
        response.cache_control.max_age = 31_536_000
        response.cache_control.immutable = True
    return response
