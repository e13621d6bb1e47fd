"""What building the staff mail costs the sender, per kind of description (`make bench`):
the median time and its ratio to 5,000 characters of ordinary words. Goals (issue 43): a line
of white space at most 4x, double the text about double the time (`--fail`: exit 1 if missed)."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.perf.figures import misses, table  # noqa: E402
from tests.support.descriptions import white, words  # noqa: E402

from motorlab import create_app  # noqa: E402
from motorlab.config import TestConfig  # noqa: E402
from motorlab.contact.mail import build_message  # noqa: E402
from motorlab.contact.outbox import Row  # noqa: E402

RUNS = 30
DESCRIPTIONS = {
    "words 5,000": words(5000),
    "words 10,000": words(10000),
    "white space line 5,000": white(5000),
    "white space line 10,000": white(10000),
    "'-- ' lines 5,000": "-- \n" * 1250,
}


def row(description: str) -> Row:
    return Row(
        id=1, uuid="0" * 32, created_at="2026-11-29T05:00:00+00:00", locale="en",
        name="Ana García", email="ana@example.com", description=description, status="queued",
        attempts=0, last_error=None, claim=None, claimed_at=None, sent_at=None,
        next_attempt_at=0.0,
    )  # fmt: skip


def median_ms(description: str) -> float:
    outbox_row = row(description)
    build_message(outbox_row).as_bytes()  # warm: templates compiled
    timings = []
    for _ in range(RUNS):
        start = time.perf_counter()
        build_message(outbox_row).as_bytes()
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def main(argv: list[str]) -> int:
    with create_app(TestConfig()).app_context():
        figures = {name: median_ms(text) for name, text in DESCRIPTIONS.items()}
    base = figures["words 5,000"]
    print(f"Staff mail built per description (median of {RUNS}, in process)")
    print(
        table(
            ["description", "ms", "x words 5,000"],
            [[name, round(ms, 2), round(ms / base, 2)] for name, ms in figures.items()],
        )
    )
    ratios = {
        "white space / words": figures["white space line 5,000"] / base,
        "white space doubled": figures["white space line 10,000"]
        / figures["white space line 5,000"],
        "words doubled": figures["words 10,000"] / base,
    }
    missed = misses(
        {name: round(value, 2) for name, value in ratios.items()},
        at_most={"white space / words": 4, "white space doubled": 2.5, "words doubled": 2.5},
    )
    print("goals: white space line <= 4x words; doubled input <= 2.5x the time")
    print("missed: " + ", ".join(missed) if missed else "every goal met")
    return 1 if missed and "--fail" in argv else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
