"""What motorlab.web.flask_internals and tests/support/internals.py assume of Flask, Werkzeug,
Flask-WTF, cachelib and the public APIs used instead: each test fails when an upgrade changes it."""

from __future__ import annotations

import inspect
from pathlib import Path

from flask import request, session
from flask.globals import request_ctx
from werkzeug.datastructures import FileStorage
from werkzeug.routing import Map, Rule

from motorlab import config, create_app
from motorlab.contact.forms import ContactForm
from motorlab.extensions import cache
from motorlab.i18n import COOKIE_NAME
from motorlab.web import flask_internals
from motorlab.web.static_files import servable
from tests.support.internals import COMPILED_TEMPLATES, URL_BUILDERS, stored_entries


def test_session_touched_sees_reads_and_writes_that_the_proxy_cannot_tell(app):
    assert isinstance(app.session_interface, flask_internals.WatchedSessionInterface)
    with app.test_request_context("/"):
        assert request.environ[flask_internals.OPENED_SESSION] is not None
        assert not flask_internals.session_touched()
        assert session.accessed is True, "why session_touched() cannot ask the proxy"
        session.get("anything")
        assert flask_internals.session_touched()
    with app.test_request_context("/"):
        request.environ[flask_internals.OPENED_SESSION]["flash"] = "x"  # not through the proxy
        assert flask_internals.session_touched()


def test_an_untrusted_host_leaves_no_url_adapter_and_gets_one(app):
    with app.test_request_context("/en/services", headers={"Host": "evil.example"}):
        assert request_ctx.url_adapter is None  # Flask refuses to bind one
        flask_internals.bind_site_url_adapter()
        assert request_ctx.url_adapter.url_scheme == "https"
        assert request_ctx.url_adapter.server_name == "www.motorlab.example"


def test_the_contact_form_reads_text_fields_from_the_form_only(app):
    # Flask-WTF, left to itself, merges request.files into the form data.
    data = {"name": (FileStorage(filename="a.txt"), "a.txt"), "email": "a@b.example"}
    with app.test_request_context("/contact", method="POST", data=data):
        form = ContactForm()
        assert form.name.data in (None, "")
        assert form.email.data == "a@b.example"
    with app.test_request_context("/contact"):
        assert ContactForm().email.data is None


def test_frozen_flask_still_builds_each_url_in_build_one():
    freezer = flask_internals.fresh_context_freezer()
    assert list(inspect.signature(freezer.__mro__[1]._build_one).parameters) == [
        "self",
        "url",
        "last_modified",
    ]
    assert "self._build_one(" in inspect.getsource(freezer.__mro__[1].freeze_yield)


# --- Public APIs the app chose over internals: what it relies on them doing ---------


def test_each_app_reaches_its_own_cache_backend_through_cache_cache():
    # The page store takes its backend from Flask-Caching's `cache.cache` (not from the
    # extension's storage layout): one backend per app, the one `cache.set` writes to.
    one, two = create_app(config.TestConfig()), create_app(config.TestConfig())
    with one.app_context():
        cache.set("pinned", "one")
        backend = cache.cache
    assert backend.get("pinned") == "one"
    assert (stored_entries(one), stored_entries(two)) == (1, 0), "the tests' count of entries"
    with two.app_context():
        assert cache.cache is not backend and cache.get("pinned") is None


def test_our_view_answers_flasks_static_route(app):
    # static_files replaces the view through `app.endpoint`, and serves with
    # `send_static_file`, as Flask's own static view does.
    (rule,) = [rule for rule in app.url_map.iter_rules() if rule.endpoint == "static"]
    assert rule.rule == "/static/<path:filename>"
    assert app.view_functions["static"].__module__ == servable.__module__
    with app.test_client().get("/static/img/favicon.svg") as response:
        assert response.status_code == 200
        assert response.data == Path(app.static_folder, "img", "favicon.svg").read_bytes()


# --- The tests' own (tests/support/internals.py) ------------------------------------


def test_every_app_shares_the_compiled_templates_and_url_builders():
    one, two = create_app(config.TestConfig()), create_app(config.TestConfig())
    assert one.jinja_env.bytecode_cache is two.jinja_env.bytecode_cache is COMPILED_TEMPLATES
    one.test_client().get("/en/services")
    compiled = dict(COMPILED_TEMPLATES.compiled)
    assert compiled
    two.test_client().get("/en/services")
    assert COMPILED_TEMPLATES.compiled == compiled  # loaded, not compiled again
    builders = len(URL_BUILDERS)
    create_app(config.TestConfig())
    assert len(URL_BUILDERS) == builders, "no rule of a third app compiled again"
    # What the key holds is what the builder's code depends on: each rule builds its own URL.
    rules = [
        Rule("/<lang>/a", endpoint="a", defaults={"lang": "en"}),
        Rule("/<lang>/a", endpoint="b", defaults={"lang": "es"}),
        Rule("/<int:n>/a", endpoint="c"),
    ]
    adapter = Map(rules).bind("x.example")
    built = [adapter.build(e, v) for e, v in (("a", {}), ("b", {}), ("c", {"n": 3, "q": 1}))]
    assert built == ["/en/a", "/es/a", "/3/a?q=1"]


def test_read_cookies_reads_a_header_as_request_cookies_does(app):
    """The detection on `/` reads the header outside a request, bytes not UTF-8 included."""
    headers = [
        f"{COOKIE_NAME}=en",
        f'x="\xff"; {COOKIE_NAME}="\\145n"',
        f"x=\xff; {COOKIE_NAME}=en; y=es",
        f'a="b;{COOKIE_NAME}=en"',
    ]
    for header in headers:
        with app.test_request_context("/", environ_base={"HTTP_COOKIE": header}):
            assert flask_internals.read_cookies(header) == request.cookies, header
