"""`make export` with a production's settings, and keeping the previous release's hashed
files a while."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from motorlab import config, create_app
from motorlab.build.export import build_folder, export, is_page
from motorlab.releases import RETENTION, ledger_of, read_ledger
from motorlab.rendering.assets import RETIRED, read_manifest

# `make export` with a production's settings: SITE_URL's host the only one trusted (the tests'
# own config also trusts localhost, which hid that the freezer asked for it).
SITE = "https://www.motorlab.example"


@pytest.mark.system  # a whole export of its own
def test_the_export_trusts_only_the_public_host_and_names_it_in_every_canonical(
    monkeypatch, tmp_path, exported_site
):
    for name in ("EXTRA_HOSTS", "OUTBOX_URL", "ANALYTICS_ID"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SITE_URL", SITE)
    monkeypatch.setenv("SECRET_KEY", "0" * 64)
    monkeypatch.setenv("OUTBOX_PATH", str(tmp_path / "outbox.sqlite3"))
    production = config.Config()
    assert production.EXTRA_HOSTS == []
    app = create_app(production)
    assert app.config["TRUSTED_HOSTS"] == ["www.motorlab.example"]
    destination = tmp_path / "site"
    urls = export(app, destination)
    assert urls == exported_site[1]  # the tests' export, whose config trusts loopback too
    pages = [url for url in urls if is_page(url)]
    files = [destination / url.lstrip("/") / "index.html" for url in pages]
    soups = [BeautifulSoup(file.read_text(), "html.parser") for file in files]
    canonicals = [soup.find("link", rel="canonical")["href"] for soup in soups]
    assert canonicals == [SITE + url for url in pages]


# An export keeps the previous release's hashed files (static/build/) it no longer holds for
# motorlab.releases.RETENTION, so a page loaded before the upgrade still finds them. CONTENT
# is large enough to be precompressed like the real files.
CONTENT = "/* {} */\n" + "a{{color:red}}\n" * 200


def build_files(export_folder) -> list[str]:
    folder = build_folder(export_folder)
    return sorted(f.relative_to(folder).as_posix() for f in folder.rglob("*") if f.is_file())


@pytest.mark.system  # two whole exports
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
    own = [
        name
        for name in built
        if name in current and name not in read_manifest(Path(app.static_folder))["files"]
    ]
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
