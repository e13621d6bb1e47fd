"""The README's screenshots: home at 1280 and 375 px, from the running site, in docs/.

    make screenshots                                   # serves the site itself, then shoots
    .venv/bin/python tests/tools/screenshots.py --base http://127.0.0.1:5000   # a running one

Chromium (Debian's, through Playwright) opens the Spanish home page as a returning visitor,
waits for its widgets and fonts, and keeps the first screen: 1280 x 800 and 375 x 812. Each
PNG is reduced to a 256-colour palette when that is needed to stay under 150 kB (a test
checks the size of the committed files)."""

from __future__ import annotations

import argparse
import io
import sys
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

DOCS = ROOT / "docs"
CHROMIUM = "/usr/bin/chromium"
LIMIT = 150 * 1024
SHOTS = {"home-1280.png": (1280, 800), "home-375.png": (375, 812)}


def small_png(data: bytes) -> bytes:
    """The PNG as it is if under LIMIT, else as a 256-colour palette PNG."""
    if len(data) <= LIMIT:
        return data
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        palette = image.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT)
    out = io.BytesIO()
    palette.save(out, format="PNG", optimize=True)
    return out.getvalue()


def shoot(base: str, destination: Path = DOCS) -> list[Path]:
    from playwright.sync_api import sync_playwright
    from tests.support.browser import wait_for_widgets

    destination.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for name, (width, height) in SHOTS.items():
                context = browser.new_context(
                    viewport={"width": width, "height": height}, reduced_motion="reduce"
                )
                context.add_cookies([{"name": "i18n_redirected", "value": "es", "url": base}])
                page = context.new_page()
                page.goto(base + "/", wait_until="networkidle")
                wait_for_widgets(page)
                page.evaluate("() => document.fonts.ready")
                path = destination / name
                path.write_bytes(small_png(page.screenshot()))
                written.append(path)
                context.close()
        finally:
            browser.close()
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="a running site's address (default: serve one here)")
    args = parser.parse_args(argv)
    if args.base:
        server = nullcontext(args.base.rstrip("/"))
    else:
        from tests.support.browser import serving

        from motorlab import create_app
        from motorlab.config import TestConfig

        server = serving(create_app(TestConfig()))
    with server as base:
        for path in shoot(base):
            print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
