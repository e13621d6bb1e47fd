"""The site's icons and web app manifest, made from the logo (static/img/favicon.svg).

`make` draws the files under static/icons/ from the logo (motorlab.build.icons: never
committed): favicon.ico, apple-touch-icon.png and the manifest's icons.

The blueprint serves what browsers ask for at the root: /favicon.ico, /apple-touch-icon.png
and /manifest.webmanifest (ROOT_FILES: the export writes them too, and nginx serves them from
there with the same Cache-Control, motorlab.deploy.nginx_config). Their URLs carry no content hash:
any cache keeps them a day (assets.DAY_CACHE_CONTROL), then asks again."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, send_from_directory
from markupsafe import Markup, escape

from motorlab.identity import AGENCY
from motorlab.rendering.assets import asset_url, cache_for_a_day
from motorlab.rendering.tokens import colour

PACKAGE = Path(__file__).resolve().parent
LOGO = PACKAGE / "static" / "img" / "favicon.svg"
# The name beside the mark, in Figtree outlines (motorlab.build.drawings.wordmark draws it).
WORDMARK = PACKAGE / "static" / "img" / "wordmark.svg"
WORDMARK_ID = "wm"  # its group's id, and the prefix of its glyphs' ids
ICONS = PACKAGE / "static" / "icons"

FAVICON = "/favicon.ico"
APPLE_TOUCH_ICON = "/apple-touch-icon.png"
WEB_MANIFEST = "/manifest.webmanifest"
# The root files the export writes beside the pages (motorlab.build.export), nginx's too.
ROOT_FILES = (FAVICON, APPLE_TOUCH_ICON, WEB_MANIFEST)
MANIFEST_TYPE = "application/manifest+json"


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
