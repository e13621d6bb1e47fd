"""The site's icons (favicon.ico, apple-touch-icon, the manifest's PNGs) drawn with Pillow from
the logo (static/img/favicon.svg: a rounded square and a polygon), written under static/icons/."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image, ImageDraw

from motorlab.icons import ICONS, LOGO

ICO_SIZES = (16, 32, 48)
SUPERSAMPLE = 4  # draw larger, then shrink: smooth edges without an SVG renderer


def _logo() -> tuple[float, float, list[tuple[float, float]], str, str]:
    """(view box size, corner radius, the mark's polygon, square fill, mark fill)."""
    svg = LOGO.read_text(encoding="utf-8")
    size = float(re.search(r'viewBox="0 0 ([\d.]+) [\d.]+"', svg)[1])
    rect = re.search(r'<rect[^>]*rx="([\d.]+)"[^>]*fill="(#[0-9a-fA-F]+)"', svg)
    path = re.search(r'<path d="([^"]+)" fill="(#[0-9a-fA-F]+)"', svg)
    return size, float(rect[1]), _polygon(path[1]), rect[2], path[2]


def _polygon(d: str) -> list[tuple[float, float]]:
    """The points of an SVG path made of straight lines (M, L, H, V, Z; any case)."""
    points: list[tuple[float, float]] = []
    x = y = 0.0
    for command, args in re.findall(r"([MLHVZmlhvz])([^MLHVZmlhvz]*)", d):
        numbers = [float(n) for n in re.findall(r"-?\d*\.?\d+", args)]
        relative = command.islower()
        kind = command.upper()
        if kind == "Z":
            continue
        step = 1 if kind in "HV" else 2
        for i in range(0, len(numbers), step):
            if kind == "H":
                x = x + numbers[i] if relative else numbers[i]
            elif kind == "V":
                y = y + numbers[i] if relative else numbers[i]
            else:
                dx, dy = numbers[i], numbers[i + 1]
                x, y = (x + dx, y + dy) if relative else (dx, dy)
            points.append((x, y))
    return points


def draw(size: int, *, full_bleed: bool = False, mark_scale: float = 1.0):
    """The logo as a `size` px RGBA image. `full_bleed`: the square fills the image without
    rounded corners; `mark_scale` shrinks the mark about the centre (maskable safe zone)."""
    view, radius, polygon, square, mark = _logo()
    big = size * SUPERSAMPLE
    unit = big / view
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if full_bleed:
        pen.rectangle((0, 0, big, big), fill=square)
    else:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=radius * unit, fill=square)
    centre = view / 2
    scaled = [
        (centre + (x - centre) * mark_scale, centre + (y - centre) * mark_scale) for x, y in polygon
    ]
    pen.polygon([(x * unit, y * unit) for x, y in scaled], fill=mark)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def palette(image):
    """The icon in 256 colours, its transparency kept: a third of the full-colour file."""
    method = Image.Quantize.FASTOCTREE if image.mode == "RGBA" else Image.Quantize.MEDIANCUT
    return image.quantize(colors=256, method=method)


def generate(destination: Path = ICONS) -> list[Path]:
    """Write every icon file under `destination`; returns their paths."""
    destination.mkdir(parents=True, exist_ok=True)
    ico = destination / "favicon.ico"
    draw(max(ICO_SIZES)).save(ico, format="ICO", sizes=[(s, s) for s in ICO_SIZES])
    written = [ico]
    files = {
        "apple-touch-icon.png": draw(180, full_bleed=True, mark_scale=0.8).convert("RGB"),
        "icon-192.png": draw(192),
        "icon-512.png": draw(512),
        "icon-maskable-512.png": draw(512, full_bleed=True, mark_scale=0.7),
    }
    for name, image in files.items():
        path = destination / name
        palette(image).save(path, format="PNG", optimize=True)
        written.append(path)
    return written
