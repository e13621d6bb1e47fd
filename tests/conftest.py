"""Registers the shared fixtures (tests/support/) and marks the `system` tests: those under
tests/deploy/ and those that use the launcher (which refuses to start a process in any other)."""

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


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "shared_app: only GETs with default settings: `app` is the process's shared one"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Before `-m` selects: mark them, and tell the launcher which tests they are."""
    from tests.support import processes

    for item in items:
        in_deploy = DEPLOY in Path(item.path).parents
        if in_deploy or "launch" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.system)
    processes.SYSTEM_TESTS = {item.nodeid for item in items if item.get_closest_marker("system")}


def pytest_sessionfinish(session):
    """The controller (or a run without workers) removes what its workers shared."""
    if not hasattr(session.config, "workerinput"):
        shutil.rmtree(Path(tempfile.gettempdir()) / f"motorlab-tests-{os.getpid()}", True)
