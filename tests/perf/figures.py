"""What the benchmark scripts share: Chromium, their options, the load average, medians, goals
missed and a plain-text table."""

import argparse
import os
import statistics
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE

CHROMIUM = "/usr/bin/chromium"


def medians(runs: Sequence[dict[str, float]]) -> dict[str, float]:
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def in_rounds(runs: int, items: Sequence, measure, rotate: bool = False) -> dict:
    """{item: [measure(round, item), one a round]}: every round takes the items in turn, in
    reverse order every other round or (`rotate`) starting one item further each round, so a
    load that rises or falls during a round favours no item."""
    results: dict = {item: [] for item in items}
    for number in range(runs):
        shift = number % len(items)
        order = [*items[shift:], *items[:shift]] if rotate else items[:: -1 if number % 2 else 1]
        for item in order:
            results[item].append(measure(number, item))
    return results


def misses(
    figures: dict[str, float],
    at_most: dict[str, float] | None = None,
    at_least: dict[str, float] | None = None,
) -> list[str]:
    """The goals `figures` miss, in order: "name value > ceiling", "name value < floor"."""
    missed = [
        f"{name} {_number(figures[name])} > {_number(goal)}"
        for name, goal in (at_most or {}).items()
        if name in figures and figures[name] > goal
    ]
    missed += [
        f"{name} {_number(figures[name])} < {_number(goal)}"
        for name, goal in (at_least or {}).items()
        if name in figures and figures[name] < goal
    ]
    return missed


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """Columns as wide as their widest cell: names left-aligned, figures right-aligned."""
    cells = [list(header)] + [[_number(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = [
        "  ".join(
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in cells
    ]
    return "\n".join(lines)


def _number(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


@contextmanager
def chromium() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def visitor(browser, base: str, locale: str = DEFAULT_LOCALE, **options):
    """A new browser context (1280 x 800 unless `options` say) of a returning visitor."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 800}, **options})
    context.add_cookies([{"name": COOKIE_NAME, "value": locale, "url": base}])
    return context


def parser(doc: str, runs: int) -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    options.add_argument("--json", type=Path, help="also write the figures to this file")
    options.add_argument("--fail", action="store_true", help="exit 1 when a goal is missed")
    options.add_argument(
        "--runs", type=int, default=runs, metavar="N", help="runs per row; medians are shown"
    )
    return options


def load_average(before: tuple[float, ...]) -> dict[str, list[float]]:
    """The load average (1, 5, 15 min) `before` and now, printed."""
    load = {
        "before": [round(x, 2) for x in before],
        "after": [round(x, 2) for x in os.getloadavg()],
    }
    print(f"load average (1, 5, 15 min) before: {load['before']}, after: {load['after']}")
    return load
