"""The logo and wordmark inlined in pages; the icons (drawn by motorlab.build.icons) and web app
manifest, served at the root where browsers ask for them, cached a day (no hash in their URL)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, request, send_from_directory
from markupsafe import Markup, escape

from motorlab.identity import AGENCY
from motorlab.rendering.assets import asset_url, cache_for_a_day
from motorlab.rendering.tokens import colour

PACKAGE = Path(__file__).resolve().parent
LOGO = PACKAGE / "static" / "img" / "favicon.svg"
# The name beside the mark, in Figtree outlines (motorlab.build.drawings.wordmark).
WORDMARK = PACKAGE / "static" / "img" / "wordmark.svg"
WORDMARK_ID = "wm"  # its group's id, and the prefix of its glyphs' ids
ICONS = PACKAGE / "static" / "icons"

FAVICON = "/favicon.ico"
APPLE_TOUCH_ICON = "/apple-touch-icon.png"
WEB_MANIFEST = "/manifest.webmanifest"
# The root files the export writes beside the pages, and nginx serves.
ROOT_FILES = (FAVICON, APPLE_TOUCH_ICON, WEB_MANIFEST)
MANIFEST_TYPE = "application/manifest+json"


@cache
def _svg(path: Path) -> str:
    return path.read_text(encoding="utf-8").strip()


def _inlined(path: Path, class_name: str) -> Markup:
    """A drawing inlined in a page (no request), hidden from assistive technology: the
    agency's name stands beside it as text."""
    attributes = f'<svg class="{escape(class_name)}" aria-hidden="true" focusable="false" '
    return Markup(_svg(path).replace("<svg ", attributes, 1))


def logo_mark(class_name: str) -> Markup:
    return _inlined(LOGO, class_name)


def wordmark(class_name: str) -> Markup:  # glyphs and all: the brand's face from the first paint
    return _inlined(WORDMARK, class_name)


def wordmark_copy(class_name: str) -> Markup:
    """A second wordmark in the same page: a `<use>` of the one `wordmark` inlined first."""
    view_box = re.search(r'viewBox="[^"]+" width="[^"]+" height="[^"]+"', _svg(WORDMARK))[0]
    return Markup(
        f'<svg class="{escape(class_name)}" aria-hidden="true" focusable="false" '
        f'xmlns="http://www.w3.org/2000/svg" {view_box}><use href="#{WORDMARK_ID}"/></svg>'
    )


def theme_color() -> str:
    return colour("color-accent")


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
        "background_color": colour("color-paper"),
        "theme_color": theme_color(),
        "icons": [
            icon("icon-192.png", 192),
            icon("icon-512.png", 512),
            icon("icon-maskable-512.png", 512, "maskable"),
        ],
    }


bp = Blueprint("icons", __name__)


@bp.get(FAVICON, endpoint="favicon")
@bp.get(APPLE_TOUCH_ICON, endpoint="apple_touch_icon")
def icon_file():
    return cache_for_a_day(send_from_directory(ICONS, request.path.lstrip("/")))


@bp.get(WEB_MANIFEST)
def web_manifest():
    body = json.dumps(manifest(), indent=2, ensure_ascii=False) + "\n"
    return cache_for_a_day(Response(body, mimetype=MANIFEST_TYPE))
