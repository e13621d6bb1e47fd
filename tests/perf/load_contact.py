"""Load test of the contact pipeline: `.venv/bin/python tests/perf/load_contact.py`. 20
clients post 500 requests to gunicorn while the SMTP server is down from the 150th to the
350th; prints accepted/s, POST latencies and the backlog's delivery time, then checks each
accepted request was delivered once. Not collected by pytest."""

from __future__ import annotations

import collections
import json
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.perf.contact_site import contact_site, fields, latencies, message_ids  # noqa: E402
from tests.support.processes import flask  # noqa: E402
from tests.support.smtp import SmtpServer  # noqa: E402

REQUESTS = 500
CLIENTS = 20
STOP_AT, RESTART_AT = 150, 350
TIME_LIMIT = 240  # seconds, for the whole run
SETTINGS = {
    "CONTACT_RATE_LIMIT": "100000/minute",
    "CONTACT_RECIPIENTS": "equipo@motorlab.example",
    "OUTBOX_RETRY_BASE": "1",  # seconds: the backlog goes out soon after a restart
    "OUTBOX_RETRY_MAX": "4",
    "OUTBOX_MAX_ATTEMPTS": "100",
    "OUTBOX_POLL_INTERVAL": "0.2",
}


def main() -> int:
    smtp = SmtpServer().start()
    lock = threading.Lock()
    statuses: collections.Counter = collections.Counter()
    seconds: list[float] = []
    events: list[str] = []
    accepted = 0
    deadline = time.monotonic() + TIME_LIMIT

    def client(visitor, number: int) -> None:
        nonlocal accepted
        for index in range(REQUESTS // CLIENTS):
            if time.monotonic() > deadline:
                return
            started = time.perf_counter()
            status, payload = visitor.post(
                "/en/contact", fields(f"{number}-{index}"), as_json=index % 2 == 0
            )
            with lock:
                statuses[status] += 1
                seconds.append(time.perf_counter() - started)
                if status == 303 or (status == 200 and json.loads(payload) == {"ok": True}):
                    accepted += 1
                    if accepted in (STOP_AT, RESTART_AT):
                        (smtp.stop if accepted == STOP_AT else smtp.start)()
                        what = "stopped" if accepted == STOP_AT else "restarted"
                        events.append(f"SMTP {what} after {accepted} accepted requests")

    with contact_site(smtp.port, **SETTINGS) as site:
        started = time.perf_counter()
        with ThreadPoolExecutor(CLIENTS) as pool:
            list(pool.map(client, site.visitors(CLIENTS), range(CLIENTS)))
        duration = time.perf_counter() - started
        rows = site.store.rows()
        delivered_during = len(smtp.messages)
        queued = sum(row.status == "queued" for row in rows)
        stuck = sum(row.status == "sending" for row in rows)
        backlog = site.settle(max(0.0, deadline - time.monotonic()))
        site.stop()
        smtp.start()
        flush = flask(site.env, "outbox", "send", capture=True)
        flushed = flush.finish(timeout=120)
        received = message_ids(smtp.messages)
        smtp.stop()
        final = site.store.counts()

    print(f"requests: {len(seconds)} from {CLIENTS} clients in {duration:.1f} s")
    print(f"accepted/s: {accepted / duration:.0f}")
    print(latencies("POST latency", seconds))
    print(f"statuses: {dict(sorted(statuses.items()))}")
    for event in events:
        print(f"event: {event}")
    print(f"accepted: {accepted}; outbox rows: {len(rows)}")
    print(f"when the posts ended: {delivered_during} delivered, {queued} queued, {stuck} sending")
    print(f"backlog delivered by the sender in {backlog:.2f} s after the posts ended")
    print(f"outbox send afterwards: {flushed.strip()} (exit {flush.handle.returncode})")
    print(f"mails: {sum(received.values())}, {len(received)} distinct")
    print(f"outbox: {final}")
    checks = {
        "every accepted request is in the outbox": len(rows) == accepted,
        "all delivered": final["sent"] == accepted,
        "no duplicate mail": sum(received.values()) == len(received) == accepted,
        "every request accepted": accepted == REQUESTS,
    }
    for name, passed in checks.items():
        print(f"{'PASS' if passed else 'FAIL'}: {name}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
