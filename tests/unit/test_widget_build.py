"""The widget build is reproducible, current, and keeps what it replaced a while."""

import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from motorlab.releases import RETENTION, retire_build
from tests.support import ROOT


def build(outdir: Path) -> dict[str, bytes]:
    command = ["node", "widgets/build.mjs", f"--outdir={outdir}"]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=120)
    return {str(p.relative_to(outdir)): p.read_bytes() for p in outdir.rglob("*") if p.is_file()}


@pytest.mark.build
def test_build_is_reproducible_and_current(tmp_path, widget_manifest):
    first = build(tmp_path / "a")
    second = build(tmp_path / "b")
    assert first == second
    assert json.loads(first["manifest.json"]) == widget_manifest  # make setup built these sources
    named = {widget_manifest["boot"], widget_manifest["entry"]["file"]}
    named.update(widget_manifest["entry"]["imports"])
    for widget in widget_manifest["widgets"].values():
        named.update([widget["file"], *widget["imports"]])
    assert {name for name in first if name.endswith(".js")} == named  # nothing unaccounted
    # Every file it wrote, which the retention keeps (motorlab.releases).
    assert set(widget_manifest["files"]) == set(first) - {"manifest.json"}


def test_a_rebuild_keeps_the_files_it_replaced_for_the_retention_then_deletes_them(tmp_path):
    """Files a previous build wrote and this one does not list stay RETENTION (one source)
    after they were replaced, recorded in retired.json; older ones go."""
    outdir = tmp_path / "build"
    fresh = {"site-NEW.css": "a{}", "fonts/figtree-NEW.woff2": "font"}
    now = time.time()
    previous = {  # as earlier builds left them: name -> when replaced (None: by this build)
        "site-PREVIOUS1.css": None,
        "chunks/index-PREVIOUS1.js": None,
        "mount-OLDER.js": now - RETENTION + 120,
        "site-OLDEST.css": now - RETENTION - 1,
    }
    for name, text in {**fresh, **{name: f"/* {name} */" for name in previous}}.items():
        (outdir / name).parent.mkdir(parents=True, exist_ok=True)
        (outdir / name).write_text(text)
    (outdir / "manifest.json").write_text(json.dumps({"files": sorted(fresh)}))
    ledger = {name: since for name, since in previous.items() if since is not None}
    (outdir / "retired.json").write_text(json.dumps(ledger))
    assert retire_build(tmp_path) == json.loads((outdir / "retired.json").read_text())
    retired = json.loads((outdir / "retired.json").read_text())
    assert sorted(retired) == ["chunks/index-PREVIOUS1.js", "mount-OLDER.js", "site-PREVIOUS1.css"]
    assert retired["mount-OLDER.js"] == previous["mount-OLDER.js"]
    assert (
        now <= retired["site-PREVIOUS1.css"] == retired["chunks/index-PREVIOUS1.js"] <= time.time()
    )
    left = {p.relative_to(outdir).as_posix() for p in outdir.rglob("*") if p.is_file()}
    assert left == {*fresh, *retired, "manifest.json", "retired.json"}


@pytest.mark.build
def test_without_the_built_font_the_build_stops_and_says_to_run_make_setup(tmp_path):
    """The font is the site's subset that make builds before esbuild (motorlab.build.font_subset):
    build.mjs calls no Python (the copy has no .venv), and without the font says so."""
    copy = tmp_path / "project"
    for part in ("widgets", "site/motorlab/styles", "templates"):
        shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("build"))
    (copy / "node_modules").symlink_to(ROOT / "node_modules")
    command = ["node", "widgets/build.mjs", f"--outdir={tmp_path / 'out'}"]
    result = subprocess.run(command, cwd=copy, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    (said,) = [line for line in result.stderr.splitlines() if "[ERROR]" in line]
    assert "site/motorlab/styles/build/figtree.woff2 is missing" in said
    assert "Run `make setup`." in said
    assert "Error:" not in result.stderr  # no stack trace
