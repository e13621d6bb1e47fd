"""The arithmetic the browser benchmarks share (bench_navigation.py, lighthouse.py): medians of
several runs, a figure against its goal, and a plain-text table. No browser, no clock."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def medians(runs: Sequence[dict[str, float]]) -> dict[str, float]:
    """The median of every key over `runs` (each run a dict with the same keys)."""
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def misses(
    figures: dict[str, float],
    at_most: dict[str, float] | None = None,
    at_least: dict[str, float] | None = None,
) -> list[str]:
    """The goals `figures` miss, in the goals' order, as "name value > goal" (a ceiling) or
    "name value < goal" (a floor). A goal whose figure is missing is not judged."""
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
    """Columns as wide as their widest cell: the first one left-aligned (the row's name), the
    others right-aligned (figures)."""
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
    """A float as short as it is (1120.0 as 1120, 0.05 as 0.05): the callers round."""
    return f"{value:g}" if isinstance(value, float) else str(value)
