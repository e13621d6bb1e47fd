"""Registers the shared fixtures (they live in tests/support/) and marks the system tests.

A test is a `system` test when it needs a real server process (gunicorn, nginx, PostgreSQL,
Redis), Java (the Nu Html Checker) or a long property run. Modules that do so on their own say
`pytestmark = pytest.mark.system`; a test that takes one of SYSTEM_FIXTURES is marked here."""

from __future__ import annotations

import pytest

pytest_plugins = [
    "tests.support.app",
    "tests.support.browser",
    "tests.support.widgets",
    "tests.support.servers",
    "tests.support.contact_support",
]

# Fixtures that start gunicorn or nginx (or the export they serve).
SYSTEM_FIXTURES = {"app_server", "nginx_server", "gunicorn_alone"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Before `-m` selects: mark every test that takes a SYSTEM_FIXTURES fixture."""
    for item in items:
        if SYSTEM_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.system)
