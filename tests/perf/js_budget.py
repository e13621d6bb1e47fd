"""JavaScript bytes per page, as a visitor's browser fetches them (`make bench`): the site
under gunicorn (`bench_site`), each page in Chromium at 1280 px, loaded, scrolled to the end
by script and quiet again, every script fetched counted gzipped at level 9; for the page
without carousels, also what the first intent to navigate (a hover) adds. Budgets: the home
page <= 70 kB, a page without carousels <= 5 kB before any intent; exits 1 over one.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

from playwright.sync_api import Error

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.perf.figures import chromium  # noqa: E402
from tests.support.browser import NAVIGATION_STARTED  # noqa: E402
from tests.support.processes import bench_site  # noqa: E402

from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE  # noqa: E402

KB = 1000
PLAIN = "/en/services"  # no carousel
# (label, path, budget in bytes or None)
PAGES = [
    ("home: logo carousel, slider, nav menu", "/", 70 * KB),
    ("services: no carousel", PLAIN, 5 * KB),
    ("portfolio: row of cards, nav menu", "/en/portfolio", None),
    ("contact: contact form, nav menu", "/contact", None),
]


class Scripts:
    """Every script response of a page, by URL, gzipped at level 9."""

    def __init__(self, page) -> None:
        self.sizes: dict[str, tuple[int, int]] = {}
        page.on("response", self.record)

    def record(self, response) -> None:
        if response.request.resource_type != "script" or response.url in self.sizes:
            return
        try:
            body = response.body()
        except Error as error:  # the page went before its body was read: say so, not a trace
            print(f"    (not counted, no body: {response.url}: {error.message.splitlines()[0]})")
            return
        self.sizes[response.url] = (len(body), len(gzip.compress(body, compresslevel=9)))

    def total(self) -> int:
        return sum(gz for _, gz in self.sizes.values())


def settle(page) -> None:
    page.wait_for_load_state("networkidle")
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(300)
    page.wait_for_load_state("networkidle")


def measure(browser, base: str) -> bool:
    within = True
    for label, path, budget in PAGES:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_cookies([{"name": COOKIE_NAME, "value": DEFAULT_LOCALE, "url": base}])
        page = context.new_page()
        scripts = Scripts(page)
        page.goto(base + path)
        settle(page)
        total = scripts.total()
        verdict = ""
        if budget is not None:
            ok = total <= budget
            within &= ok
            verdict = f"  budget {budget / KB:.0f} kB: {'ok' if ok else 'OVER'}"
        print(f"{label:42} {path:18} {len(scripts.sizes)} scripts {total / KB:6.1f} kB gz{verdict}")
        for url, (raw, gz) in scripts.sizes.items():
            name = url.split("/static/build/")[-1]
            print(f"    {name:40} {raw / KB:7.1f} kB raw {gz / KB:6.1f} kB gz")
        if path == PLAIN:
            page.hover("header a.c-nav__link[href='/en/portfolio']")
            page.wait_for_function(NAVIGATION_STARTED)
            # The load state stays "networkidle" once reached: wait until no script has come
            # for half a second (the module imports the toast when it starts).
            count = -1
            while count != len(scripts.sizes):
                count = len(scripts.sizes)
                page.wait_for_timeout(500)
            print(
                f"{'  after the first intent to navigate':61} {len(scripts.sizes)} scripts "
                f"{scripts.total() / KB:6.1f} kB gz"
            )
        context.close()
    return within


def main() -> int:
    with bench_site("js-budget") as base, chromium() as browser:
        within = measure(browser, base)
    print("all pages within budget" if within else "a page is over its budget")
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
