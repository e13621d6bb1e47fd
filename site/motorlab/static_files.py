"""The app's `/static` route serves files of the static folder only: Flask's own route joins
the path safely (no `..`) but follows a symbolic link wherever it points, so a link planted in
static/ (to /etc/passwd) would be served. The image service refuses the same (images.sources).
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, abort
from werkzeug.security import safe_join


def inside_static_folder(static_folder: str, filename: str) -> bool:
    """Whether `filename` names a file whose real path (links followed) is in the folder."""
    if "\0" in filename:
        return False
    root = Path(static_folder).resolve()
    joined = safe_join(str(root), filename)
    return joined is not None and Path(joined).resolve().is_relative_to(root)


def init_app(app: Flask) -> None:
    serve = app.view_functions["static"]

    def static(filename: str):
        if not inside_static_folder(app.static_folder, filename):
            abort(404)
        return serve(filename=filename)

    app.view_functions["static"] = static
