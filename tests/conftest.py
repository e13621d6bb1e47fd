"""Fixtures shared by every test: the app built with TestConfig, its client, HTML parsing."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from motorlab import create_app
from motorlab.config import TestConfig

# The contact tests' fixtures (smtp, contact_app, contact_client).
pytest_plugins = ["tests.contact_support"]


@pytest.fixture
def app():
    return create_app(TestConfig())


@pytest.fixture
def client(app):
    """A returning visitor: the language cookie is set, so `/` never redirects."""
    client = app.test_client()
    client.set_cookie("i18n_redirected", "es")
    return client


@pytest.fixture
def first_visit_client(app):
    """A visitor without the language cookie."""
    return app.test_client()


def soup_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def visible_text(soup: BeautifulSoup) -> str:
    """The page's text as a person reads it: whitespace folded, scripts left out."""
    for node in soup(["script", "style", "template"]):
        node.decompose()
    return " ".join(soup.get_text(" ").split())
