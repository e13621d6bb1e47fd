"""The contact form under gunicorn with several workers: the rate limit is one
count for all workers, and a stopped mail server cannot slow the site down."""

import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from motorlab.contact.outbox import open_outbox
from tests.support.clients import Visitor
from tests.support.contact_support import VALID, site_env

pytestmark = pytest.mark.system  # gunicorn with several workers


def test_the_rate_limit_is_shared_by_four_workers_and_counts_only_accepted_posts(
    tmp_path, launch, stalled
):
    # Nothing is delivered here; only the counting matters.
    env = site_env(tmp_path, stalled.port, CONTACT_RATE_LIMIT="5/minute;50/day")
    with launch.gunicorn(env, workers=4) as (base, _):
        visitors = [Visitor(base) for _ in range(40)]
        for visitor in visitors:
            visitor.fetch_token()
        mistyped = visitors[0].post("/en/contact", {**VALID, "email": "ana@"})
        assert mistyped[0] == 422  # a mistyped post does not count
        fields = {**VALID, "description": "Keep this text: a workshop booking app."}
        with ThreadPoolExecutor(40) as pool:
            answers = list(pool.map(lambda v: v.post("/en/contact", fields), visitors))
    statuses = [status for status, _ in answers]
    # What the design allows: 5 slots for 40 posts. Each post that takes a slot is stored
    # (303) or, when the outbox lock waits past OUTBOX_LOCK_TIMEOUT on a loaded machine,
    # refused with a truthful 503 that gives its slot back; every other post gets a 429.
    # So never more than 5 accepted, at least 5 that took a slot, and the outbox holds
    # exactly the accepted ones.
    assert set(statuses) <= {303, 429, 503}, statuses
    accepted, unavailable = statuses.count(303), statuses.count(503)
    assert accepted <= 5 and accepted + unavailable >= 5, statuses
    assert statuses.count(429) == 40 - accepted - unavailable, statuses
    stored = open_outbox({"OUTBOX_PATH": env["OUTBOX_PATH"], "OUTBOX_URL": ""}).rows()
    assert len(stored) == accepted, statuses
    refused = [body for status, body in answers if status in (429, 503)]
    assert all("Keep this text: a workshop booking app." in body for body in refused)
    assert any("You have sent several requests in a short time." in body for body in refused)


def timed(visitor: Visitor, path: str) -> float:
    started = time.perf_counter()
    assert visitor.get(path)[0] == 200
    return time.perf_counter() - started


def test_a_stopped_mail_server_does_not_slow_the_site(tmp_path, launch, sender, stalled):
    env = site_env(tmp_path, stalled.port, CONTACT_RATE_LIMIT="1000/minute")
    sender(env)
    with launch.gunicorn(env, workers=2) as (base, _):
        visitors = [Visitor(base) for _ in range(8)]
        for visitor in visitors:
            visitor.fetch_token()
        reader = Visitor(base)
        reader.get("/en/services")  # warm: templates compiled
        answers, during, after = [], [], []

        def post(visitor):
            answers.append(visitor.post("/en/contact", VALID, as_json=True))

        posts = [threading.Thread(target=post, args=(v,)) for v in visitors]
        for thread in posts:
            thread.start()
        for _ in range(5):  # while the 8 posts are in flight
            during.append(timed(reader, "/en/services"))
        for thread in posts:
            thread.join(timeout=30)
        assert [status for status, _ in answers] == [200] * 8
        # The 8 requests now wait in the outbox; the sender is stuck on the server.
        after = [timed(reader, "/en/services") for _ in range(10)]
    # No page waited for the mail server (a post that did would hold a worker for
    # MAIL_TIMEOUT, 3 s); once the posts are answered, pages are as fast as ever.
    assert max(during) < 2, during
    assert statistics.median(after) < 0.1, after
