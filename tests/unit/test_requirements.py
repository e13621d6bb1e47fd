"""The runtime lock (`make prod`) holds only what the site runs on; the development lock
adds the test and lint tools on top of it (`make setup`)."""

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
DEV_TOOLS = {
    "pytest",
    "pytest-xdist",
    "playwright",
    "hypothesis",
    "ruff",
    "aiosmtpd",
    "beautifulsoup4",
}


def pinned(name: str) -> dict[str, str]:
    pins = {}
    for line in (ROOT / name).read_text().splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            package, version = line.split("==")
            pins[canonicalize_name(package)] = version
    return pins


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_the_runtime_lock_holds_no_development_tool():
    assert not DEV_TOOLS & set(pinned("requirements.lock"))


def test_the_runtime_lock_pins_every_runtime_dependency():
    runtime = pinned("requirements.lock")
    for dependency in project()["dependencies"]:
        assert canonicalize_name(Requirement(dependency).name) in runtime, dependency


def test_the_development_lock_adds_the_tools_to_the_runtime_lock():
    text = (ROOT / "requirements-dev.lock").read_text()
    assert "-r requirements.lock" in text.splitlines()
    dev = pinned("requirements-dev.lock")
    assert not set(dev) & set(pinned("requirements.lock")), "pinned twice"
    for dependency in project()["optional-dependencies"]["dev"]:
        assert canonicalize_name(Requirement(dependency).name) in dev, dependency
