"""Speed benchmark (`make bench`; docs/operations.md): nginx over a fresh export, the app under
gunicorn and a constant WSGI function (the server's ceiling), loaded with wrk; medians of
ROUNDS rounds, and ratios of runs loaded back to back in each round. Tables: first visits
(`BENCH_FIRST_VISIT_ONLY=1` alone), pathological headers (`BENCH_HOSTILE_ONLY=1` alone),
PATHS on each server, then the bytes a first visit at 375 px transfers."""

import collections
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.perf.figures import chromium, in_rounds  # noqa: E402
from tests.support.processes import app_environment, start_gunicorn, start_nginx  # noqa: E402

CONNECTIONS = 32
THREADS = 2
DURATION = int(os.environ.get("BENCH_SECONDS", "5"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))  # the machine is shared: median of rounds
PATHS = ("/", "/en", "/en/services")
HEADERS = ("Connection: close", "Accept-Encoding: br, gzip", "Cookie: i18n_redirected=es")
FIRST_VISIT = ("Connection: close", "Accept-Encoding: br, gzip", "Accept-Language: es-ES,es;q=0.9")
LONG_LANGUAGE = "Accept-Language: " + "fr;q=0.5, " * 1500 + "en"  # 15 KB
# (label, server, path, headers): the figures of the first-visit table, in load order.
FIRST_VISIT_RUNS = (
    ("first visit /, app alone", "app", "/", FIRST_VISIT),
    ("/ with the cookie, app alone", "app", "/", HEADERS),
    ("exported page, nginx", "nginx", "/en/services", FIRST_VISIT),
    ("first visit /, nginx", "nginx", "/", FIRST_VISIT),
    ("/ 15 KB Accept-Language, nginx", "nginx", "/", (*FIRST_VISIT[:2], LONG_LANGUAGE)),
)
# (name, label over label, goal): the ratios of each round's figures.
FIRST_VISIT_RATIOS = (
    ("app: first visit / with the cookie", FIRST_VISIT_RUNS[0][0], FIRST_VISIT_RUNS[1][0], 0.8),
    ("nginx: first visit / exported page", FIRST_VISIT_RUNS[3][0], FIRST_VISIT_RUNS[2][0], 0.8),
    ("nginx: / 15 KB / short Accept-Language", FIRST_VISIT_RUNS[4][0], FIRST_VISIT_RUNS[3][0], 0.5),
)
# The front-door tests' pathological headers (tests/deploy/test_front_door.py, issue 35), each
# sent to every kind of location: goal >= 0.25x of the location's rate with NORMAL headers.
NORMAL = (
    "Connection: close",
    "Accept-Encoding: br, gzip",
    "Accept: text/html,application/xhtml+xml,image/avif,image/webp,*/*;q=0.8",
    "Accept-Language: es-ES,es;q=0.9",
)
LINE = 16 * 1024 - 64  # about the longest header line nginx takes (http_limits.HEADER_LINE)
HOSTILE = {
    "Accept avif;q=0 x1164": "Accept: " + "image/avif;q=0" * 1164,
    "Accept ,avif;q=0 x1000": "Accept: " + ",image/avif;q=0" * 1000,
    "Accept-Language 15 KB": LONG_LANGUAGE,
    "Cookie 16 KB": "Cookie: parent_domain=" + "c" * LINE,
    "Cookie names x900": "Cookie: " + "i18n_redirected=es; " * 800,
    "User-Agent 16 KB": "User-Agent: " + "Mozilla/5.0 (" * (LINE // 13),
}
HOSTILE_PATHS = ("/", "/en/services", "IMAGE", "/static/img/favicon.svg", "/en/contact")
HOSTILE_PATHS += ("/language/es", "/healthz")


def with_header(header: str) -> tuple[str, ...]:
    """NORMAL with `header` in place of the field of the same name."""
    name = header.split(":", 1)[0] + ":"
    return (*(line for line in NORMAL if not line.startswith(name)), header)


def hostile_runs(image: str) -> tuple[tuple, tuple]:
    runs, ratios = [], []
    for path in HOSTILE_PATHS:
        path = image if path == "IMAGE" else path
        runs.append((f"{path} normal", "nginx", path, NORMAL))
        for name, header in HOSTILE.items():
            runs.append((f"{path} {name}", "nginx", path, with_header(header)))
            ratios.append((f"{path} {name}", f"{path} {name}", f"{path} normal", 0.25))
    return tuple(runs), tuple(ratios)


def wrk(url: str, headers: tuple[str, ...] = HEADERS) -> dict:
    args = ["wrk", f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{DURATION}s", "--latency"]
    for header in headers:
        args += ["-H", header]
    output = subprocess.run([*args, url], capture_output=True, text=True, check=True).stdout
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    sockets = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output
    )
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50": _ms(re.search(r"50%\s+([\d.]+\w+)", output).group(1)),
        "p99": _ms(re.search(r"99%\s+([\d.]+\w+)", output).group(1)),
        "errors": (int(bad.group(1)) if bad else 0)
        + sum(map(int, sockets.groups() if sockets else ())),
    }


