"""Static files and the consent cookie: `.venv/bin/python tests/perf/consent_static.py`.

Starts gunicorn (2 sync workers) and nginx over a fresh export on free loopback ports, once
with ANALYTICS_ID empty and once with it set, and loads the site's stylesheet with wrk with and
without `Cookie: analytics_consent=denied`. The cookie must not send static files to the app:
the two figures should be alike (the cookie once made every request reach gunicorn).
`BENCH_SECONDS` (default 3) sets each run's length. Not collected by pytest; figures are noisy
on a shared machine.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support.servers import app_behind_nginx, app_environment  # noqa: E402

DURATION = int(os.environ.get("BENCH_SECONDS", "3"))
CONNECTIONS = 16
COOKIE = "Cookie: analytics_consent=denied"


def requests_per_second(url: str, *headers: str) -> tuple[float, int]:
    args = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{DURATION}s"]
    for header in headers:
        args += ["-H", header]
    output = subprocess.run([*args, url], capture_output=True, text=True, check=True).stdout
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    return rps, int(bad.group(1)) if bad else 0


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="motorlab-consent-bench-"))
    workdir.chmod(0o755)
    env = app_environment(workdir / "outbox.sqlite3")
    from motorlab import config, create_app
    from motorlab.export import export

    export(create_app(config.TestConfig()), workdir / "site")
    print(f"wrk: {CONNECTIONS} connections, 2 threads, {DURATION} s each; {os.cpu_count()} cores;")
    print(f"load average {os.getloadavg()[0]:.1f} (figures are noisy on a shared machine)")
    for analytics_id in ("", "G-TEST12345"):
        with app_behind_nginx(
            workdir / "site", {**env, "ANALYTICS_ID": analytics_id}, workdir,
            analytics_id=analytics_id,
        ) as (base, _app_base):  # fmt: skip
            page = urllib.request.urlopen(base + "/en/services", timeout=10).read()
            css = re.search(rb'href="(/static/build/[^"?]+\.css)', page).group(1).decode()
            label = f"ANALYTICS_ID={analytics_id or '(empty)'}"
            for name, headers in (("no cookie", ()), ("consent cookie", (COOKIE,))):
                rps, bad = requests_per_second(base + css, *headers)
                print(f"{label:<24} {css[:40]:<42} {name:<15} {rps:>9.0f} req/s  non-2xx {bad}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
