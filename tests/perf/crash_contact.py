"""The contact pipeline on an operator's bad day: `.venv/bin/python tests/perf/crash_contact.py
[posts]`. gunicorn and the sender on a temporary outbox; clients post while the sender is
killed four times and the SMTP server is down 3 s; prints posts, kills, lost, duplicated and
uncertain requests. Not collected by pytest."""

from __future__ import annotations

import collections
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.perf.contact_site import contact_site, fields, message_ids  # noqa: E402
from tests.support.smtp import SmtpServer  # noqa: E402

CLIENTS = 10
TIME_LIMIT = 150  # seconds to settle once the posts end
# (share of the posts answered, fault): the sender killed and restarted, or SMTP down 3 s.
FAULTS = ((0.2, "kill"), (0.4, "kill"), (0.5, "smtp"), (0.6, "kill"), (0.8, "kill"))
SETTINGS = {
    "PROXY_FIX_HOPS": "1",
    "CONTACT_RATE_LIMIT": "5/minute",  # per address: each post comes from its own
    "CONTACT_RECIPIENTS": "equipo@motorlab.example",
    "OUTBOX_RETRY_BASE": "1",
    "OUTBOX_RETRY_MAX": "2",
    "OUTBOX_STALE_AFTER": "8",
    "OUTBOX_MAX_ATTEMPTS": "100",
    "OUTBOX_POLL_INTERVAL": "0.1",
}


def main(posts: int) -> int:
    smtp = SmtpServer(delay=0.02).start()
    statuses: collections.Counter = collections.Counter()
    events: list[str] = []
    with contact_site(smtp.port, workers=4, **SETTINGS) as site:
        visitors = site.visitors(CLIENTS)

        def post(number: int) -> None:
            address = f"10.{number // 65536}.{number // 256 % 256}.{number % 256}"
            status, _ = visitors[number % CLIENTS].post(
                "/en/contact", fields(number), as_json=True, headers={"X-Forwarded-For": address}
            )
            statuses[status] += 1

        def faults() -> None:
            for at, what in FAULTS:
                while sum(statuses.values()) < posts * at:
                    time.sleep(0.01)
                if what == "kill":
                    site.senders[-1].kill()
                    site.start_sender()
                    events.append(f"sender killed (SIGKILL) and restarted at post {at:.0%}")
                else:
                    smtp.stop()
                    time.sleep(3)
                    smtp.start()
                    events.append(f"SMTP down 3 s from post {at:.0%}")

        started = time.perf_counter()
        injector = threading.Thread(target=faults)
        injector.start()
        with ThreadPoolExecutor(CLIENTS) as pool:
            list(pool.map(post, range(posts)))
        injector.join()
        duration = time.perf_counter() - started
        site.settle(TIME_LIMIT)
        site.stop()
        rows = site.store.rows()
        counts = site.store.counts()
    received = message_ids(smtp.messages)
    smtp.stop()
    domain = next(iter(received)).split("@")[1] if received else ""
    arrived = {row.uuid for row in rows if received[f"<contact-{row.uuid}@{domain}"] > 0}
    uncertain = [row for row in rows if row.status == "uncertain"]
    lost = (
        statuses[200]
        - len(rows)
        + sum(row.uuid not in arrived and row.status != "uncertain" for row in rows)
    )
    duplicated = sum(count > 1 for count in received.values())
    print(f"posts: {posts} in {duration:.1f} s; answers: {dict(sorted(statuses.items()))}")
    for event in events:
        print(f"event: {event}")
    print(f"outbox: {counts}")
    print(f"mails: {sum(received.values())}, {len(received)} distinct Message-IDs")
    arrived_uncertain = sum(row.uuid in arrived for row in uncertain)
    print(
        f"posts {posts}, kills {len(site.senders) - 1}, lost {lost}, duplicated {duplicated}, "
        f"uncertain {len(uncertain)} ({arrived_uncertain} of them had arrived)"
    )
    return 0 if lost == 0 and counts["sending"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
