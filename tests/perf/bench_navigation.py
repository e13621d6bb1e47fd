"""Navigation benchmark: how long a click on a page link takes to show the next page, the
site's fetch-and-swap against the browser's own navigation, on a throttled phone-like browser.

    .venv/bin/python tests/perf/bench_navigation.py                 # what `make bench` runs
    .venv/bin/python tests/perf/bench_navigation.py --runs 9 --json nav.json
    .venv/bin/python tests/perf/bench_navigation.py --from /en/services --to /en/portfolio
    .venv/bin/python tests/perf/bench_navigation.py --fail          # exit 1 on a missed goal
    .venv/bin/python tests/perf/bench_navigation.py --after-load 1500   # visitors' moment

The site runs under gunicorn (tests/support/servers.py's `bench_site`, 2 workers) on a free
loopback port; Debian's Chromium is driven by Playwright at 1280 x 800 px (the header's links
shown, motion allowed) under Lighthouse's mobile throttling, set through the DevTools protocol
on each page: Network.emulateNetworkConditions (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
up, Lighthouse's kilobits of 1024 bits) and Emulation.setCPUThrottlingRate 4. Every visit is
a fresh browser context (empty cache, no cookie but the language's), which loads the `--from`
page and waits (below), then clicks its link to `--to`:

- browser: the browser's own navigation (JavaScript disabled in the context);
- first click: the site's swap, the first click of the visit, no hover (the pointer moves
  onto the link and presses at once, as Playwright's click does: a quick hand);
- hover 200 ms: the first click after the pointer rested 200 ms on the link;
- later click: the visit first goes to `--via` and back by clicking the header's links
  (the navigation module and React loaded, each page's network quiet), then clicks.

`--runs` visits per row (default 5), the rows taken in turn (round robin, each round starting
one row further), so a change of load on the machine touches every row alike; the table
shows each row's median, its ratio to the browser's median and the issue's goals (first
click <= 1.0x, hover <= 0.8x, later click <= 0.6x).

What is timed, in every row the same way, inside the page, by a script in an isolated world
(the DevTools protocol's Page.addScriptToEvaluateOnNewDocument with a world name: it runs with
the page's JavaScript disabled too, and the page's scripts cannot see it): from the click
event's timestamp to the Element Timing `renderTime` of the new page's <h1>, the time the
browser painted it. The script sets an `elementtiming` attribute on every <h1> as it enters
the DOM (a MutationObserver from the document's start: the parser's headings and the ones a
swap puts in), so the templates carry nothing for the bench and no polling delay counts; a
PerformanceObserver reports each heading's entry. The documents' own clocks give the times,
on one time base (`performance.timeOrigin` + the event's or the entry's timestamp), across
the browser's navigation too; the script reports to this process through a DevTools binding.

When the click comes: by default once the `--from` page's network has been quiet for 500 ms
(Playwright's networkidle); with `--after-load MS` (`make bench` runs both), MS after the load
event, as a visitor clicks, whatever the page is still downloading (the widgets' code,
pictures, the typeface).

A measurement is checked: the browser's row must load a new document by a navigation
request; a later click must stay in the same document with no navigation request (with the
modules loaded, a real page load there is a fault). A first click may become the browser's own
navigation: that is the designed fallback when the page's HTML arrives before the navigation
code, and what the visitor waited is what the row measures; the table says how many did.
Otherwise the run is INVALID, says which visits, and exits 1. A valid run exits 0 (a report:
figures move on a busy machine) unless `--fail` is given and a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.perf.figures import medians, table  # noqa: E402
from tests.support.servers import bench_site  # noqa: E402

from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 1280, "height": 800}
# Lighthouse's mobile throttling (its "Slow 4G" figures), in the protocol's units (bytes/s).
NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 750 * 1024 / 8,
}
CPU_SLOWDOWN = 4
HOVER_MS = 200
QUIET_MS = 500  # a quiet network: no request in flight for this long (Playwright's networkidle)
TIMEOUT_S = 60

BROWSER = "browser"
# (key, label, goal: at most this ratio to the browser's own navigation)
ROWS = (
    (BROWSER, "the browser's own (JavaScript off)", None),
    ("first", "the site's swap, first click, no hover", 1.0),
    ("hover", "the site's swap, first click after a 200 ms hover", 0.8),
    ("later", "the site's swap, a later click (modules loaded)", 0.6),
)
# Rows whose visit may end as the browser's own navigation (the first click's fallback).
FALLBACK_ALLOWED = frozenset({"first", "hover"})

WORLD = "motorlab-bench"
BINDING = "__motorlabBenchReport"
MARK = "bench-h1-"
# The isolated world's script (see the module's docstring). `doc` names the document, `n`
# counts the <h1>s it has marked: a click reports how many there were, a heading shown its own.
WATCHER = (
    """(() => {
  const doc = Math.random().toString(36).slice(2);
  let count = 0;
  const report = (kind, time, n) => window.BINDING(JSON.stringify(
    {kind, doc, n, path: location.pathname, t: performance.timeOrigin + time}));
  const mark = (node) => {
    const found = node.matches("h1") ? [node] : node.querySelectorAll("h1");
    for (const h1 of found) {
      if (!h1.hasAttribute("elementtiming")) h1.setAttribute("elementtiming", "MARK" + ++count);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node.nodeType === 1) mark(node);
    }
  }).observe(document, {childList: true, subtree: true});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.identifier.startsWith("MARK")) continue;
      const n = Number(entry.identifier.slice(MARK_LENGTH));
      report("shown", entry.renderTime || entry.loadTime, n);
    }
  }).observe({type: "element", buffered: true});
  addEventListener("click", (event) => report("click", event.timeStamp, count), true);
})();""".replace("BINDING", BINDING)
    .replace("MARK_LENGTH", str(len(MARK)))
    .replace("MARK", MARK)
)


@dataclass
class Visit:
    ms: float
    new_document: bool  # the heading shown is in another document than the click
    navigated: bool  # the target came by a navigation request (not a fetch)


def visit_problem(row: str, visit: Visit) -> str | None:
    """Why a visit does not measure what its row says, else None."""
    if row == BROWSER:
        if not (visit.new_document and visit.navigated):
            return "the browser's own navigation did not load a new document"
    elif row not in FALLBACK_ALLOWED and (visit.new_document or visit.navigated):
        return "the site's swap became a real navigation (a new document)"
    return None


def fallbacks(visits: dict[str, list[Visit]]) -> str:
    """How many first clicks became the browser's navigation, per row that allows it."""
    counts = (
        f"{key} {sum(v.new_document for v in visits[key])}/{len(visits[key])}"
        for key, _, _ in ROWS
        if key in FALLBACK_ALLOWED
    )
    return "first clicks that became the browser's navigation (the HTML beat the code): " + (
        ", ".join(counts)
    )


