"""/_img/<width>/<file>: a static raster at a breakpoint width; /_img/share/…: share images;
and those URLs for templates (a raster's srcset, a page's share image)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from urllib.parse import urlsplit

from flask import Blueprint, Response, abort, current_app, request, url_for
from flask_babel import force_locale
from flask_babel import gettext as _

from motorlab.files import file_version, write_atomically
from motorlab.i18n import LOCALES, PREFIXES, absolute_url, current_locale
from motorlab.images import resize, share, sources
from motorlab.pages.registry import page_at
from motorlab.rendering.assets import asset_url, brand_font_file, cache_for_a_day, cache_for_a_year

bp = Blueprint("images", __name__, url_prefix="/_img")


@bp.route("/<int:width>/<path:filename>")
def resized(width: int, filename: str):
    if width not in resize.WIDTHS:
        abort(404)
    try:
        path = sources.resolve(current_app.static_folder, filename)
    except sources.NotAnImage:
        abort(404)
    if sources.is_vector(path):  # SVG scales by itself: served as it is
        return _immutable(_file_response(path, "image/svg+xml"))
    fmt = resize.choose_format(request.headers.get("Accept", ""), path)
    try:
        rendition = resize.rendition(path, width, fmt, _cache_dir())
    except resize.RefusedImage:
        abort(400)
    response = _file_response(rendition, resize.FORMATS[fmt][0])
    response.vary.add("Accept")
    return _immutable(response)


@bp.route("/share/<locale>/<path:page>.png")
def share_image(locale: str, page: str):
    """The share image of one public page in one locale (`index` names the home page):
    drawn once, then read from the image cache, under a name made of everything it shows."""
    if locale not in LOCALES:
        abort(404)
    declared = page_at("/" if page == "index" else f"/{page}")
    if declared is None or not declared.listed:
        abort(404)
    with force_locale(locale):
        tagline = _("Software for car brands")
        title = str(declared.title)
    host = urlsplit(current_app.config["SITE_URL"]).netloc
    font = brand_font_file()  # its name carries its content hash
    picture = declared.picture and Path(current_app.static_folder, declared.picture.file(locale))
    drawn = f"{picture.name}:{file_version(picture)}" if picture else ""
    parts = f"{locale}|{title}|{tagline}|{host}|{font.name}|{drawn}|{_design()}"
    key = hashlib.sha256(parts.encode()).hexdigest()[:32]
    target = _cache_dir() / "share" / f"{key}.png"
    if not target.is_file():
        write_atomically(target, share.draw(title, tagline, host, font=font, picture=picture))
    return cache_for_a_day(_file_response(target, "image/png"))


@bp.route("/logo-<int:size>.png")
def logo(size: int):
    """The agency's mark as a PNG (the Organization's logo for search engines)."""
    if size != share.LOGO_SIZE:
        abort(404)
    target = _cache_dir() / "logo" / f"logo-{size}-{_design()}.png"
    if not target.is_file():
        write_atomically(target, share.draw_logo(size))
    return cache_for_a_day(_file_response(target, "image/png"))


def _cache_dir() -> Path:
    return Path(current_app.config["IMAGE_CACHE_DIR"])


def _design() -> str:
    """What every drawn image depends on: the drawing code's version and the mark's file."""
    return f"v{share.VERSION}-{file_version(share.LOGO)}"


def _file_response(path: Path, mimetype: str) -> Response:
    """The file's bytes (small: read at once, no handle left open) with a strong ETag."""
    response = Response(path.read_bytes(), mimetype=mimetype)
    response.add_etag()
    return response.make_conditional(request)


def _immutable(response):
    """Resized files are linked with their source's hash (`?v=`): a URL never changes."""
    return (cache_for_a_year if request.args.get("v") else cache_for_a_day)(response)


def responsive(src: str, display_width: int) -> dict:
    """`src`, `srcset` and `sizes` for a static image shown at most `display_width` CSS px
    wide. SVG keeps its static URL (it scales by itself); a raster gets every breakpoint
    width the service offers for it: each narrower, and the first that covers it."""
    if not sources.is_raster(src):
        return {"src": asset_url(src), "srcset": "", "sizes": ""}
    path = sources.resolve(current_app.static_folder, src)
    version = file_version(path)
    intrinsic, _height = resize.intrinsic_size(path)
    covering = [w for w in resize.WIDTHS if w >= intrinsic]
    widths = [w for w in resize.WIDTHS if w < intrinsic] + covering[:1]
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
