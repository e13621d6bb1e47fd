"""The runtime lock (`make prod`) holds only what the site runs on; the development lock
adds the test and lint tools on top of it (`make setup`). The same for npm: `make
prod-setup` installs package.json's `dependencies` alone."""

import json
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.support import ROOT
from tests.support.deploy_tools import make


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


def names(requirements: list[str]) -> set[str]:
    return {canonicalize_name(Requirement(requirement).name) for requirement in requirements}


# Each lock is the one before it plus its extra of pyproject, pinned: runtime (make prod),
# local (make run), dev (make setup, make test).
LAYERS = [("requirements.lock", None), ("requirements-local.lock", "local"),
          ("requirements-dev.lock", "dev")]  # fmt: skip


@pytest.mark.parametrize("index", [0, 1, 2], ids=[name for name, _ in LAYERS])
def test_each_lock_pins_its_dependencies_on_top_of_the_one_below(index):
    name, extra = LAYERS[index]
    pins = pinned(name)
    wanted = project()["optional-dependencies"][extra] if extra else project()["dependencies"]
    assert names(wanted) <= set(pins), names(wanted) - set(pins)
    if index == 0:
        dev_tools = names(project()["optional-dependencies"]["dev"])
        assert dev_tools and not dev_tools & set(pins), "a development tool in production"
    else:
        below = LAYERS[index - 1][0]
        assert f"-r {below}" in (ROOT / name).read_text().splitlines()
        assert not set(pins) & set(pinned(below)), "pinned twice"


def make_commands(target: str) -> list[list[str]]:
    """The commands `make TARGET` runs on a fresh machine (-B -n: all, run none)."""
    result = make("-B", "-n", target)
    assert result.returncode == 0, result.stderr
    return [shlex.split(line) for line in result.stdout.splitlines()]


def prod_setup_npm_commands() -> list[list[str]]:
    return [command for command in make_commands("prod-setup") if command[0] == "npm"]


def test_make_run_installs_what_it_runs_and_no_test_or_lint_tool():
    """A newcomer's first `make run`: the runtime, the mail sink, the build's npm packages
    (prod-setup's install), not the development lock nor npm's devDependencies."""
    commands = make_commands("run")
    installs = [command for command in commands if command[1:3] == ["install", "--quiet"]]
    locks = [words[at + 1] for words in installs for at, word in enumerate(words) if word == "-r"]
    assert locks == [name for name, _ in LAYERS[:2]]
    assert [command for command in commands if command[0] == "npm"] == prod_setup_npm_commands()


@pytest.mark.build
def test_prod_setup_installs_the_build_but_no_npm_development_tool(tmp_path):
    """`make prod-setup`'s install, run on the lock as it stands: every package it installs is
    one the lock does not mark `dev`, none of package.json's devDependencies is there, and
    esbuild works although no install script ran (its binary is its platform package's)."""
    install, build = prod_setup_npm_commands()
    assert install[:2] == ["npm", "ci"] and "--ignore-scripts" in install
    assert build == ["npm", "run", "build"]
    for name in ("package.json", "package-lock.json"):
        shutil.copy(ROOT / name, tmp_path)
    result = subprocess.run(
        [*install, "--prefer-offline"], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    installed = sorted(
        str(manifest.parent.relative_to(tmp_path))
        for manifest in tmp_path.glob("node_modules/**/package.json")
        if str(manifest.parent.relative_to(tmp_path)) in lock
    )
    runtime = sorted(
        path for path, entry in lock.items()
        if path and not entry.get("dev") and not entry.get("optional")
    )  # fmt: skip
    platform = [path for path in installed if lock[path].get("optional")]
    assert sorted(set(installed) - set(platform)) == runtime
    assert [path for path in installed if lock[path].get("dev")] == []
    package = json.loads((ROOT / "package.json").read_text())
    assert "esbuild" in package["dependencies"]
    assert not set(package["devDependencies"]) & {Path(path).name for path in installed}
    assert len(platform) == 1 and platform[0].startswith("node_modules/@esbuild/")
    esbuild = subprocess.run(
        [str(tmp_path / "node_modules/.bin/esbuild"), "--version"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert esbuild.stdout.strip() == lock["node_modules/esbuild"]["version"]