class Probe:
    """One throttled page with the watcher in it: its reports, the requests in flight, and
    whether the target was asked for by a navigation request."""

    def __init__(self, context, page, target: str) -> None:
        self.page = page
        self.target = target
        self.reports: list[dict] = []
        self.in_flight: set = set()
        self.last_change = time.monotonic()
        self.navigations: list[str] = []
        session = context.new_cdp_session(page)
        session.on("Runtime.bindingCalled", self._reported)
        session.send("Runtime.enable")
        session.send("Runtime.addBinding", {"name": BINDING, "executionContextName": WORLD})
        session.send("Page.enable")
        script = {"source": WATCHER, "worldName": WORLD}
        session.send("Page.addScriptToEvaluateOnNewDocument", script)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", NETWORK)
        session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)

    def _reported(self, event: dict) -> None:
        if event["name"] == BINDING:
            self.reports.append(json.loads(event["payload"]))

    def _started(self, request) -> None:
        self.in_flight.add(request)
        self.last_change = time.monotonic()
        if request.is_navigation_request() and urlsplit(request.url).path == self.target:
            self.navigations.append(request.url)

    def _ended(self, request) -> None:
        self.in_flight.discard(request)
        self.last_change = time.monotonic()

    def _wait(self, found, what: str):
        deadline = time.monotonic() + TIMEOUT_S
        while (result := found()) is None:
            if time.monotonic() > deadline:
                raise RuntimeError(f"no {what} within {TIMEOUT_S} s")
            self.page.wait_for_timeout(10)
        return result

    def _still(self) -> bool | None:
        idle = time.monotonic() - self.last_change
        return True if not self.in_flight and idle > QUIET_MS / 1000 else None

    def quiet(self) -> None:
        """Wait until no request has been in flight for QUIET_MS."""
        self._wait(self._still, "quiet network")

    def _report(self, since: int, kind: str, path: str | None = None, click: dict | None = None):
        """The first report of `kind` since the `since`th (of `path`; with `click`, a heading
        marked after it: in another document, or later in the click's own)."""
        return next(
            (
                r
                for r in self.reports[since:]
                if r["kind"] == kind
                and path in (None, r["path"])
                and (click is None or r["doc"] != click["doc"] or r["n"] > click["n"])
            ),
            None,
        )

    def click(self, path: str, hover_ms: int = 0) -> tuple[dict, dict]:
        """Click the page's (first visible) link to `path`, after resting on it `hover_ms`;
        the click's report and the report of `path`'s heading shown."""
        links = self.page.locator(f'a[href="{path}"]:visible')
        if not links.count():
            raise SystemExit(f"{self.page.url} has no visible link to {path}")
        box = links.first.bounding_box()
        seen = len(self.reports)
        # The mouse itself, not Playwright's click: its checks before pressing would lengthen
        # the hover. One move onto the link (one pointerover), then a press at once.
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if hover_ms:
            self.page.wait_for_timeout(hover_ms)
        self.page.mouse.down()
        self.page.mouse.up()
        click = self._wait(lambda: self._report(seen, "click"), "click")
        shown = self._wait(lambda: self._report(seen, "shown", path, click), f"heading of {path}")
        return click, shown


