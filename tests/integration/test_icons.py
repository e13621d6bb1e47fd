"""Icons and app metadata (/favicon.ico, /apple-touch-icon.png, the web app manifest), drawn
from the logo by `make` (motorlab.build.icons), written by the export (linked: test_every_page)."""

from __future__ import annotations

import io
import json

from PIL import Image

from motorlab import icons
from motorlab.rendering.assets import DAY_CACHE_CONTROL
from motorlab.rendering.tokens import colour


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


def test_the_favicon_holds_3_sizes_the_apple_touch_icon_is_opaque_the_pngs_paletted(client):
    """The PNGs in a palette: icon-192.png, fetched as the first page loads, 2.5 kB, not 6.2."""
    status, media_type, data = fetch(client, "/favicon.ico")
    assert status == 200 and media_type == "image/vnd.microsoft.icon"
    image = image_of(data)
    assert image.format == "ICO" and set(image.info["sizes"]) == {(16, 16), (32, 32), (48, 48)}
    status, media_type, data = fetch(client, "/apple-touch-icon.png")
    assert status == 200 and media_type == "image/png"
    image = image_of(data)
    assert image.size == (180, 180) and "transparency" not in image.info
    assert image.convert("RGBA").getextrema()[3] == (255, 255)  # every pixel opaque
    for path in sorted(icons.ICONS.glob("*.png")):
        assert image_of(path.read_bytes()).mode == "P", path.name  # 256 colours at most
    assert (icons.ICONS / "icon-192.png").stat().st_size < 3000


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


def test_the_root_files_are_kept_a_day_and_exported_with_the_manifests_icons(exported_site, client):
    """Their URLs carry no hash: a day, stated once (no Expires beside it)."""
    folder, _urls = exported_site
    for path in icons.ROOT_FILES:
        with client.get(path) as response:
            kept = (response.headers.get("Cache-Control"), response.headers.get("Expires"))
            assert kept == (DAY_CACHE_CONTROL, None), path
            assert (folder / path.lstrip("/")).read_bytes() == response.data, path
    manifest = json.loads((folder / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        assert (folder / icon["src"].split("?")[0].lstrip("/")).is_file()
