"""Share images, a 1200 x 630 PNG per page and locale (Open Graph, Twitter cards), and the mark
as a square PNG logo, drawn with Pillow (docs/decisions/0018)."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from motorlab.icons import LOGO
from motorlab.identity import AGENCY
from motorlab.images import vector
from motorlab.rendering.tokens import colour

VERSION = 2  # of the drawing code: part of the cached files' names, so a new design replaces them
SIZE = (1200, 630)
NIGHT = colour("color-night")
ACCENT = colour("color-accent")
PAPER = colour("color-paper")
MUTED = "#c5cad3"  # --color-on-ink, a step darker: secondary text on night
MARGIN = 72
PICTURE_WIDTH = 620  # the illustration's side of a card that has one
TEXT_TOP, TEXT_HEIGHT = 170, 300  # the title's room: under the brand, above the accent bar
LOGO_SIZE = 512  # search engines want a raster logo of at least 112 px
# Figtree's weights (its variable font's `wght` axis), as the stylesheet uses them.
REGULAR, BOLD, EXTRA_BOLD = 400, 700, 800


def _typeface(path: str, size: int, weight: int = REGULAR) -> ImageFont.FreeTypeFont:
    """The brand's variable font (a woff2, which FreeType unpacks) at a size and weight."""
    font = ImageFont.truetype(path, size)
    font.set_variation_by_axes([weight])
    return font


def draw(title: str, tagline: str, host: str, *, font: Path, picture: Path | None = None) -> bytes:
    """The PNG: mark and name at the top, the title large, the tagline, an accent bar and
    the site's host; with a `picture` (an SVG of the site) the text keeps the left side and
    the picture fills the right."""
    image = Image.new("RGB", SIZE, NIGHT)
    typeface = partial(_typeface, str(font))
    width, height = SIZE
    if picture is not None:
        text_right = width - PICTURE_WIDTH - MARGIN // 2
        _place_picture(image, picture)
    else:
        text_right = width - 4 * MARGIN  # clear of the disc
        _decorate(image)
    pen = ImageDraw.Draw(image)
    _brand(image, pen, typeface)
    _title_and_tagline(pen, typeface, title, tagline, text_right - MARGIN)
    pen.rectangle((MARGIN, height - 112, MARGIN + 96, height - 104), fill=ACCENT)
    pen.text((MARGIN, height - 86), host, font=typeface(26, REGULAR), fill=MUTED)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _brand(image: Image.Image, pen: ImageDraw.ImageDraw, typeface: Callable) -> None:
    """The header's brand: the mark, then the short name bold and the rest light."""
    mark = 56
    drawn = _mark(mark)
    image.paste(drawn, (MARGIN, MARGIN - 8), drawn)
    name, sub = typeface(34, EXTRA_BOLD), typeface(34, REGULAR)
    x, middle = MARGIN + mark + 18, MARGIN - 8 + mark // 2
    pen.text((x, middle), AGENCY.short_name, font=name, fill=PAPER, anchor="lm")
    x += name.getlength(f"{AGENCY.short_name} ")
    pen.text((x, middle), AGENCY.descriptor, font=sub, fill=MUTED, anchor="lm")


def _title_and_tagline(
    pen: ImageDraw.ImageDraw, typeface: Callable, title: str, tagline: str, measure: int
) -> None:
    """The title as large as fits in three lines (four at the smallest size) and the tagline
    under it, the block centred between the brand and the accent bar."""
    size = 68
    font = typeface(size, BOLD)
    lines = _wrap(title, font, measure)
    while len(lines) > 3 and size > 40:
        size -= 4
        font = typeface(size, BOLD)
        lines = _wrap(title, font, measure)
    lines, leading = lines[:4], int(size * 1.15)
    tagline_size, gap = 28, 24
    with_tagline = tagline.casefold() != title.casefold()  # home's title is the tagline
    block = leading * len(lines) + (gap + tagline_size if with_tagline else 0)
    y = TEXT_TOP + max(0, (TEXT_HEIGHT - block) // 2)
    for line in lines:
        pen.text((MARGIN, y), line, font=font, fill=PAPER)
        y += leading
    if with_tagline:
        tagline_font = typeface(tagline_size, REGULAR)
        line = _wrap(tagline, tagline_font, measure)[0]
        pen.text((MARGIN, y + gap), line, font=tagline_font, fill=MUTED)


def _place_picture(image: Image.Image, picture: Path) -> None:
    """The SVG filling the card's right side, PICTURE_WIDTH wide, on the picture's own
    background (the pictures are drawn on one flat colour: their bottom-left pixel)."""
    width, height = SIZE
    drawn = vector.rasterise(picture.read_text(encoding="utf-8"), PICTURE_WIDTH, height)
    left, _top, _right, bottom = drawn.picture
    panel = Image.new("RGBA", drawn.image.size, drawn.image.getpixel((left + 1, bottom - 2)))
    panel.alpha_composite(drawn.image)
    image.paste(panel.convert("RGB"), (width - PICTURE_WIDTH, 0))


def _decorate(image: Image.Image) -> None:
    """A card without a picture: an accent disc half off the corner and a thin ring, the
    illustrations' shapes, right of the title (drawn at twice the size for smooth edges)."""
    big = tuple(2 * side for side in SIZE)
    layer = Image.new("RGBA", big, (0, 0, 0, 0))
    pen = ImageDraw.Draw(layer)
    pen.ellipse((1680, -520, 2800, 600), fill=ACCENT)
    pen.ellipse((1800, 500, 2600, 1300), outline=(255, 255, 255, 48), width=6)
    layer = layer.resize(SIZE, Image.Resampling.LANCZOS)
    image.paste(layer, (0, 0), layer)


def _mark(size: int) -> Image.Image:
    return vector.rasterise(LOGO.read_text(encoding="utf-8"), size, size).image


def draw_logo(size: int = LOGO_SIZE) -> bytes:
    """The agency's mark (static/img/favicon.svg) as a `size`-pixel square PNG, for the
    Organization's `logo` in JSON-LD."""
    out = io.BytesIO()
    _mark(size).save(out, "PNG", optimize=True)
    return out.getvalue()


def _wrap(text: str, font: ImageFont.FreeTypeFont, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]
