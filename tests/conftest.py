"""Registers the shared fixtures (they live in tests/support/) and marks the system tests.

A test is a `system` test when it needs a real server process (gunicorn, nginx, PostgreSQL,
Redis), Java (the Nu Html Checker) or a long property run. Modules that do so on their own say
`pytestmark = pytest.mark.system`; every test under tests/deploy/ (real nginx and gunicorn)
and every test that takes one of SYSTEM_FIXTURES is marked here."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = [
    "tests.support.app",
    "tests.support.browser",
    "tests.support.widgets",
    "tests.support.servers",
    "tests.support.contact_support",
]

# Fixtures that start gunicorn or nginx.
SYSTEM_FIXTURES = {"app_server", "nginx_server", "gunicorn_alone", "analytics_front"}
DEPLOY = Path(__file__).parent / "deploy"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Before `-m` selects: mark the deployment tests and those that start a server."""
    for item in items:
        in_deploy = DEPLOY in Path(item.path).parents
        if in_deploy or SYSTEM_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.system)
