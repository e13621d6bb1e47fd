"""The benchmarks' arithmetic (tests/perf/figures.py) and the navigation benchmark's checks."""

import pytest

from tests.perf.bench_navigation import (
    BROWSER,
    Visit,
    fallbacks,
    report_table,
    summary,
    visit_problem,
)
from tests.perf.figures import in_rounds, medians, misses, table


def test_medians_goals_missed_rounds_and_the_table():
    runs = [{"a": 3, "b": 0.1}, {"a": 1, "b": 0.4}, {"a": 2, "b": 0.2}, {"a": 10, "b": 0.3}]
    assert medians(runs) == {"a": 2.5, "b": pytest.approx(0.25)}
    # Each goal missed, in the goals' order; a figure without a goal is not judged.
    figures = {"FCP ms": 901, "LCP ms": 1000, "CLS": 0.002, "seo": 100, "performance": 97}
    ceilings = {"FCP ms": 900, "LCP ms": 1000, "TBT ms": 50, "CLS": 0}
    floors = {"performance": 100, "seo": 100}
    missed = ["FCP ms 901 > 900", "CLS 0.002 > 0", "performance 97 < 100"]
    assert misses(figures, ceilings, floors) == missed
    assert misses({"LCP ms": 999.5}, ceilings) == []
    # Rounds take the items in turn, reversed every other round or rotated.
    order = []
    found = in_rounds(3, ("a", "b", "c"), lambda number, item: order.append(item) or number)
    assert found == dict.fromkeys("abc", [0, 1, 2]) and order == list("abccbaabc")
    order.clear()
    in_rounds(3, ["a", "b", "c"], lambda number, item: order.append(item), rotate=True)
    assert order == list("abcbcacab")
    # Names aligned left, figures right.
    assert table(("page", "FCP ms"), [("/", 812.0), ("/projects/kuzu", 1104)]).split("\n") == [
        "page            FCP ms",
        "/                  812",
        "/projects/kuzu    1104",
    ]


def test_summary_gives_medians_ratios_and_goals_against_the_browser():
    times = {
        BROWSER: [500.0, 520.0, 540.0],
        "first": [480.0, 530.0, 700.0],  # 530 / 520: 1.02x, over 1.0x
        "hover": [400.0, 410.0, 300.0],  # 400 / 520: 0.77x
        "later": [300.0, 312.0, 200.0],  # 300 / 520: 0.58x
    }
    rows = summary(times)
    assert [(r["row"], r["median_ms"], r["ratio"], r["goal"], r["met"]) for r in rows] == [
        (BROWSER, 520, 1.0, None, None),
        ("first", 530, 1.02, 1.0, False),
        ("hover", 400, 0.77, 0.8, True),
        ("later", 300, 0.58, 0.6, True),
    ]
    assert report_table(rows).split("\n") == [
        "navigation                                         median ms  x browser     goal"
        "              runs ms",
        "the browser's own (JavaScript off)                       520      1.00x"
        "                   500 520 540",
        "the site's swap, first click, no hover                   530      1.02x  <= 1.0x"
        "  MISSED  480 530 700",
        "the site's swap, first click after a 200 ms hover        400      0.77x  <= 0.8x"
        "      ok  400 410 300",
        "the site's swap, a later click (modules loaded)          300      0.58x  <= 0.6x"
        "      ok  300 312 200",
    ]


@pytest.mark.parametrize(
    ("row", "new_document", "navigated", "problem"),
    [
        (BROWSER, True, True, None),
        (BROWSER, False, False, "the browser's own navigation did not load a new document"),
        (BROWSER, True, False, "the browser's own navigation did not load a new document"),
        ("first", False, False, None),
        ("first", True, True, None),  # the first click's fallback: the browser navigates
        ("hover", True, True, None),
        ("later", True, True, "the site's swap became a real navigation (a new document)"),
        ("later", False, True, "the site's swap became a real navigation (a new document)"),
    ],
)
def test_a_visit_must_measure_its_row(row, new_document, navigated, problem):
    assert visit_problem(row, Visit(500.0, new_document, navigated)) == problem


def test_fallbacks_count_the_first_clicks_that_became_real_navigations():
    swap, real = Visit(300.0, False, False), Visit(400.0, True, True)
    visits = {
        BROWSER: [real, real],
        "first": [swap, real],
        "hover": [real, real],
        "later": [swap, swap],
    }
    assert fallbacks(visits) == (
        "first clicks that became the browser's navigation (the HTML beat the code): "
        "first 1/2, hover 2/2"
    )
