"""What motorlab.internals assumes of Flask and Flask-WTF. Each test fails loudly when an
upgrade changes the behaviour the app relies on."""

from __future__ import annotations

import inspect

from flask import request, session
from flask.globals import request_ctx
from werkzeug.datastructures import FileStorage

from motorlab import internals
from motorlab.contact.forms import ContactForm


def test_the_session_proxy_marks_the_session_accessed(app):
    # Why session_touched() cannot simply ask `session.accessed`.
    with app.test_request_context("/"):
        assert not internals.session_touched()
        assert session.accessed is True


def test_session_touched_sees_reads_and_writes(app):
    with app.test_request_context("/"):
        assert request.environ[internals.OPENED_SESSION] is not None
        assert not internals.session_touched()
        session.get("anything")
        assert internals.session_touched()
    with app.test_request_context("/"):
        request.environ[internals.OPENED_SESSION]["flash"] = "x"  # modified, not through proxy
        assert internals.session_touched()


def test_the_app_uses_the_watched_session(app):
    assert isinstance(app.session_interface, internals.WatchedSessionInterface)


def test_an_untrusted_host_leaves_no_url_adapter_and_gets_one(app):
    with app.test_request_context("/en/services", headers={"Host": "evil.example"}):
        assert request_ctx.url_adapter is None  # Flask refuses to bind one
        internals.bind_site_url_adapter()
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
    freezer = internals.fresh_context_freezer()
    assert list(inspect.signature(freezer.__mro__[1]._build_one).parameters) == [
        "self",
        "url",
        "last_modified",
    ]
    assert "self._build_one(" in inspect.getsource(freezer.__mro__[1].freeze_yield)
