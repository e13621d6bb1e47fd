"""What the contact scripts share: gunicorn and the sender over a throwaway outbox, visitors
holding a form token, the fields they post, and the figures they print."""

from __future__ import annotations

import collections
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.clients import Visitor
from tests.support.processes import app_environment, flask, start_gunicorn

from motorlab.contact.outbox import open_outbox


class ContactSite:
    """The site (`base`, `server`), its `env`, outbox `store` and `senders` (the last runs)."""

    def __init__(self, workdir: Path, smtp_port: int, workers: int, settings: dict) -> None:
        self.workdir = workdir
        self.env = app_environment(workdir / "outbox.sqlite3", MAIL_PORT=str(smtp_port), **settings)
        self.store = open_outbox({"OUTBOX_PATH": self.env["OUTBOX_PATH"]})
        self.senders: list = []
        self.start_sender()
        self.server, self.base = start_gunicorn("wsgi:app", self.env, workdir, workers=workers)

    def start_sender(self) -> None:
        log = self.workdir / f"sender-{len(self.senders)}.log"
        self.senders.append(flask(self.env, "outbox", "worker", log=log))

    def visitors(self, count: int) -> list[Visitor]:
        visitors = [Visitor(self.base) for _ in range(count)]
        for visitor in visitors:
            visitor.fetch_token()
        return visitors

    def settle(self, seconds: float) -> float:
        """Wait (at most `seconds`) until nothing is queued or sending: the time it took."""
        started = time.perf_counter()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            counts = self.store.counts()
            if counts["queued"] == counts["sending"] == 0:
                break
            time.sleep(0.1)
        return time.perf_counter() - started

    def stop(self) -> None:
        for process in (self.server, *self.senders):
            process.stop()


@contextmanager
def contact_site(smtp_port: int, workers: int = 2, **settings: str) -> Iterator[ContactSite]:
    """The site and a sender while the block runs; everything stopped and removed after."""
    with tempfile.TemporaryDirectory(prefix="motorlab-contact-") as workdir:
        site = ContactSite(Path(workdir), smtp_port, workers, settings)
        try:
            yield site
        finally:
            site.stop()


def fields(tag: object) -> dict[str, str]:
    return {
        "name": f"Cliente Núñez {tag}",
        "email": f"client{tag}@example.com",
        "description": f"Request {tag}: a booking app for the workshops of three brands.",
    }


def message_ids(messages) -> collections.Counter:
    return collections.Counter(message["Message-ID"] for message in messages)


def percentile(values: list[float], share: float) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * share))]


def latencies(name: str, seconds: list[float]) -> str:
    """`name`: p50, p95, p99, max and mean of `seconds`, in ms."""
    shares = {"p50": 0.5, "p95": 0.95, "p99": 0.99}
    figures = [f"{key} {percentile(seconds, share) * 1000:.0f} ms" for key, share in shares.items()]
    figures += [
        f"max {max(seconds) * 1000:.0f} ms",
        f"mean {sum(seconds) / len(seconds) * 1000:.0f} ms",
    ]
    return f"{name}: {', '.join(figures)}"