def measure(browser, base: str, row: str, options) -> Visit:
    """One visit of `row` in a fresh context."""
    locale = "en" if options.source.startswith("/en") else DEFAULT_LOCALE
    context = browser.new_context(
        viewport=VIEWPORT, java_script_enabled=row != BROWSER, reduced_motion="no-preference"
    )
    try:
        context.add_cookies([{"name": COOKIE_NAME, "value": locale, "url": base}])
        page = context.new_page()
        probe = Probe(context, page, options.target)
        page.goto(base + options.source, wait_until="load", timeout=TIMEOUT_S * 1000)
        if options.after_load is None:
            page.wait_for_load_state("networkidle")
        else:
            page.wait_for_timeout(options.after_load)  # whatever is still on the wire stays
        if row == "later":
            for path in (options.via, options.source):
                probe.click(path)
                probe.quiet()
        click, shown = probe.click(options.target, hover_ms=HOVER_MS if row == "hover" else 0)
        return Visit(
            ms=shown["t"] - click["t"],
            new_document=shown["doc"] != click["doc"],
            navigated=bool(probe.navigations),
        )
    finally:
        context.close()


def run(base: str, options) -> dict[str, list[tuple[Visit, str | None]]]:
    from playwright.sync_api import sync_playwright

    keys = [key for key, _, _ in ROWS]
    visits: dict[str, list[tuple[Visit, str | None]]] = {key: [] for key in keys}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        print(f"Chromium {browser.version}", flush=True)
        try:
            for round_ in range(options.runs):
                for key in keys[round_ % len(keys) :] + keys[: round_ % len(keys)]:
                    visit = measure(browser, base, key, options)
                    problem = visit_problem(key, visit)
                    visits[key].append((visit, problem))
                    note = f"  INVALID: {problem}" if problem else ""
                    print(f"  round {round_ + 1} {key:8} {visit.ms:7.0f} ms{note}", flush=True)
        finally:
            browser.close()
    return visits


