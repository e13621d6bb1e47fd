"""An export keeps the hashed files (static/build/) of the previous release's export that it
no longer holds, for motorlab.releases.RETENTION after it replaced them: a page loaded or
cached before the upgrade still finds its stylesheet and scripts. Older ones go."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from motorlab import config, create_app
from motorlab.build.export import build_folder, export
from motorlab.releases import RETENTION, built_files, ledger_of, read_ledger
from motorlab.rendering.assets import RETIRED

# A whole export or two: with the system tests, out of make test-fast's edit loop.
pytestmark = pytest.mark.system

# Large enough to be precompressed like the real ones.
CONTENT = "/* {} */\n" + "a{{color:red}}\n" * 200


def build_files(export_folder: Path) -> list[str]:
    folder = build_folder(export_folder)
    return sorted(
        file.relative_to(folder).as_posix() for file in folder.rglob("*") if file.is_file()
    )


def test_an_export_keeps_the_previous_releases_files_for_the_retention(tmp_path, exported_site):
    previous = tmp_path / "releases" / "1" / "build" / "site"
    shutil.copytree(exported_site[0], previous)
    current = build_files(previous)  # the build this checkout links
    now = time.time()
    earlier = {  # name -> when an earlier release replaced it (None: the previous one linked it)
        "site-PREVIOUS.css": None,
        "chunks/index-OLDER.js": now - RETENTION + 120,
        "site-OLDEST.css": now - RETENTION - 1,
    }
    for name in earlier:
        (build_folder(previous) / name).write_text(CONTENT.format(name))
    record = {name: since for name, since in earlier.items() if since is not None}
    ledger_of(previous).write_text(json.dumps(record))

    upgraded = tmp_path / "releases" / "2" / "build" / "site"
    app = create_app(config.TestConfig())
    # The checkout's own build may have retired files (a developer rebuilt the widgets): the
    # export keeps and records those too, since when the build says.
    built = read_ledger(Path(app.static_folder) / RETIRED)
    own = [name for name in built if name in current and name not in built_files()]
    export(app, upgraded, previous=previous)
    kept = ["chunks/index-OLDER.js", "site-PREVIOUS.css"]
    with_siblings = [f"{name}{suffix}" for name in kept for suffix in ("", ".br", ".gz")]
    assert build_files(upgraded) == sorted([*current, *with_siblings])
    for name in kept:
        assert (build_folder(upgraded) / name).read_text() == CONTENT.format(name)
    retired = json.loads(ledger_of(upgraded).read_text())
    assert sorted(retired) == sorted([*kept, *own])
    assert retired["chunks/index-OLDER.js"] == earlier["chunks/index-OLDER.js"]
    assert now <= retired["site-PREVIOUS.css"] <= time.time()

    # Exported again in place (no --previous): the same files, retired since the same times.
    export(create_app(config.TestConfig()), upgraded)
    assert build_files(upgraded) == sorted([*current, *with_siblings])
    assert json.loads(ledger_of(upgraded).read_text()) == retired