def _ms(value: str) -> float:
    number, unit = re.match(r"([\d.]+)(\w+)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def warm(url: str, headers: tuple[str, ...]) -> None:
    """A few requests first: each gunicorn worker stores the page (and the first visit's)."""
    args = ["curl", "-s", "-o", "/dev/null"]
    for header in headers[1:]:
        args += ["-H", header]
    for _ in range(8):
        subprocess.run([*args, url], check=False)


def print_table(title: str, servers: dict[str, str], runs: tuple, goals: tuple) -> None:
    """Per run (label, server, path, headers), the median round by requests/s, printed; per
    ratio (name, label over label, goal), the median of round ratios: runs loaded back to back
    in a round compare under the same load from other programs."""

    def load(_number: int, run: tuple) -> dict:
        _label, server, path, headers = run
        warm(servers[server] + path, headers)
        return wrk(servers[server] + path, headers)

    rounds = {run[0]: found for run, found in in_rounds(ROUNDS, runs, load).items()}
    results = {
        label: sorted(found, key=lambda figures: figures["rps"])[len(found) // 2]
        for label, found in rounds.items()
    }
    width = max(30, *(len(label) for label in results))
    print(f"{title:<{width}} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
    for label, figures in results.items():
        print(
            f"{label:<{width}} {figures['rps']:>9.0f} {figures['p50']:>8.2f} "
            f"{figures['p99']:>8.2f} {figures['errors']:>7}"
        )
    for name, numerator, denominator, goal in goals:
        pairs = zip(rounds[numerator], rounds[denominator], strict=True)
        ratio = statistics.median(over["rps"] / under["rps"] for over, under in pairs)
        target = f"goal >= {goal:.2f}x; " if goal else ""
        print(f"{name}: {ratio:.2f}x ({target}median of round ratios)")
    if title == "first visits":
        p99 = results[FIRST_VISIT_RUNS[0][0]]["p99"]
        print(f"app alone, first visit / p99: {p99:.1f} ms (goal < 50 ms)")
    print(f"load average after the load: {os.getloadavg()[0]:.1f}\n")


def first_visit_bytes(base: str, path: str) -> dict[str, int]:
    """Encoded bytes (bodies + response headers) a first visit at 375 x 812 px transfers."""
    totals: collections.Counter = collections.Counter()
    with chromium() as browser:
        context = browser.new_context(
            viewport={"width": 375, "height": 812}, device_scale_factor=2, is_mobile=True,
            has_touch=True,
        )  # fmt: skip
        page = context.new_page()
        responses = []
        page.on("requestfinished", lambda request: responses.append(request))
        page.goto(base + path, wait_until="networkidle")
        for request in responses:
            sizes, kind = request.sizes(), request.resource_type
            kind = {"stylesheet": "css", "script": "js", "document": "html"}.get(kind, kind)
            totals[kind] += sizes["responseBodySize"]
            totals["headers"] += sizes["responseHeadersSize"]
    return dict(totals)


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="motorlab-bench-"))
    workdir.chmod(0o755)
    env = app_environment(workdir / "outbox.sqlite3", SITE_URL="http://127.0.0.1")
    os.environ.update({k: env[k] for k in ("SECRET_KEY", "SITE_URL", "OUTBOX_PATH")})
    from motorlab import create_app
    from motorlab.build.export import export

    export(create_app(), workdir / "site")
    started = []
    try:
        app_server, app_base = start_gunicorn("wsgi:app", env, workdir)
        started.append(app_server)
        constant, constant_base = start_gunicorn(
            "tests.perf.constant_app:app", env, workdir, health="/"
        )
        started.append(constant)
        nginx, nginx_base = start_nginx(
            workdir / "site", app_base.removeprefix("http://"), workdir, unlimited=("127.0.0.1",)
        )  # wrk's 32 connections: exempt from the per-address limits
        started.append(nginx)
        servers = {"nginx": nginx_base, "app": app_base, "constant": constant_base}
        print(
            f"wrk: {CONNECTIONS} connections, {THREADS} threads, {DURATION} s each, "
            f"{', '.join(HEADERS)}; gunicorn: 2 sync workers; {os.cpu_count()} cores; "
            f"load average {os.getloadavg()[0]:.1f}"
        )
        if not os.environ.get("BENCH_HOSTILE_ONLY"):
            print_table("first visits", servers, FIRST_VISIT_RUNS, FIRST_VISIT_RATIOS)
        if not os.environ.get("BENCH_FIRST_VISIT_ONLY"):
            image = next(
                "/" + path.relative_to(workdir / "site").as_posix()
                for path in sorted((workdir / "site" / "_img").rglob("*.png"))
            )
            print_table("pathological headers, nginx", servers, *hostile_runs(image))
        if os.environ.get("BENCH_FIRST_VISIT_ONLY") or os.environ.get("BENCH_HOSTILE_ONLY"):
            return 0
        runs = tuple((f"{path} {name}", name, path, HEADERS) for path in PATHS for name in servers)
        ratios = tuple(
            (f"{path} app/{other}", f"{path} app", f"{path} {other}", None)
            for path in PATHS
            for other in ("nginx", "constant")
        )
        print_table("path, server", servers, runs, ratios)
        for path in ("/", "/en"):
            totals = first_visit_bytes(nginx_base, path)
            total = sum(totals.values())
            detail = ", ".join(f"{kind} {size}" for kind, size in sorted(totals.items()))
            print(f"first visit {path} at 375 px: {total} bytes ({total / 1024:.1f} KB): {detail}")
    finally:
        for server in reversed(started):
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
