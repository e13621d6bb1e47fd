"""The page store's keys: one entry per page whatever the slashes or cookies, a stored first
visit to `/`, a store that follows the policy it is handed, no page outliving a rebuild in debug."""

from __future__ import annotations

import contextlib
import json
import os

import pytest
from flask import template_rendered
from werkzeug.test import Client

from motorlab import config, create_app
from motorlab.rendering import analytics
from motorlab.web.page_cache import BUILD_MANIFEST
from motorlab.web.page_store import PageStore, Policy, keep
from tests.support.app import analytics_config, config_with, returning_visitor
from tests.support.internals import stored_entries
from tests.support.services import redis_bin


def slash_variants(count: int) -> list[str]:
    """`count` raw paths Flask routes (or redirects) to /robots.txt and /en/test."""
    variants = ["/" * k + "en/test" for k in range(2, 42)]  # rendered: 200 today
    variants += ["/en" + "/" * k + "test" for k in range(2, 202)]  # Werkzeug's 308
    variants += ["/en/test" + "/" * k for k in range(1, 161)]  # 404
    k = 2
    while len(variants) < count:
        variants.append("/" * k + "robots.txt")
        k += 1
    return variants[:count]


REDIS = [
    pytest.mark.system,  # a redis-server of its own
    pytest.mark.skipif(redis_bin() is None, reason="Debian's redis-server is not installed"),
]


@pytest.mark.parametrize("backend", ["SimpleCache", pytest.param("Redis", marks=REDIS)])
def test_slash_variants_never_add_entries_to_the_store(request, backend):
    """A hostile run once stored 2,000 variants of one page; the store holds the two pages."""
    with contextlib.ExitStack() as stack:
        if backend == "Redis":
            url = stack.enter_context(request.getfixturevalue("launch").redis())
            app = create_app(config_with(CACHE_TYPE="RedisCache", CACHE_REDIS_URL=url + "/1"))
        else:
            app = create_app(config_with(CACHE_THRESHOLD=100_000))
        client = returning_visitor(app)
        for path in ("/robots.txt", "/en/test"):
            assert client.get(path).status_code == 200
        for path in slash_variants(2000):
            client.get("/", environ_overrides={"PATH_INFO": path}).close()
        assert stored_entries(app) == 2


def test_only_known_pages_are_stored_and_each_page_once_whatever_the_cookies():
    """One entry for a path, whatever cookies (the consent cookie is the browser's business)."""
    app = create_app(analytics_config())
    client = app.test_client()
    for n in range(40):
        client.set_cookie(analytics.COOKIE_NAME, [*analytics.CHOICES, f"x{n}", ""][n % 4])
        client.get("/en/services").close()
    client.get("/static/img/favicon.svg").close()
    client.get("/en/no-such-page").close()
    assert stored_entries(app) == 1


@pytest.fixture
def dispatched(app):
    """Requests that reached Flask (a store hit never does)."""
    seen: list[str] = []
    store = app.wsgi_app
    while not isinstance(store, PageStore):  # the layers outside it (mount, host)
        store = store.wsgi_app
    flask_app = store.wsgi_app

    def counting(environ, start_response):
        seen.append(environ["PATH_INFO"])
        return flask_app(environ, start_response)

    store.wsgi_app = counting
    return seen


@pytest.mark.parametrize(
    ("accept", "status", "cookie"),
    [("es-ES,es;q=0.9", 200, "es"), ("es;q=0.2, en;q=0.9", 302, "en"), (None, 200, "es")],
)
def test_a_first_visit_to_the_root_comes_from_the_store(app, dispatched, accept, status, cookie):
    """Stored apart from a returning visitor's `/`: neither ever answers the other."""
    returning = returning_visitor(app, "en")
    assert returning.get("/").status_code == 200
    headers = {"Accept-Language": accept} if accept else {}
    first = app.test_client().get("/", headers=headers)
    assert dispatched == ["/", "/"]
    again = app.test_client().get("/", headers=headers)
    assert dispatched == ["/", "/"], "the second first visit is a store hit: no render, no redirect"
    for response in (first, again):
        assert response.status_code == status
        assert response.headers.getlist("Set-Cookie") == first.headers.getlist("Set-Cookie")
        # Its attributes: test_language.py's first visits.
        assert response.headers["Set-Cookie"].startswith(f"i18n_redirected={cookie};")
        assert response.headers["Cache-Control"] == "private, no-store"
        vary = response.headers["Vary"]
        assert "Accept-Language" in vary and "Cookie" in vary
    assert again.data == first.data
    if status == 302:
        assert again.headers["Location"] == "/en"
    response = returning.get("/", headers=headers)
    assert response.status_code == 200 and "Set-Cookie" not in response.headers
    assert "public" in response.headers["Cache-Control"] and dispatched == ["/", "/"]


def test_the_store_keeps_one_entry_per_value_of_the_variants_it_is_handed(app):
    """create_app hands it the first visit's language (the store knows nothing of it), and that
    visit's answer sets the language cookie: such an answer is never a 304, which would not."""
    rendered: list[str] = []

    def page(environ, start_response):
        team = environ["HTTP_X_TEAM"]
        rendered.append(team)
        keep(environ)
        start_response("200 OK", [("Content-Type", "text/html"), ("Set-Cookie", f"team={team}")])
        return [f"<p>{team}</p>".encode()]

    policy = Policy(
        paths=lambda app: {"/page"},
        shareable=lambda config, environ: environ["REQUEST_METHOD"] == "GET",
        variants=(lambda config, environ: environ["HTTP_X_TEAM"],),
    )
    client = Client(PageStore(app, policy, page))
    answers = [client.get("/page", headers={"X-Team": t}) for t in ("red", "blue", "red", "blue")]
    assert [answer.text for answer in answers] == ["<p>red</p>", "<p>blue</p>"] * 2
    assert rendered == ["red", "blue"]
    etag = {"If-None-Match": answers[0].headers["ETag"]}
    again = client.get("/page", headers={"X-Team": "red", **etag})
    assert again.status_code == 200 and again.headers["Set-Cookie"] == "team=red"
    client.get("/other", headers={"X-Team": "red"})  # not one of the policy's paths
    client.post("/page", headers={"X-Team": "red"})  # not shareable
    assert rendered == ["red", "blue", "red", "red"]


def test_in_debug_no_page_stored_before_a_rebuild_is_answered_after_it():
    """`npm run watch` writes a new manifest while `make run` runs (here the same names, spelled
    differently): no page stored before is answered after. Outside debug it is read once."""
    seen: list[str] = []
    debug, production = create_app(config_with(DEBUG=True)), create_app(config.TestConfig())
    for app in (debug, production):
        template_rendered.connect(lambda sender, **extra: seen.append(sender), app, weak=False)
        app.test_client().get("/en/services").close()
    assert seen == [debug, production]
    original = BUILD_MANIFEST.read_bytes()
    rebuilt = BUILD_MANIFEST.with_name(".manifest.rebuilt")
    rebuilt.write_text(json.dumps(json.loads(original)))
    os.replace(rebuilt, BUILD_MANIFEST)  # readers elsewhere see one whole manifest or the other
    try:
        seen.clear()
        for app in (debug, production):
            app.test_client().get("/en/services").close()
        assert seen == [debug]
    finally:
        rebuilt.write_bytes(original)
        os.replace(rebuilt, BUILD_MANIFEST)
