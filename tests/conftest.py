"""Registers the shared fixtures (they live in tests/support/) and marks the system tests.

A test is a `system` test when it needs a real server process (gunicorn, nginx, a `flask`
command, PostgreSQL, Redis), Java (the Nu Html Checker), a long property run or a whole export
of its own (the run's one export, `exported_site`, stays in make test-fast). Every test
that asks for the launcher (the `launch` fixture, directly or through another fixture such as
`app_server`) and every test under tests/deploy/ is marked here; modules with other reasons
say `pytestmark = pytest.mark.system`. The launcher refuses to start a process during a test
that is not marked."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

pytest_plugins = [
    "tests.support.app",
    "tests.support.browser",
    "tests.support.widgets",
    "tests.support.servers",
    "tests.support.contact_support",
    "tests.support.whatwg_url",
    "tests.support.tls",
]

DEPLOY = Path(__file__).parent / "deploy"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Before `-m` selects: mark the deployment tests and those that use the launcher, and
    tell the launcher which tests may start processes."""
    from tests.support import servers  # once registered as a plugin: its asserts rewritten

    for item in items:
        in_deploy = DEPLOY in Path(item.path).parents
        if in_deploy or "launch" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.system)
    servers.SYSTEM_TESTS = {item.nodeid for item in items if item.get_closest_marker("system")}


def pytest_sessionfinish(session):
    """The controller (or a run without workers) removes what its workers shared."""
    if not hasattr(session.config, "workerinput"):
        shutil.rmtree(Path(tempfile.gettempdir()) / f"motorlab-tests-{os.getpid()}", True)
