"""`/static` serves files of the static folder only: Flask's route follows a symbolic link
wherever it points. The build's bookkeeping (assets.BOOKKEEPING) is never served."""

from __future__ import annotations

from pathlib import Path

from flask import Flask, abort
from werkzeug.security import safe_join

from motorlab.rendering.assets import BOOKKEEPING


def servable(static_folder: str, filename: str) -> bool:
    """Whether `filename`'s real path is in the folder, and not the build's bookkeeping."""
    if "\0" in filename:
        return False
    root = Path(static_folder).resolve()
    joined = safe_join(str(root), filename)
    if joined is None:
        return False
    path = Path(joined).resolve()
    return path.is_relative_to(root) and all(path != root / name for name in BOOKKEEPING)


def init_app(app: Flask) -> None:
    @app.endpoint("static")  # in place of Flask's view for its own static route
    def static(filename: str):
        if not servable(app.static_folder, filename):
            abort(404)
        return app.send_static_file(filename)
