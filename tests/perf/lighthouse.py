"""Lighthouse scores (performance, accessibility, best practices, SEO) of the home, services
and contact pages in both languages, with Lighthouse's default mobile preset, against the
site under gunicorn (tests/support/servers.py's `gunicorn` helper) on a free loopback port.

Lighthouse is the npm devDependency (node_modules/.bin/lighthouse, `make setup` installs it);
it drives Debian's Chromium (CHROME_PATH=/usr/bin/chromium) with the flags below.

    .venv/bin/python tests/perf/lighthouse.py                  # what `make bench` runs
    .venv/bin/python tests/perf/lighthouse.py --json out.json  # every score, for a script
    ANALYTICS_ID=G-XXXX .venv/bin/python tests/perf/lighthouse.py
    .venv/bin/python tests/perf/lighthouse.py --env ANALYTICS_ID=G-XXXX --fail-under 100
    .venv/bin/python tests/perf/lighthouse.py --runs 5          # medians of 5 runs a page

The server gets this process's environment plus every `--env NAME=VALUE`, so a setting such
as ANALYTICS_ID is measured by setting it. Each page is measured `--runs` times
(default 3) and the medians are shown with every run's performance score, as Lighthouse's
documentation advises for scores that vary between runs. `--fail-under N` exits 1 when a
median performance score is below N (default: report only, as scores move on a busy machine).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support.servers import gunicorn  # noqa: E402

from motorlab.i18n import COOKIE_NAME  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PAGES = ("/", "/services", "/contact", "/en", "/en/services", "/en/contact")


METRICS = {  # audit id -> column; the numbers behind the performance score
    "first-contentful-paint": "FCP ms",
    "largest-contentful-paint": "LCP ms",
    "total-blocking-time": "TBT ms",
    "cumulative-layout-shift": "CLS",
}


def run_once(url: str, locale: str, report: Path) -> dict:
    """One Lighthouse run (mobile preset), its JSON report. (With ANALYTICS_ID set every
    visitor gets the same page: the consent banner is the browser's, over the page.)"""
    cookie = f"{COOKIE_NAME}={locale}"
    command = [
        str(LIGHTHOUSE),
        url,
        "--output=json",
        # A file, not stdout: node may exit before a pipe has taken the whole report.
        f"--output-path={report}",
        "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
        # A returning visitor in the page's language: `/` does not redirect by browser language.
        "--extra-headers",
        json.dumps({"Cookie": cookie}),
    ]
    for _attempt in (1, 2):  # Lighthouse's trace recording fails now and then (NO_NAVSTART)
        report.unlink(missing_ok=True)
        result = subprocess.run(
            command,
            cwd=ROOT,
            env={**os.environ, "CHROME_PATH": CHROMIUM},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        data = json.loads(report.read_text(encoding="utf-8")) if report.exists() else {}
        if result.returncode == 0 and data and not data.get("runtimeError"):
            return data
    problem = data.get("runtimeError") or result.stderr[-2000:]
    raise SystemExit(f"lighthouse failed for {url} twice:\n{problem}")


def summary(data: dict) -> dict:
    """Each category's score out of 100, and the performance metrics."""
    result = {name: round(data["categories"][name]["score"] * 100) for name in CATEGORIES}
    for audit, column in METRICS.items():
        value = data["audits"][audit]["numericValue"]
        result[column] = round(value, 3) if column == "CLS" else round(value)
    return result


def score(url: str, locale: str, runs: int = 1) -> dict:
    """The median of `runs` Lighthouse runs for every column, with every run's performance
    score: Lighthouse's own advice for scores that vary from run to run."""
    with tempfile.TemporaryDirectory() as scratch:
        results = [
            summary(run_once(url, locale, Path(scratch) / "report.json")) for _ in range(runs)
        ]
    median = {key: statistics.median_low(r[key] for r in results) for key in results[0]}
    median["runs"] = [r["performance"] for r in results]
    return median


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--json", type=Path, help="also write the scores to this file")
    parser.add_argument("--fail-under", type=int, default=0, metavar="N")
    parser.add_argument(
        "--runs", type=int, default=3, metavar="N", help="runs per page; medians are shown"
    )
    options = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: run `make setup` (npm ci)")
    extra = dict(item.split("=", 1) for item in options.env)

    scores = {}
    with tempfile.TemporaryDirectory() as instance:
        env = {
            "SECRET_KEY": os.environ.get("SECRET_KEY", "lighthouse"),
            "OUTBOX_PATH": str(Path(instance) / "outbox.sqlite3"),
            "MAIL_PORT": os.environ.get("MAIL_PORT", "9"),
            **extra,
        }
        shown = {k: v for k, v in env.items() if k == "ANALYTICS_ID" or k in extra}
        print(f"Lighthouse mobile preset, gunicorn 2 workers {shown or ''}".rstrip())
        print(f"median of {options.runs} run(s) per page; 'runs': each run's performance")
        columns = (*CATEGORIES, *METRICS.values())
        print(f"{'page':14} " + " ".join(f"{name:>14}" for name in columns) + "  runs")
        with gunicorn(env, workers=2) as (base, _):
            for path in PAGES:
                locale = "en" if path.startswith("/en") else "es"
                scores[path] = score(base + path, locale, options.runs)
                row = " ".join(f"{scores[path][n]:>14}" for n in columns)
                print(f"{path:14} {row}  {scores[path]['runs']}", flush=True)
    if options.json:
        options.json.write_text(json.dumps(scores, indent=2) + "\n", encoding="utf-8")
    low = [path for path, result in scores.items() if result["performance"] < options.fail_under]
    if low:
        print(f"performance below {options.fail_under}: {', '.join(low)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
