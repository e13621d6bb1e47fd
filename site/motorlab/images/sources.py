"""Which files the image service may read: only images inside the static folder."""

from __future__ import annotations

from pathlib import Path

from werkzeug.security import safe_join

RASTER_SUFFIXES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP"}
VECTOR_SUFFIXES = {".svg"}


class NotAnImage(LookupError):
    """The path names no image of the static folder (missing, outside it, another kind)."""


def resolve(root: str | Path, filename: str) -> Path:
    """The file `filename` names under `root`, refusing anything that leaves it: `..` (also
    when it arrived as `%2e%2e`, which WSGI has already decoded), absolute paths, backslashes,
    and symbolic links that point outside."""
    root = Path(root).resolve()
    joined = safe_join(str(root), filename)
    if "\\" in filename or "\0" in filename or joined is None:
        raise NotAnImage(filename)
    path = Path(joined).resolve()
    if not (path.is_relative_to(root) and path.is_file() and (is_raster(path) or is_vector(path))):
        raise NotAnImage(filename)
    return path


def is_vector(path: str | Path) -> bool:
    return Path(path).suffix.lower() in VECTOR_SUFFIXES


def is_raster(path: str | Path) -> bool:
    return Path(path).suffix.lower() in RASTER_SUFFIXES
