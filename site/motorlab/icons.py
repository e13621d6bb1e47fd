"""The site's icons and web app manifest, made from the logo (static/img/favicon.svg).

`python -m motorlab.icons` draws, with Pillow, the files under static/icons/ (committed):
favicon.ico (16, 32 and 48 px), apple-touch-icon.png (180 px, full bleed: iOS rounds it),
icon-192.png and icon-512.png (the logo as it is, rounded corners) and icon-maskable-512.png
(full bleed, the mark inside the 80 % safe zone). The logo is one rounded square and one
polygon; its colours are the brand's (styles/tokens.css), so the icons need no SVG renderer.
Run it again after changing the logo, and commit its output.

The blueprint serves what browsers ask for at the root: /favicon.ico, /apple-touch-icon.png
and /manifest.webmanifest (ROOT_FILES: the export writes them too, and nginx serves them from
there with the same Cache-Control, motorlab.deploy.nginx_config). Their URLs carry no content hash:
any cache keeps them a day (assets.DAY_CACHE_CONTROL), then asks again."""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, send_from_directory
from markupsafe import Markup, escape

from motorlab.identity import AGENCY
from motorlab.rendering.assets import asset_url, cache_for_a_day
from motorlab.rendering.tokens import colour

PACKAGE = Path(__file__).resolve().parent
LOGO = PACKAGE / "static" / "img" / "favicon.svg"
# The name beside the mark, in Figtree outlines (content/pictures/wordmark.py draws it).
WORDMARK = PACKAGE / "static" / "img" / "wordmark.svg"
WORDMARK_ID = "wm"  # its group's id, and the prefix of its glyphs' ids
ICONS = PACKAGE / "static" / "icons"

FAVICON = "/favicon.ico"
APPLE_TOUCH_ICON = "/apple-touch-icon.png"
WEB_MANIFEST = "/manifest.webmanifest"
# The root files the export writes beside the pages (motorlab.build.export), nginx's too.
ROOT_FILES = (FAVICON, APPLE_TOUCH_ICON, WEB_MANIFEST)
MANIFEST_TYPE = "application/manifest+json"

ICO_SIZES = (16, 32, 48)
SUPERSAMPLE = 4  # draw larger, then shrink: smooth edges without an SVG renderer


@cache
def _logo_svg() -> str:
    return LOGO.read_text(encoding="utf-8").strip()


def logo_mark(class_name: str) -> Markup:
    """The logo inlined in a page (the header's, the footer's): the file itself, so there is
    one drawing and no request; hidden from assistive technology, as the agency's name
    stands beside it."""
    attributes = f'<svg class="{escape(class_name)}" aria-hidden="true" focusable="false" '
    return Markup(_logo_svg().replace("<svg ", attributes, 1))


@cache
def _wordmark_svg() -> str:
    return WORDMARK.read_text(encoding="utf-8").strip()


def wordmark(class_name: str) -> Markup:
    """The wordmark inlined in a page (the header's): the drawing itself, glyphs and all, so
    the name is in the brand's face from the first paint with no request. Hidden from
    assistive technology: the caller puts the name beside it as (visually hidden) text."""
    attributes = f'<svg class="{escape(class_name)}" aria-hidden="true" focusable="false" '
    return Markup(_wordmark_svg().replace("<svg ", attributes, 1))


def wordmark_copy(class_name: str) -> Markup:
    """A second wordmark in the same page (the footer's): a `<use>` of the one `wordmark`
    inlined first, so its glyphs are in the page once."""
    view_box = re.search(r'viewBox="[^"]+" width="[^"]+" height="[^"]+"', _wordmark_svg())[0]
    return Markup(
        f'<svg class="{escape(class_name)}" aria-hidden="true" focusable="false" '
        f'xmlns="http://www.w3.org/2000/svg" {view_box}><use href="#{WORDMARK_ID}"/></svg>'
    )


def theme_color() -> str:
    return colour("color-accent")


def background_color() -> str:
    return colour("color-paper")


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
    from PIL import Image, ImageDraw

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
    pen.polygon(
        [
            (
                (centre + (px - centre) * mark_scale) * unit,
                (centre + (py - centre) * mark_scale) * unit,
            )
            for px, py in polygon
        ],
        fill=mark,
    )
    return image.resize((size, size), Image.Resampling.LANCZOS)


def palette(image):
    """The icon with a palette of 256 colours (its own transparency kept): the flat logo and
    its smoothed edges hold about that many, and the file is a third of the full-colour one
    (icon-192: 6.2 kB to 2.5 kB), fetched by a phone that checks the site's install
    icon as the first page loads."""
    from PIL import Image

    method = Image.Quantize.FASTOCTREE if image.mode == "RGBA" else Image.Quantize.MEDIANCUT
    return image.quantize(colors=256, method=method)


def generate(destination: Path = ICONS) -> list[Path]:
    """Write every icon file under `destination`; returns their paths."""
    destination.mkdir(parents=True, exist_ok=True)
    written = []
    ico = destination / "favicon.ico"
    largest = draw(max(ICO_SIZES))
    largest.save(ico, format="ICO", sizes=[(s, s) for s in ICO_SIZES])
    written.append(ico)
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


def manifest() -> dict:
    """The web app manifest, its icons linked with their content hash."""
    icon = lambda name, size, purpose="any": {  # noqa: E731
        "src": asset_url(f"icons/{name}"),
        "sizes": f"{size}x{size}",
        "type": "image/png",
        "purpose": purpose,
    }
    return {
        "name": AGENCY.name,
        "short_name": AGENCY.short_name,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": background_color(),
        "theme_color": theme_color(),
        "icons": [
            icon("icon-192.png", 192),
            icon("icon-512.png", 512),
            icon("icon-maskable-512.png", 512, "maskable"),
        ],
    }


bp = Blueprint("icons", __name__)


@bp.get(FAVICON)
def favicon():
    return cache_for_a_day(send_from_directory(ICONS, FAVICON.lstrip("/")))


@bp.get(APPLE_TOUCH_ICON)
def apple_touch_icon():
    return cache_for_a_day(send_from_directory(ICONS, APPLE_TOUCH_ICON.lstrip("/")))


@bp.get(WEB_MANIFEST)
def web_manifest():
    body = json.dumps(manifest(), indent=2, ensure_ascii=False) + "\n"
    return cache_for_a_day(Response(body, mimetype=MANIFEST_TYPE))


if __name__ == "__main__":
    for path in generate():
        print(f"{path.relative_to(PACKAGE)}  {path.stat().st_size} bytes")
    sys.exit(0)
