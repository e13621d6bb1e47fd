"""Navigation benchmark (`make bench`; docs/operations.md): click to the next page's <h1>
rendering, the site's swap against the browser's own navigation, in a throttled Chromium.

    .venv/bin/python tests/perf/bench_navigation.py [--runs 9] [--json nav.json] [--fail]
    .venv/bin/python tests/perf/bench_navigation.py --from /en/services --to /en/portfolio
    .venv/bin/python tests/perf/bench_navigation.py --after-load 1500   # visitors' moment

Rows taken in turn (each round starting one further), timed in the page by navigation_probe's
WATCHER. A visit that does not measure its row makes the run INVALID (exit 1)."""

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.perf.figures import (  # noqa: E402
    chromium,
    in_rounds,
    load_average,
    medians,
    parser,
    table,
    visitor,
)
from tests.perf.navigation_probe import CPU_SLOWDOWN, NETWORK, TIMEOUT_S, Probe  # noqa: E402
from tests.support.processes import bench_site  # noqa: E402

from motorlab.i18n import DEFAULT_LOCALE  # noqa: E402

HOVER_MS = 200

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
    label = "first clicks that became the browser's navigation (the HTML beat the code)"
    return f"{label}: {', '.join(counts)}"


def measure(browser, base: str, row: str, options) -> Visit:
    """One visit of `row` in a fresh context."""
    locale = "en" if options.source.startswith("/en") else DEFAULT_LOCALE
    context = visitor(
        browser, base, locale, java_script_enabled=row != BROWSER, reduced_motion="no-preference"
    )
    try:
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
    with chromium() as browser:
        print(f"Chromium {browser.version}", flush=True)

        def visit(number: int, key: str) -> tuple[Visit, str | None]:
            found = measure(browser, base, key, options)
            problem = visit_problem(key, found)
            note = f"  INVALID: {problem}" if problem else ""
            print(f"  round {number + 1} {key:8} {found.ms:7.0f} ms{note}", flush=True)
            return found, problem

        return in_rounds(options.runs, [key for key, _, _ in ROWS], visit, rotate=True)


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
    options = parser(__doc__, runs=5)
    options.add_argument("--from", dest="source", default="/services", help="the page clicked in")
    options.add_argument("--to", dest="target", default="/portfolio", help="the link's page")
    options.add_argument("--via", default="/contact", help="later click: the page visited first")
    options.add_argument("--after-load", type=int, metavar="MS", help="click MS after the load")
    options = options.parse_args(argv)
    when = "network quiet" if options.after_load is None else f"{options.after_load} ms after load"
    print(
        f"Navigation {options.source} -> {options.target}: click ({when}) to the new <h1>'s "
        f"Element Timing renderTime, Chromium 1280x800, CPU {CPU_SLOWDOWN}x slower, "
        f"{NETWORK['latency']} ms RTT, 1.6 Mbit/s down, 750 kbit/s up; "
        f"{options.runs} fresh visits a row, medians; gunicorn 2 workers",
        flush=True,
    )
    load_before = os.getloadavg()
    with bench_site("bench-navigation") as base:
        visits = run(base, options)
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
    load = load_average(load_before)
    if options.json:
        result = {key: getattr(options, key) for key in ("source", "target", "via", "after_load")}
        result.update(runs=options.runs, rows=rows, problems=problems, load_average=load)
        options.json.write_text(json.dumps(result, indent=2) + "\n")
    if problems:
        print("INVALID run, these visits did not measure their row:", *problems, sep="\n  ")
        return 1
    missed = [r["row"] for r in rows if r["met"] is False]
    if missed:
        print(f"goals missed: {', '.join(missed)}")
    return 1 if missed and options.fail else 0


if __name__ == "__main__":
    sys.exit(main())
