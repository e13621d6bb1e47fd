"""Share images: a 1200 x 630 PNG per page and locale (Open Graph, Twitter cards), drawn with
Pillow from the page's title, the brand and its colours. Social networks read no SVG; nor do
search engines read an SVG logo, so the agency's mark is drawn here too, as a square PNG."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

SIZE = (1200, 630)
NIGHT = "#0f1b2d"  # --color-night
ACCENT = "#c8102e"  # --color-accent
PAPER = "#ffffff"  # --color-paper
MUTED = "#c5cad3"
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")


def draw(title: str, tagline: str, host: str) -> bytes:
    """The PNG: brand at the top, the title large, an accent bar and the site's host."""
    image = Image.new("RGB", SIZE, NIGHT)
    pen = ImageDraw.Draw(image)
    width, height = SIZE
    margin = 80
    pen.rectangle((0, 0, 24, height), fill=ACCENT)
    pen.text((margin, 70), "Motorlab Digital", font=_font(44, bold=True), fill=PAPER)
    pen.text((margin, 128), tagline, font=_font(28), fill=MUTED)
    size = 72
    lines = _wrap(title, _font(size, bold=True), width - 2 * margin)
    while len(lines) > 3 and size > 40:
        size -= 6
        lines = _wrap(title, _font(size, bold=True), width - 2 * margin)
    y = 250
    for line in lines[:4]:
        pen.text((margin, y), line, font=_font(size, bold=True), fill=PAPER)
        y += int(size * 1.2)
    pen.rectangle((margin, height - 110, margin + 120, height - 100), fill=ACCENT)
    pen.text((margin, height - 80), host, font=_font(28), fill=MUTED)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


# The mark of static/img/favicon.svg, on its 32-unit grid: a rounded square and an "M".
MARK_GRID = 32
LOGO_SIZE = 512  # search engines want a raster logo of at least 112 px
MARK_RADIUS = 7
MARK_M = (
    (7, 23), (7, 9), (10.6, 9), (16, 16.2), (21.4, 9), (25, 9), (25, 23),
    (21.4, 23), (21.4, 15), (16, 22), (10.6, 15), (10.6, 23),
)  # fmt: skip


def draw_logo(size: int = 512) -> bytes:
    """The agency's mark as a `size`-pixel square PNG (drawn 4x larger, then scaled down
    for smooth edges), for the Organization's `logo` in JSON-LD."""
    scale = size * 4 / MARK_GRID
    image = Image.new("RGBA", (size * 4, size * 4), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle(
        (0, 0, size * 4 - 1, size * 4 - 1), radius=int(MARK_RADIUS * scale), fill=ACCENT
    )
    pen.polygon([(x * scale, y * scale) for x, y in MARK_M], fill=PAPER)
    out = io.BytesIO()
    image.resize((size, size), Image.Resampling.LANCZOS).save(out, "PNG", optimize=True)
    return out.getvalue()


def _wrap(text: str, font: ImageFont.FreeTypeFont, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (Debian's fonts-dejavu-core); Pillow's own font where it is missing."""
    path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if path.is_file():
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size)
