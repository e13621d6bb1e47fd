"""/_img/<width>/<file>: a static raster at a breakpoint width; /_img/share/…: share images."""

from __future__ import annotations

import hashlib
from pathlib import Path
from urllib.parse import urlsplit

from flask import Blueprint, Response, abort, current_app, request
from flask_babel import force_locale
from flask_babel import gettext as _

from motorlab.files import file_version, write_atomically
from motorlab.i18n import LOCALES
from motorlab.images import resize, share, sources
from motorlab.images.urls import cache_dir
from motorlab.pages.registry import page_at
from motorlab.rendering.assets import brand_font_file, cache_for_a_day, cache_for_a_year

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
        rendition = resize.rendition(path, width, fmt, cache_dir())
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
    target = cache_dir() / "share" / f"{key}.png"
    if not target.is_file():
        image = share.draw(title, tagline, host, typeface=share.Typeface(font), picture=picture)
        write_atomically(target, image)
    return cache_for_a_day(_file_response(target, "image/png"))


@bp.route("/logo-<int:size>.png")
def logo(size: int):
    """The agency's mark as a PNG (the Organization's logo for search engines)."""
    if size != share.LOGO_SIZE:
        abort(404)
    target = cache_dir() / "logo" / f"logo-{size}-{_design()}.png"
    if not target.is_file():
        write_atomically(target, share.draw_logo(size))
    return cache_for_a_day(_file_response(target, "image/png"))


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
    if request.args.get("v"):
        return cache_for_a_year(response)
    return cache_for_a_day(response)
