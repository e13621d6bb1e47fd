"""A content page while the SMTP server is stalled: `.venv/bin/python tests/perf/stalled_smtp.py`.
8 visitors post while a reader fetches /en/services; prints both latencies and how long the
sender takes to stop on SIGTERM (5 s at most). Only HTTP: it measures any version of the site."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.perf.load_contact import percentile  # noqa: E402
from tests.support.clients import Visitor  # noqa: E402
from tests.support.processes import flask, free_port, start_gunicorn  # noqa: E402
from tests.support.smtp import StalledServer  # noqa: E402

POSTS = 8
VALID = {
    "name": "Ana Pérez",
    "email": "ana@example.com",
    "description": "A booking app for the workshops of three brands.",
}


def main() -> int:
    stalled = StalledServer()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    outbox = Path(f"/tmp/motorlab-stalled-{os.getpid()}.sqlite3")
    env = {
        **os.environ,
        "SECRET_KEY": "stalled-smtp-secret",
        "SITE_URL": base,
        "OUTBOX_PATH": str(outbox),
        "MAIL_SERVER": "127.0.0.1",
        "MAIL_PORT": str(stalled.port),
        "CONTACT_RATE_LIMIT": "1000/minute",
    }
    workdir = Path(tempfile.mkdtemp(prefix="motorlab-stalled-"))
    server, _ = start_gunicorn("wsgi:app", env, workdir, port=port, health="/en/contact")
    sender = flask(env, "outbox", "worker")
    try:
        visitors = [Visitor(base) for _ in range(POSTS)]
        for visitor in visitors:
            visitor.fetch_token()
        reader = Visitor(base)
        reader.get("/en/services")
        posts: list[float] = []

        def post(visitor: Visitor) -> None:
            started = time.perf_counter()
            visitor.post("/en/contact", VALID, as_json=True)
            posts.append(time.perf_counter() - started)

        threads = [threading.Thread(target=post, args=(v,)) for v in visitors]
        for thread in threads:
            thread.start()
        pages: list[float] = []
        while any(thread.is_alive() for thread in threads) or len(pages) < 50:
            started = time.perf_counter()
            reader.get("/en/services")
            pages.append(time.perf_counter() - started)
        for thread in threads:
            thread.join()
    finally:
        server.stop()
        stopping = time.perf_counter()
        sender.stop()  # SIGTERM, as systemd stops it
        stopped = time.perf_counter() - stopping
        shutil.rmtree(workdir, ignore_errors=True)
        stalled.stop()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{outbox}{suffix}").unlink(missing_ok=True)
    ms = 1000
    print(f"posts: {POSTS}, p50 {percentile(posts, 0.5) * ms:.0f} ms, max {max(posts) * ms:.0f} ms")
    print(
        f"/en/services while they wait: {len(pages)} requests, "
        f"p50 {percentile(pages, 0.5) * ms:.0f} ms, p99 {percentile(pages, 0.99) * ms:.0f} ms, "
        f"max {max(pages) * ms:.0f} ms"
    )
    print(f"sender stopped {stopped:.1f} s after SIGTERM (exit status {sender.handle.returncode})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