def summary(times: dict[str, list[float]]) -> list[dict]:
    """Each row's median (ms), its ratio to the browser's median, its goal and whether the
    goal is met (None: no goal)."""
    runs = zip(*times.values(), strict=True)  # every row has as many visits
    median = medians([dict(zip(times, run, strict=True)) for run in runs])
    rows = []
    for key, label, goal in ROWS:
        ratio = median[key] / median[BROWSER]
        met = None if goal is None else ratio <= goal
        rows.append(
            {"row": key, "label": label, "median_ms": round(median[key]), "ratio": round(ratio, 2),
             "goal": goal, "met": met, "runs_ms": [round(t) for t in times[key]]}
        )  # fmt: skip
    return rows


def report_table(rows: list[dict]) -> str:
    verdict = {None: "", True: "ok", False: "MISSED"}
    return table(
        ("navigation", "median ms", "x browser", "goal", "", "runs ms"),
        [
            (r["label"], r["median_ms"], f"{r['ratio']:.2f}x",
             "" if r["goal"] is None else f"<= {r['goal']:.1f}x", verdict[r["met"]],
             " ".join(str(t) for t in r["runs_ms"]))
            for r in rows
        ],
    )  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="source", default="/services", help="the page clicked in")
    parser.add_argument("--to", dest="target", default="/portfolio", help="the link's page")
    parser.add_argument(
        "--via", default="/contact", help="later click: the page visited first and back"
    )
    parser.add_argument("--runs", type=int, default=5, metavar="N", help="visits per row")
    parser.add_argument(
        "--after-load", type=int, metavar="MS",
        help="click MS after the load event, not once the network is quiet (visitors' way)",
    )  # fmt: skip
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--fail", action="store_true", help="exit 1 when a goal is missed")
    options = parser.parse_args(argv)

    when = "network quiet" if options.after_load is None else f"{options.after_load} ms after load"
    print(
        f"Navigation {options.source} -> {options.target}: click ({when}) to the new <h1>'s "
        "Element Timing renderTime, "
        f"Chromium {VIEWPORT['width']}x{VIEWPORT['height']}, CPU {CPU_SLOWDOWN}x slower, "
        f"{NETWORK['latency']} ms RTT, 1.6 Mbit/s down, 750 kbit/s up; "
        f"{options.runs} fresh visits a row, medians; gunicorn 2 workers",
        flush=True,
    )
    load_before = os.getloadavg()
    with bench_site("bench-navigation") as base:
        visits = run(base, options)
    load = [round(x, 2) for x in (*load_before, *os.getloadavg())]
    problems = [
        f"{key} visit {i + 1}: {problem}"
        for key, rows in visits.items()
        for i, (_, problem) in enumerate(rows)
        if problem
    ]
    rows = summary({key: [v.ms for v, _ in rows] for key, rows in visits.items()})
    print(report_table(rows))
    print(fallbacks({key: [v for v, _ in rows] for key, rows in visits.items()}))
    goals = ", ".join(f"{key} <= {goal:.1f}x" for key, _, goal in ROWS if goal is not None)
    print(f"goals, against the browser's own navigation: {goals}")
    print(f"load average (1, 5, 15 min) before: {load[:3]}, after: {load[3:]}")
    if options.json:
        result = {"source": options.source, "target": options.target, "via": options.via,
                  "after_load": options.after_load, "runs": options.runs, "rows": rows,
                  "problems": problems,
                  "load_average": {"before": load[:3], "after": load[3:]}}  # fmt: skip
        options.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    if problems:
        print("INVALID run, these visits did not measure their row:", *problems, sep="\n  ")
        return 1
    missed = [r["row"] for r in rows if r["met"] is False]
    if missed:
        print(f"goals missed: {', '.join(missed)}")
    return 1 if missed and options.fail else 0


if __name__ == "__main__":
    sys.exit(main())
