"""Render times (`make bench`): every public page through the Flask test client, warm, with the
page cache on and off (NullCache): median and p95 in ms, and the page's size."""

import statistics
import sys
import time
import warnings

from motorlab import create_app
from motorlab.config import TestConfig
from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE
from motorlab.pages.registry import public_paths

WARM_UP = 5
RUNS = {"on": 200, "off": 50}  # rendering every time is slower


def measure(client, path: str, runs: int) -> list[float]:
    timings = []
    for number in range(WARM_UP + runs):
        start = time.perf_counter()
        response = client.get(path, headers={"Accept-Encoding": "br"})
        if number >= WARM_UP:
            timings.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (path, response.status_code)
    return timings


def main() -> int:
    warnings.simplefilter("ignore")  # NullCache announces itself with a warning
    render_every_time = TestConfig()
    render_every_time.CACHE_TYPE = "NullCache"
    print(f"{'page':<22} {'cache':<6} {'median ms':>10} {'p95 ms':>8} {'KB':>6}")
    for label, config in (("on", TestConfig()), ("off", render_every_time)):
        app = create_app(config)
        client = app.test_client()
        client.set_cookie(COOKIE_NAME, DEFAULT_LOCALE)
        for path in public_paths(app):
            timings = measure(client, path, RUNS[label])
            size = len(client.get(path).data) / 1024
            p95 = statistics.quantiles(timings, n=20)[-1]
            median = statistics.median(timings)
            print(f"{path:<22} {label:<6} {median:>10.2f} {p95:>8.2f} {size:>6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
