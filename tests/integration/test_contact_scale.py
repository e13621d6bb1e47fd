"""Scale-out: two gunicorn instances and two senders share PostgreSQL (outbox) and Redis (rate
limit, page cache); through an SMTP restart and a killed instance, every accepted request is
delivered once, the limit holds across instances and one instance's cache serves the other."""

import pickle
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

import pytest

from motorlab.contact.outbox import open_outbox
from tests.support.clients import Visitor
from tests.support.contact_support import site_env, wait_for
from tests.support.services import postgres_bin, redis_bin

pytestmark = [
    pytest.mark.system,
    pytest.mark.skipif(
        postgres_bin() is None or redis_bin() is None,
        reason="SCALE-OUT TEST NOT RUN: Debian's postgresql and redis-server are not installed "
        "(`apt-get install postgresql redis-server`; .ci/run installs them)",
    ),
]

POSTS, VISITORS, ADDRESSES = 300, 60, 100  # 3 posts per address: under 5/minute
STOP_AT, RESTART_AT, KILL_AT = 60, 150, 120


def test_two_instances_and_two_senders_share_postgres_and_redis(tmp_path, launch, smtp):
    with ExitStack() as stack:
        database = stack.enter_context(launch.postgres())
        cache = stack.enter_context(launch.redis())
        env = site_env(
            tmp_path,
            smtp.port,
            OUTBOX_URL=database,
            RATELIMIT_STORAGE_URI=f"{cache}/0",
            CACHE_TYPE="RedisCache",
            CACHE_REDIS_URL=f"{cache}/1",
            PROXY_FIX_HOPS="1",
            MAIL_TIMEOUT="2",
            OUTBOX_RETRY_BASE="0.2",
            OUTBOX_RETRY_MAX="1",
            OUTBOX_MAX_ATTEMPTS="50",
        )
        one, _ = stack.enter_context(launch.gunicorn(env, workers=2))
        two, two_process = stack.enter_context(launch.gunicorn(env, workers=2))
        for _ in range(2):
            stack.callback(launch.flask(env, "outbox", "worker").stop)

        _a_page_cached_by_one_is_served_by_the_other(one, two, cache)
        limited = _the_sixth_post_is_refused_on_either_instance(one, two)

        # 300 posts over both instances; SMTP stopped and restarted, instance two killed.
        visitors = [Visitor(one if n % 2 else two) for n in range(VISITORS)]
        for visitor in visitors:
            visitor.fetch_token()
        lock, accepted = threading.Lock(), []

        def post(number: int) -> None:
            visitor = visitors[number % VISITORS]
            fields = {
                "name": f"Visitor {number}",
                "email": f"visitor{number}@example.com",
                "description": f"Scale-out request number {number}: a booking app.",
            }
            forwarded = {"X-Forwarded-For": f"198.51.100.{number % ADDRESSES + 1}"}
            status, _ = visitor.post("/en/contact", fields, as_json=True, headers=forwarded)
            if status == 0:  # its instance is gone: the load balancer sends it to the other
                visitor.base = one
                status, _ = visitor.post("/en/contact", fields, as_json=True, headers=forwarded)
            with lock:
                if status == 200:
                    accepted.append(fields["email"])
                if len(accepted) == STOP_AT:
                    smtp.stop()
                elif len(accepted) == KILL_AT and two_process.poll() is None:
                    two_process.kill()
                elif len(accepted) == RESTART_AT:
                    smtp.start()

        with ThreadPoolExecutor(16) as pool:
            list(pool.map(post, range(POSTS)))
        smtp.start()  # in case fewer than RESTART_AT were accepted

        assert two_process.poll() is not None  # the instance really died midway
        assert len(accepted) == POSTS
        store = open_outbox({"OUTBOX_URL": database})
        assert wait_for(lambda: store.counts()["sent"] == len(store.rows()), timeout=60)
        time.sleep(1)  # a late duplicate would show up here
        rows = store.rows()
        # A post in flight when its instance died may be stored although its visitor got
        # no answer (and sent it again): a stored row all the same, delivered once.
        assert len(accepted) + 5 <= len(rows) <= len(accepted) + 5 + 16
        received = Counter(str(m["Reply-To"].addresses[0].addr_spec) for m in smtp.messages)
        assert received.pop(limited) == 5
        assert set(accepted) == set(received)  # every accepted request delivered
        message_ids = Counter(message["Message-ID"] for message in smtp.messages)
        assert set(message_ids.values()) == {1}  # no row twice
        assert set(message_ids) == {f"<contact-{row.uuid}@motorlab.example>" for row in rows}


def _a_page_cached_by_one_is_served_by_the_other(one: str, two: str, cache: str) -> None:
    import redis as client

    from motorlab.web.page_store import make_entry

    reader_one, reader_two = Visitor(one), Visitor(two)
    status, page = reader_one.get("/en/projects/ads")
    assert status == 200
    store = client.Redis.from_url(f"{cache}/1")
    marker = "<p>rendered by instance one, kept in Redis</p>"
    replaced = 0
    for key in store.keys("*page:*:/en/projects/ads"):  # the page store's entry (page_store.py)
        entry = pickle.loads(store.get(key)[1:])  # Flask-Caching's RedisCache: b"!" + pickle
        forged = make_entry(entry["status"], entry["headers"], marker.encode())
        store.set(key, b"!" + pickle.dumps(forged), keepttl=True)
        replaced += 1
    assert replaced == 1
    status, served = reader_two.get("/en/projects/ads")
    assert status == 200 and marker in served


def _the_sixth_post_is_refused_on_either_instance(one: str, two: str) -> str:
    visitors = [Visitor(one), Visitor(two)]
    for visitor in visitors:
        visitor.fetch_token()
    address = {"X-Forwarded-For": "203.0.113.50"}
    fields = {
        "name": "Ana",
        "email": "ana.limit@example.com",
        "description": "One visitor posting six times in a minute.",
    }
    statuses = [
        visitors[n % 2].post("/en/contact", fields, as_json=True, headers=address)[0]
        for n in range(6)
    ]
    assert statuses == [200] * 5 + [429]
    other = visitors[0].post("/en/contact", fields, as_json=True, headers=address)[0]
    assert other == 429  # and on the other instance too
    return fields["email"]
