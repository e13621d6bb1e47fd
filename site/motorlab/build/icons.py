"""The site's icons (favicon.ico, apple-touch-icon, the manifest's PNGs) drawn with Pillow from
the logo (static/img/favicon.svg: a rounded square and a polygon), written under static/icons/."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image, ImageDraw

from motorlab.icons import ICONS, LOGO

ICO_SIZES = (16, 32, 48)
SUPERSAMPLE = 4  # draw larger, then shrink: smooth edges without an SVG renderer


def _polygon(d: str) -> list[tuple[float, float]]:
    """The points of an SVG path made of straight lines (M, L, H, V, Z; any case)."""
    points: list[tuple[float, float]] = []
    x = y = 0.0
    for command, args in re.findall(r"([MLHVZmlhvz])([^MLHVZmlhvz]*)", d):
        numbers = [float(n) for n in re.findall(r"-?\d*\.?\d+", args)]
        relative, kind = command.islower(), command.upper()
        for i in range(0, len(numbers), 1 if kind in "HV" else 2):
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
    svg = LOGO.read_text(encoding="utf-8")
    view = float(re.search(r'viewBox="0 0 ([\d.]+) [\d.]+"', svg)[1])
    rect = re.search(r'<rect[^>]*rx="([\d.]+)"[^>]*fill="(#[0-9a-fA-F]+)"', svg)
    path = re.search(r'<path d="([^"]+)" fill="(#[0-9a-fA-F]+)"', svg)
    big = size * SUPERSAMPLE
    unit = big / view
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if full_bleed:
        pen.rectangle((0, 0, big, big), fill=rect[2])
    else:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=float(rect[1]) * unit, fill=rect[2])
    centre = view / 2
    scaled = [
        ((centre + (x - centre) * mark_scale) * unit, (centre + (y - centre) * mark_scale) * unit)
        for x, y in _polygon(path[1])
    ]
    pen.polygon(scaled, fill=path[2])
    return image.resize((size, size), Image.Resampling.LANCZOS)


def generate(destination: Path = ICONS) -> list[Path]:
    """Write every icon file under `destination`; returns their paths. The PNGs in 256
    colours, their transparency kept: a third of the full-colour file."""
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
        method = Image.Quantize.FASTOCTREE if image.mode == "RGBA" else Image.Quantize.MEDIANCUT
        image.quantize(colors=256, method=method).save(destination / name, optimize=True)
        written.append(destination / name)
    return written
