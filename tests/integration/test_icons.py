"""Icons and app metadata (/favicon.ico, /apple-touch-icon.png, the web app manifest), drawn
from the logo by `make` (motorlab.build.icons), linked from every page, written by the export."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from motorlab import icons
from motorlab.rendering.assets import DAY_CACHE_CONTROL
from motorlab.rendering.tokens import colour
from tests.support.app import soup_of
from tests.support.pages import PAGES


def fetch(client, path):
    """(status, media type, body) of `path`, the response closed (send_file's file too)."""
    response = client.get(path)
    try:
        return response.status_code, response.mimetype, response.data
    finally:
        response.close()


def image_of(data: bytes):
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        return image


def test_the_favicon_holds_16_32_and_48_px_and_the_apple_touch_icon_is_180_px_opaque(client):
    status, media_type, data = fetch(client, "/favicon.ico")
    assert status == 200 and media_type == "image/vnd.microsoft.icon"
    image = image_of(data)
    assert image.format == "ICO" and set(image.info["sizes"]) == {(16, 16), (32, 32), (48, 48)}
    status, media_type, data = fetch(client, "/apple-touch-icon.png")
    assert status == 200 and media_type == "image/png"
    image = image_of(data)
    assert image.size == (180, 180) and "transparency" not in image.info
    assert image.convert("RGBA").getextrema()[3] == (255, 255)  # every pixel opaque


def test_the_manifest_names_the_app_and_its_icons(client):
    status, media_type, data = fetch(client, "/manifest.webmanifest")
    assert status == 200 and media_type == "application/manifest+json"
    manifest = json.loads(data)
    assert manifest["name"] == "Motorlab Digital" and manifest["short_name"] == "Motorlab"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == colour("color-accent")
    assert manifest["background_color"] == colour("color-paper")
    found = set()
    for icon in manifest["icons"]:
        status, _, data = fetch(client, icon["src"])
        width, height = image_of(data).size
        assert status == 200 and icon["sizes"] == f"{width}x{height}", icon["src"]
        found.add((icon["purpose"], width))
    assert found == {("any", 192), ("any", 512), ("maskable", 512)}


@pytest.mark.parametrize(("path", "locale"), PAGES)
def test_every_page_links_its_icons_manifest_and_theme_colour(client, path, locale):
    head = soup_of(client.get(path)).head
    assert head.select_one('link[rel=icon][href="/favicon.ico"]')
    assert head.select_one('link[rel=icon][type="image/svg+xml"]')
    assert head.select_one('link[rel=apple-touch-icon][href="/apple-touch-icon.png"]')
    assert head.select_one('link[rel=manifest][href="/manifest.webmanifest"]')
    assert head.select_one("meta[name=theme-color]")["content"] == icons.theme_color()


def test_the_png_icons_hold_a_palette_of_256_colours_at_most():
    """icon-192.png, which a phone fetches as the first page loads: 2.5 kB, not 6.2 kB."""
    for path in sorted(icons.ICONS.glob("*.png")):
        assert image_of(path.read_bytes()).mode == "P", path.name
    assert (icons.ICONS / "icon-192.png").stat().st_size < 3000


def test_the_export_holds_the_icons_and_manifest(exported_site, client):
    folder, _urls = exported_site
    for path in icons.ROOT_FILES:
        assert (folder / path.lstrip("/")).read_bytes() == fetch(client, path)[2], path
    manifest = json.loads((folder / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        assert (folder / icon["src"].split("?")[0].lstrip("/")).is_file()


def test_the_root_files_are_kept_a_day(client):
    """Their URLs carry no hash: a day, stated once (no Expires beside it)."""
    answers = {}
    for path in icons.ROOT_FILES:
        with client.get(path) as response:
            answers[path] = (response.headers.get("Cache-Control"), response.headers.get("Expires"))
    assert answers == {path: (DAY_CACHE_CONTROL, None) for path in icons.ROOT_FILES}
