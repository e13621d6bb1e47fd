"""The site's SVG pictures as rasters, for what reads no SVG (link previews, search engines'
logo). resvg draws them (docs/decisions/0018); text in them is set in the system's fonts."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import resvg_py
from PIL import Image

SVG_TAG = re.compile(r"<svg\b[^>]*>")
SIZE_ATTRIBUTES = re.compile(r'\s(?:viewBox|width|height)="[^"]*"')


@dataclass(frozen=True)
class Raster:
    image: Image.Image  # RGBA, the box's size
    picture: tuple[int, int, int, int]  # where the picture's own view lies in it: l, t, r, b


def rasterise(svg: str, width: int, height: int) -> Raster:
    """The SVG scaled to fit a `width` x `height` box and centred in it. The view is widened
    to the box's shape, so what the picture draws past its own edges (a circle half off the
    canvas) shows and goes on rather than ending on a straight cut."""
    tag = SVG_TAG.search(svg)
    if tag is None:
        raise ValueError("not an SVG document")
    found = re.search(r'viewBox="([^"]+)"', tag.group(0))
    if found is None:
        raise ValueError("the picture has no viewBox")
    left, top, view_width, view_height = map(float, found.group(1).replace(",", " ").split())
    scale = min(width / view_width, height / view_height)
    wide, tall = width / scale, height / scale
    view = (left - (wide - view_width) / 2, top - (tall - view_height) / 2, wide, tall)
    opened = SIZE_ATTRIBUTES.sub("", tag.group(0)).replace(
        "<svg",
        f'<svg viewBox="{" ".join(f"{v:g}" for v in view)}" width="{width}" height="{height}"',
        1,
    )
    data = resvg_py.svg_to_bytes(svg_string=svg[: tag.start()] + opened + svg[tag.end() :])
    image = Image.open(io.BytesIO(bytes(data))).convert("RGBA")
    x, y = round((width - view_width * scale) / 2), round((height - view_height * scale) / 2)
    return Raster(image, (x, y, width - x, height - y))
