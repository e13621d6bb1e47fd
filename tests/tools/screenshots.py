"""Screenshots of the running site (`make screenshots`): the README's two, docs/home-1280.png
and docs/home-375.png (the Spanish home's first screen, under 150 kB), and the review set
build/screens/<page>-<locale>-<width>.png (outside git), every REVIEW page whole.

    make screenshots                     # serves the site itself, then shoots both sets
    make screenshots SCREENS_ONLY=1      # only build/screens/: docs/ stays as it is
    .venv/bin/python tests/tools/screenshots.py --base http://127.0.0.1:5000   # a running one"""

import argparse
import io
import itertools
import logging
import sys
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.perf.figures import chromium, visitor  # noqa: E402
from tests.support.browser import serving, wait_for_widgets  # noqa: E402

DOCS = ROOT / "docs"
SCREENS = ROOT / "build" / "screens"
LIMIT = 150 * 1024
README_SHOTS = {"home-1280.png": (1280, 800), "home-375.png": (375, 812)}
# Window width: its height (a phone, a small laptop, a laptop, a desktop screen).
WINDOWS = {375: 812, 1024: 768, 1280: 800, 1920: 1080}
MISSING = "/this-page-does-not-exist"  # a path no page has: the 404
# File name -> the registry's page name (the first case study stands for the four).
REVIEW = {"home": "home", "portfolio": "portfolio", "case-study": "case_study"}
REVIEW |= {"about": "team", "contact": "contact"}


def review_pages() -> dict[str, str]:
    """File name: path (without the locale's prefix) of each page build/screens shows."""
    from motorlab.pages.registry import PAGES

    paths: dict[str, str] = {}
    for page in PAGES:
        paths.setdefault(page.name, page.path)
    return {label: paths[name] for label, name in REVIEW.items()} | {"404": MISSING}


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


# Pictures below the fold load lazily: a full-page shot would show their empty boxes.
LOAD_EVERY_PICTURE = """async () => {
  const images = [...document.images];
  images.forEach(image => { image.loading = "eager"; });
  await Promise.all(images.map(image => image.decode().catch(() => null)));
  await document.fonts.ready;
}"""


def shoot(base: str, *, readme: bool = True, browser=None) -> list[Path]:
    """Both sets (only build/screens without `readme`), with `browser` or a Chromium of
    its own."""
    if browser is None:
        with chromium() as own:
            return shoot(base, readme=readme, browser=own)
    from motorlab.i18n import LOCALES, PREFIXES

    shots = []  # (file, locale, window, path, whole page)
    if readme:
        shots += [(DOCS / name, "es", size, "/", False) for name, size in README_SHOTS.items()]
    shots += [
        (SCREENS / f"{name}-{locale}-{size[0]}.png", locale, size,
         (PREFIXES[locale] + path).rstrip("/") or "/", True)
        for locale in LOCALES
        for size in WINDOWS.items()
        for name, path in review_pages().items()
    ]  # fmt: skip
    written = []
    for (locale, (width, height)), group in itertools.groupby(shots, key=lambda shot: shot[1:3]):
        viewport = {"width": width, "height": height}
        context = visitor(browser, base, locale, viewport=viewport, reduced_motion="reduce")
        page = context.new_page()
        for target, _, _, path, whole in group:
            page.goto(base + path, wait_until="networkidle")
            wait_for_widgets(page)
            page.evaluate(LOAD_EVERY_PICTURE)
            shot = page.screenshot(full_page=whole)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(shot if whole else small_png(shot))
            written.append(target)
        context.close()
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="a running site's address (default: serve one here)")
    parser.add_argument(
        "--screens-only", action="store_true", help="write only build/screens/ (docs/ as it is)"
    )
    args = parser.parse_args(argv)
    if args.base:
        server = nullcontext(args.base.rstrip("/"))
    else:
        from motorlab import create_app
        from motorlab.config import TestConfig

        logging.getLogger("werkzeug").setLevel(logging.WARNING)  # not a line per request
        server = serving(create_app(TestConfig()))
    with server as base:
        for path in shoot(base, readme=not args.screens_only):
            print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
