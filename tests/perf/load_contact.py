"""Load test of the contact pipeline: `.venv/bin/python tests/perf/load_contact.py`. 20
clients post 500 requests to gunicorn while the SMTP server is down from the 150th to the
350th; prints accepted/s, POST latencies and the backlog's delivery time, then checks each
accepted request was delivered once. Not collected by pytest."""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support.clients import Visitor  # noqa: E402
from tests.support.processes import flask, free_port, start_gunicorn  # noqa: E402
from tests.support.smtp import SmtpServer  # noqa: E402

from motorlab.contact import outbox  # noqa: E402
from motorlab.contact.outbox import open_outbox  # noqa: E402

REQUESTS = 500
CLIENTS = 20
STOP_AT, RESTART_AT = 150, 350
TIME_LIMIT = 240  # seconds, for the whole run


class Run:
    def __init__(self, base: str, smtp: SmtpServer) -> None:
        self.base = base
        self.smtp = smtp
        self.lock = threading.Lock()
        self.accepted = 0
        self.statuses: dict[int, int] = {}
        self.latencies: list[float] = []
        self.events: list[str] = []
        self.deadline = time.monotonic() + TIME_LIMIT

    def client(self, number: int, count: int) -> None:
        visitor = Visitor(self.base)
        visitor.fetch_token()
        for index in range(count):
            if time.monotonic() > self.deadline:
                return
            fields = {
                "name": f"Cliente Núñez {number}-{index}",
                "email": f"client{number}.{index}@example.com",
                "description": f"Load test request {number}-{index}: a workshop booking app.",
            }
            started = time.perf_counter()
            status, payload = visitor.post("/en/contact", fields, as_json=index % 2 == 0)
            elapsed = time.perf_counter() - started
            ok = status == 303 or (status == 200 and json.loads(payload) == {"ok": True})
            self.record(status, elapsed, ok)

    def record(self, status: int, elapsed: float, ok: bool) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.latencies.append(elapsed)
            if not ok:
                return
            self.accepted += 1
            if self.accepted == STOP_AT:
                self.smtp.stop()
                self.events.append(f"SMTP stopped after {STOP_AT} accepted requests")
            elif self.accepted == RESTART_AT:
                self.smtp.start()
                self.events.append(f"SMTP restarted after {RESTART_AT} accepted requests")


def percentile(values: list[float], share: float) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * share))]


def main() -> int:
    smtp = SmtpServer().start()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="motorlab-load-") as temp:
        path = str(Path(temp) / "outbox.sqlite3")
        env = {
            **os.environ,
            "SECRET_KEY": "load-test-secret",
            "SITE_URL": base,
            "OUTBOX_PATH": path,
            "MAIL_SERVER": "127.0.0.1",
            "MAIL_PORT": str(smtp.port),
            "MAIL_TIMEOUT": "5",
            "CONTACT_RECIPIENTS": "equipo@motorlab.example",
            "CONTACT_RATE_LIMIT": "100000/minute",
            "OUTBOX_RETRY_BASE": "1",  # seconds: the backlog goes out soon after a restart
            "OUTBOX_RETRY_MAX": "4",
            "OUTBOX_MAX_ATTEMPTS": "100",
            "OUTBOX_POLL_INTERVAL": "0.2",
        }
        server, _ = start_gunicorn("wsgi:app", env, Path(temp), port=port, health="/en/contact")
        sender = flask(env, "outbox", "worker")
        store = open_outbox({"OUTBOX_PATH": path})
        try:
            run = Run(base, smtp)
            started = time.perf_counter()
            with ThreadPoolExecutor(CLIENTS) as pool:
                share = REQUESTS // CLIENTS
                futures = [pool.submit(run.client, n, share) for n in range(CLIENTS)]
                for future in futures:
                    future.result()
            duration = time.perf_counter() - started
            rows = store.rows()
            delivered_during = len(smtp.messages)
            queued = sum(row.status == outbox.QUEUED for row in rows)
            stuck = sum(row.status == outbox.SENDING for row in rows)
            backlog_started = time.perf_counter()
            while store.counts()["sent"] < len(rows) and time.monotonic() < run.deadline:
                time.sleep(0.05)
            backlog = time.perf_counter() - backlog_started
        finally:
            server.stop()
            sender.stop()
        smtp.start()
        flush = flask(env, "outbox", "send", capture=True)
        flushed = flush.finish(timeout=120)
        message_ids = [message["Message-ID"] for message in smtp.messages]
        smtp.stop()
        final = store.counts()

    latencies = run.latencies
    print(f"requests: {len(latencies)} from {CLIENTS} clients in {duration:.1f} s")
    print(f"accepted/s: {run.accepted / duration:.0f}")
    p50, p95 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.95) * 1000
    p99, top = percentile(latencies, 0.99) * 1000, max(latencies) * 1000
    mean = statistics.mean(latencies) * 1000
    print(
        f"POST latency: p50 {p50:.0f} ms, p95 {p95:.0f} ms, p99 {p99:.0f} ms, "
        f"max {top:.0f} ms, mean {mean:.0f} ms"
    )
    print(f"statuses: {dict(sorted(run.statuses.items()))}")
    for event in run.events:
        print(f"event: {event}")
    print(f"accepted: {run.accepted}; outbox rows: {len(rows)}")
    print(f"when the posts ended: {delivered_during} delivered, {queued} queued, {stuck} sending")
    print(f"backlog delivered by the sender in {backlog:.2f} s after the posts ended")
    print(f"outbox send afterwards: {flushed.strip()} (exit {flush.handle.returncode})")
    print(f"mails: {len(message_ids)}, {len(set(message_ids))} distinct")
    print(f"outbox: {final}")
    checks = {
        "every accepted request is in the outbox": len(rows) == run.accepted,
        "all delivered": final["sent"] == run.accepted,
        "no duplicate mail": len(message_ids) == len(set(message_ids)) == run.accepted,
        "every request accepted": run.accepted == REQUESTS,
    }
    for name, passed in checks.items():
        print(f"{'PASS' if passed else 'FAIL'}: {name}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
