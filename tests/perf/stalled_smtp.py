"""A content page while the SMTP server is stalled: `.venv/bin/python tests/perf/stalled_smtp.py`.
8 visitors post while a reader fetches /en/services; prints both latencies and how long the
sender takes to stop on SIGTERM (5 s at most). Only HTTP: it measures any version of the site."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.perf.contact_site import contact_site, fields, latencies  # noqa: E402
from tests.support.smtp import StalledServer  # noqa: E402

POSTS = 8


def main() -> int:
    stalled = StalledServer()
    with contact_site(stalled.port) as site:
        visitors = site.visitors(POSTS)
        reader = site.visitors(1)[0]
        posts: list[float] = []

        def post(number: int) -> None:
            started = time.perf_counter()
            visitors[number].post("/en/contact", fields(number), as_json=True)
            posts.append(time.perf_counter() - started)

        threads = [threading.Thread(target=post, args=(number,)) for number in range(POSTS)]
        for thread in threads:
            thread.start()
        pages: list[float] = []
        while any(thread.is_alive() for thread in threads) or len(pages) < 50:
            started = time.perf_counter()
            reader.get("/en/services")
            pages.append(time.perf_counter() - started)
        for thread in threads:
            thread.join()
        site.server.stop()
        stopping = time.perf_counter()
        sender = site.senders[0]
        sender.stop()  # SIGTERM, as systemd stops it
        stopped = time.perf_counter() - stopping
    stalled.stop()
    print(latencies(f"posts: {POSTS}", posts))
    print(latencies(f"/en/services while they wait: {len(pages)} requests", pages))
    print(f"sender stopped {stopped:.1f} s after SIGTERM (exit status {sender.handle.returncode})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
