"""JavaScript bytes per page (`make bench`), gzipped at level 9, each page in Chromium loaded and
scrolled to its end; for PLAIN, also what the first intent to navigate adds. Exits 1 over a
budget."""

import gzip
import sys
from pathlib import Path

from playwright.sync_api import Error

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.perf.figures import chromium, visitor  # noqa: E402
from tests.support.browser import NAVIGATION_STARTED  # noqa: E402
from tests.support.processes import bench_site  # noqa: E402

KB = 1000
PLAIN = "/en/services"  # no carousel
# (label, path, budget in bytes or None)
PAGES = [
    ("home: logo carousel, slider, nav menu", "/", 70 * KB),
    ("services: no carousel", PLAIN, 5 * KB),
    ("portfolio: row of cards, nav menu", "/en/portfolio", None),
    ("contact: contact form, nav menu", "/contact", None),
]


def record_scripts(page) -> dict[str, tuple[int, int]]:
    """Every script the page fetches, by URL: its bytes, raw and gzipped at level 9."""
    sizes = {}

    def record(response) -> None:
        if response.request.resource_type != "script" or response.url in sizes:
            return
        try:
            body = response.body()
        except Error as error:  # the page went before its body was read: say so, not a trace
            print(f"    (not counted, no body: {response.url}: {error.message.splitlines()[0]})")
            return
        sizes[response.url] = (len(body), len(gzip.compress(body, compresslevel=9)))

    page.on("response", record)
    return sizes


def measure(browser, base: str) -> bool:
    within = True
    for label, path, budget in PAGES:
        context = visitor(browser, base)
        page = context.new_page()
        scripts = record_scripts(page)
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_timeout(300)
        page.wait_for_load_state("networkidle")
        total = sum(gz for _, gz in scripts.values())
        ok = budget is None or total <= budget
        within &= ok
        verdict = f"  budget {budget / KB:.0f} kB: {'ok' if ok else 'OVER'}" if budget else ""
        print(f"{label:42} {path:18} {len(scripts)} scripts {total / KB:6.1f} kB gz{verdict}")
        for url, (raw, gz) in scripts.items():
            name = url.split("/static/build/")[-1]
            print(f"    {name:40} {raw / KB:7.1f} kB raw {gz / KB:6.1f} kB gz")
        if path == PLAIN:
            page.hover("header a.c-nav__link[href='/en/portfolio']")
            page.wait_for_function(NAVIGATION_STARTED)
            # The load state stays "networkidle" once reached: wait until no script has come
            # for half a second (the module imports the toast when it starts).
            count = -1
            while count != len(scripts):
                count = len(scripts)
                page.wait_for_timeout(500)
            total = sum(gz for _, gz in scripts.values())
            label = "  after the first intent to navigate"
            print(f"{label:61} {len(scripts)} scripts {total / KB:6.1f} kB gz")
        context.close()
    return within


def main() -> int:
    with bench_site("js-budget") as base, chromium() as browser:
        within = measure(browser, base)
    print("all pages within budget" if within else "a page is over its budget")
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
