"""Lighthouse scores (performance, accessibility, best practices, SEO) of the home, services
and contact pages in both languages, with Lighthouse's default mobile preset, against the
site under gunicorn (tests/conftest.py's `gunicorn` helper) on a free loopback port.

Lighthouse is the npm devDependency (node_modules/.bin/lighthouse, `make setup` installs it);
it drives Debian's Chromium (CHROME_PATH=/usr/bin/chromium) with the flags below.

    .venv/bin/python tests/perf/lighthouse.py                  # what `make bench` runs
    .venv/bin/python tests/perf/lighthouse.py --json out.json  # every score, for a script
    ANALYTICS_ID=G-XXXX .venv/bin/python tests/perf/lighthouse.py
    .venv/bin/python tests/perf/lighthouse.py --env ANALYTICS_ID=G-XXXX --fail-under 100
    .venv/bin/python tests/perf/lighthouse.py --env ANALYTICS_ID=G-XXXX --consent granted

The server gets this process's environment plus every `--env NAME=VALUE`, so a setting such
as ANALYTICS_ID (issue 10) is measured by setting it. `--fail-under N` exits 1 when a
performance score is below N (default: report only, as scores move on a busy machine).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.conftest import gunicorn  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PAGES = ("/", "/services", "/contact", "/en", "/en/services", "/en/contact")


def score(url: str, locale: str, consent: str = "") -> dict[str, int]:
    """One Lighthouse run (mobile preset): each category's score out of 100. `consent`
    ("granted"/"denied") makes the visitor one who already answered the analytics banner."""
    cookie = f"i18n_redirected={locale}" + (f"; analytics_consent={consent}" if consent else "")
    command = [
        str(LIGHTHOUSE),
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
        # A returning visitor in the page's language: `/` does not redirect by browser language.
        "--extra-headers",
        json.dumps({"Cookie": cookie}),
    ]
    for attempt in (1, 2):  # Lighthouse's trace recording fails now and then (NO_NAVSTART)
        result = subprocess.run(
            command,
            cwd=ROOT,
            env={**os.environ, "CHROME_PATH": CHROMIUM},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        report = json.loads(result.stdout) if result.returncode == 0 else {}
        if report and not report.get("runtimeError"):
            break
        if attempt == 2:
            problem = report.get("runtimeError") or result.stderr[-2000:]
            raise SystemExit(f"lighthouse failed for {url}:\n{problem}")
    return {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--json", type=Path, help="also write the scores to this file")
    parser.add_argument("--fail-under", type=int, default=0, metavar="N")
    parser.add_argument(
        "--consent",
        choices=("granted", "denied"),
        default="",
        help="a visitor who answered the analytics banner (with ANALYTICS_ID set)",
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
        if options.consent:
            shown["consent"] = options.consent
        print(f"Lighthouse mobile preset, gunicorn 2 workers {shown or ''}".rstrip())
        print(f"{'page':14} " + " ".join(f"{name:>14}" for name in CATEGORIES))
        with gunicorn(env, workers=2) as (base, _):
            for path in PAGES:
                locale = "en" if path.startswith("/en") else "es"
                scores[path] = score(base + path, locale, options.consent)
                print(f"{path:14} " + " ".join(f"{scores[path][n]:>14}" for n in CATEGORIES))
    if options.json:
        options.json.write_text(json.dumps(scores, indent=2) + "\n", encoding="utf-8")
    low = [path for path, result in scores.items() if result["performance"] < options.fail_under]
    if low:
        print(f"performance below {options.fail_under}: {', '.join(low)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
