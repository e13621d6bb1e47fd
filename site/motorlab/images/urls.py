"""URLs of the image service for templates: srcset of a raster, the share image of a page."""

from __future__ import annotations

from pathlib import Path

from flask import current_app, request, url_for

from motorlab.files import file_version
from motorlab.i18n import PREFIXES, absolute_url, current_locale
from motorlab.images import resize, sources
from motorlab.rendering.assets import asset_url


def cache_dir() -> Path:
    return Path(current_app.config["IMAGE_CACHE_DIR"])


def widths_for(intrinsic: int) -> list[int]:
    """Breakpoint widths worth offering for an image `intrinsic` pixels wide: each narrower
    one, and the first that covers it (the service never scales up)."""
    chosen = [w for w in resize.WIDTHS if w < intrinsic]
    covering = [w for w in resize.WIDTHS if w >= intrinsic]
    return chosen + covering[:1]


def responsive(src: str, display_width: int) -> dict:
    """`src`, `srcset` and `sizes` for a static image shown at most `display_width` CSS px
    wide. SVG keeps its static URL (it scales by itself); a raster gets every breakpoint
    width through the image service."""
    if sources.is_vector(src) or not sources.is_raster(src):
        return {"src": asset_url(src), "srcset": "", "sizes": ""}
    path = sources.resolve(current_app.static_folder, src)
    version = file_version(path)
    intrinsic, _height = resize.intrinsic_size(path)
    widths = widths_for(intrinsic)
    urls = {w: url_for("images.resized", width=w, filename=src, v=version) for w in widths}
    srcset = ", ".join(f"{urls[w]} {min(w, intrinsic)}w" for w in widths)
    # The fallback src: the smallest width that covers the displayed size on a 1x screen.
    fallback = next((w for w in widths if w >= display_width), widths[-1])
    sizes = f"(max-width: {display_width}px) 100vw, {display_width}px"
    return {"src": urls[fallback], "srcset": srcset, "sizes": sizes}


def share_image_url() -> str:
    """Absolute URL of this page's share image (Open Graph and Twitter cards)."""
    locale = current_locale()
    page = request.path.removeprefix(PREFIXES[locale]).strip("/") or "index"
    return absolute_url(url_for("images.share_image", locale=locale, page=page))
