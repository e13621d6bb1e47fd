"""Property-based: arbitrary Unicode and oversized values in every field never cause a 500,
and every request the site accepts is in the outbox (and mailed), exactly once."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motorlab import create_app
from motorlab.contact import outbox
from motorlab.contact.outbox import open_outbox
from tests.support.contact_support import VALID, contact_config, csrf_token, deliver

pytestmark = pytest.mark.system  # long property runs: 150 and 60 posts, each delivered

ANY_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)
OVERSIZED = st.text(st.characters(blacklist_categories=("Cs",)), min_size=4000, max_size=9000)


def field(valid: str):
    return st.one_of(st.just(valid), ANY_TEXT, OVERSIZED, ANY_TEXT.map(lambda t: f"  {valid}{t}"))


SUBMISSIONS = st.fixed_dictionaries(
    {name: field(value) for name, value in VALID.items()},
    optional={"website": st.one_of(st.just(""), ANY_TEXT)},
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=SUBMISSIONS, as_json=st.booleans())
def test_any_input_is_refused_cleanly_or_stored_once(smtp, tmp_path_factory, data, as_json):
    app, client, token = _visitor(smtp, tmp_path_factory)
    store = open_outbox(app.config)
    before = len(store.rows())
    form = {**data, "csrf_token": token}
    headers = {"Accept": "application/json" if as_json else "text/html"}
    response = client.post("/en/contact", data=form, headers=headers)
    assert response.status_code in (200, 303, 413, 422), response.status_code
    deliver(app)
    rows = store.rows()
    accepted = response.status_code in (200, 303)
    trapped = bool(data.get("website", "").strip())
    assert len(rows) == before + (accepted and not trapped)
    if accepted and not trapped:
        row = rows[-1]
        assert row.name == data["name"].strip()
        assert row.email == data["email"].strip()
        assert row.description == data["description"].strip().replace("\r\n", "\n").replace(
            "\r", "\n"
        )
        assert row.status == outbox.SENT
    assert len(smtp.messages) == len(rows)


_VISITORS = {}


def _visitor(smtp, tmp_path_factory):
    """One app, outbox and visitor (session and token) per run, shared by its examples."""
    if smtp not in _VISITORS:
        _VISITORS.clear()
        config = contact_config(smtp, tmp_path_factory.mktemp("property"))
        config.CONTACT_RATE_LIMIT = "100000/minute"
        app = create_app(config)
        client = app.test_client()
        _VISITORS[smtp] = (app, client, csrf_token(client, "/en/contact"))
    return _VISITORS[smtp]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    raw=st.binary(max_size=3000),
    content_type=st.sampled_from(
        ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain"]
    ),
)
def test_raw_bytes_never_cause_a_500(smtp, tmp_path_factory, raw, content_type):
    app, client, token = _visitor(smtp, tmp_path_factory)
    store = open_outbox(app.config)
    before = len(store.rows())
    body = f"csrf_token={token}&".encode() + raw
    response = client.post("/en/contact", data=body, content_type=content_type)
    assert response.status_code in (303, 400, 413, 422), response.status_code
    assert len(store.rows()) == before + (response.status_code == 303)
