"""Benchmark: render the home pages with the Flask test client, warm.

Run with `make bench` (or `.venv/bin/python tests/perf/bench_home.py`). It prints the median
and 95th percentile per page, with the page cache on (the default SimpleCache) and off
(NullCache, so every request renders the templates). Not a test: figures vary per machine.
"""

from __future__ import annotations

import statistics
import sys
import time
import warnings

from motorlab import create_app
from motorlab.config import TestConfig
from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE

PAGES = ("/", "/en")
WARM_UP = 50
RUNS = 500


class RenderEveryTime(TestConfig):
    def __init__(self) -> None:
        super().__init__()
        self.CACHE_TYPE = "NullCache"


def measure(config, path: str) -> list[float]:
    client = create_app(config).test_client()
    client.set_cookie(COOKIE_NAME, DEFAULT_LOCALE)
    for _ in range(WARM_UP):
        assert client.get(path).status_code == 200
    timings = []
    for _ in range(RUNS):
        start = time.perf_counter()
        response = client.get(path)
        timings.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
    return timings


def main() -> int:
    warnings.simplefilter("ignore")  # NullCache announces itself with a warning
    print(f"{'page':<6} {'cache':<6} {'median ms':>10} {'p95 ms':>8} {'KB':>6}")
    for label, config in (("on", TestConfig()), ("off", RenderEveryTime())):
        for path in PAGES:
            timings = measure(config, path)
            size = len(create_app(config).test_client().get(path).data) / 1024
            p95 = statistics.quantiles(timings, n=20)[-1]
            median = statistics.median(timings)
            print(f"{path:<6} {label:<6} {median:>10.2f} {p95:>8.2f} {size:>6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
