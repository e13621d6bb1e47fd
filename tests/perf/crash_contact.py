"""The contact pipeline on an operator's bad day: `.venv/bin/python tests/perf/crash_contact.py
[posts]`. gunicorn and the sender on a temporary outbox; clients post while the sender is
killed four times and the SMTP server is down 3 s; prints posts, kills, lost, duplicated and
uncertain requests. Not collected by pytest."""

from __future__ import annotations

import collections
import os
import signal
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support.clients import Visitor  # noqa: E402
from tests.support.processes import app_environment, flask, start_gunicorn  # noqa: E402
from tests.support.smtp import SmtpServer  # noqa: E402

from motorlab.contact.outbox import open_outbox  # noqa: E402

CLIENTS = 10
TIME_LIMIT = 150  # seconds to settle once the posts end


def main(posts: int) -> int:
    smtp = SmtpServer(delay=0.02).start()
    workdir = Path(tempfile.mkdtemp(prefix="motorlab-crash-"))
    outbox = workdir / "outbox.sqlite3"
    env = app_environment(
        outbox,
        MAIL_PORT=str(smtp.port),
        PROXY_FIX_HOPS="1",
        CONTACT_RATE_LIMIT="5/minute",
        CONTACT_RECIPIENTS="equipo@motorlab.example",
        OUTBOX_RETRY_BASE="1",
        OUTBOX_RETRY_MAX="2",
        OUTBOX_STALE_AFTER="8",
        OUTBOX_MAX_ATTEMPTS="100",
        OUTBOX_POLL_INTERVAL="0.1",
    )
    senders = [flask(env, "outbox", "worker", log=workdir / "sender-0.log")]
    server, base = start_gunicorn("wsgi:app", env, workdir, workers=4)
    store = open_outbox({"OUTBOX_PATH": str(outbox)})
    statuses: collections.Counter = collections.Counter()
    events: list[str] = []
    kills = 0
    try:
        visitors = [Visitor(base) for _ in range(CLIENTS)]
        for visitor in visitors:
            visitor.fetch_token()

        def post(number: int) -> None:
            visitor = visitors[number % CLIENTS]
            fields = {
                "name": f"Cliente {number}",
                "email": f"client{number}@example.com",
                "description": f"Crash run request {number}: a workshop booking app.",
            }
            address = f"10.{number // 65536}.{number // 256 % 256}.{number % 256}"
            status, _ = visitor.post(
                "/en/contact", fields, as_json=True, headers={"X-Forwarded-For": address}
            )
            statuses[status] += 1

        def faults() -> None:
            nonlocal kills
            schedule = ((0.2, "kill"), (0.4, "kill"), (0.5, "smtp"), (0.6, "kill"), (0.8, "kill"))
            for at, what in schedule:
                while sum(statuses.values()) < posts * at:
                    time.sleep(0.01)
                if what == "kill":
                    os.kill(senders[-1].handle.pid, signal.SIGKILL)
                    senders[-1].handle.wait()
                    kills += 1
                    log = workdir / f"sender-{kills}.log"
                    senders.append(flask(env, "outbox", "worker", log=log))
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
        deadline = time.monotonic() + TIME_LIMIT
        while time.monotonic() < deadline:
            counts = store.counts()
            if counts["queued"] == counts["sending"] == 0:
                break
            time.sleep(0.2)
    finally:
        for process in (*senders, server):
            process.stop()
    rows = store.rows()
    counts = store.counts()
    received = collections.Counter(message["Message-ID"] for message in smtp.messages)
    smtp.stop()
    domain = next(iter(received)).split("@")[1] if received else ""
    accepted = statuses[200]
    arrived = {row.uuid for row in rows if received[f"<contact-{row.uuid}@{domain}"] > 0}
    uncertain = [row for row in rows if row.status == "uncertain"]
    lost = (
        accepted
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
        f"posts {posts}, kills {kills}, lost {lost}, duplicated {duplicated}, "
        f"uncertain {len(uncertain)} ({arrived_uncertain} of them had arrived)"
    )
    return 0 if lost == 0 and counts["sending"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
