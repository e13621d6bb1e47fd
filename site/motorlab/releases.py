"""How long the hashed files of earlier builds stay under static/build/: a cached page's files
must answer as long as the page. esbuild only adds files; this module alone deletes them, after
a build (`python -m motorlab retire-build`) and in an export. A file the manifest stops naming is
retired then and kept RETENTION after; the record is {path: seconds since the epoch}."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click
from werkzeug.datastructures import ResponseCacheControl
from werkzeug.http import parse_cache_control_header

from motorlab.rendering.assets import BOOKKEEPING, BUILD_DIR, RETIRED, STATIC_FOLDER, read_manifest
from motorlab.web.page_cache import DEFAULT_CACHE_CONTROL

_PAGE = parse_cache_control_header(DEFAULT_CACHE_CONTROL, cls=ResponseCacheControl)
# A page's longest lifetime (a browser's or a CDN's), and an hour: a tab open that long still
# imports a widget's chunk when the widget mounts.
RETENTION = max(_PAGE.max_age or 0, _PAGE.s_maxage or 0) + 3600


def read_ledger(path: Path) -> dict[str, float]:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        return {}


def ledger_of(export: Path) -> Path:
    """The export's record of retired files: beside its folder, so nginx never serves it."""
    return export.with_name(f"{export.name}.retired.json")


def retire(
    folder: Path, retired: dict[str, float], ledger: Path, static_folder: Path = STATIC_FOLDER
) -> dict[str, float]:
    """Delete the files under `folder` (a static/build/) the build does not name that were
    retired RETENTION ago or more (when `retired` says, else now); record in `ledger` when
    each kept one was."""
    current, now, kept = read_manifest(static_folder)["files"], time.time(), {}
    for file in sorted(folder.rglob("*")):
        name = file.relative_to(folder).as_posix()
        if not file.is_file() or name in current or f"{BUILD_DIR}/{name}" in BOOKKEEPING:
            continue
        since = retired.get(name, now)
        if now - since < RETENTION:
            kept[name] = since
        else:
            file.unlink()
    ledger.write_text(json.dumps(kept, indent=2, sort_keys=True) + "\n")
    return kept


def retire_build(static_folder: Path = STATIC_FOLDER) -> dict[str, float]:
    """After a build: keep the earlier builds' files a while, recorded in assets.RETIRED."""
    ledger = static_folder / RETIRED
    return retire(static_folder / BUILD_DIR, read_ledger(ledger), ledger, static_folder)


@click.command("retire-build")
def command() -> None:
    """After a build: delete the earlier builds' files kept RETENTION seconds."""
    kept = retire_build()
    click.echo(f"kept {len(kept)} files of earlier builds in {STATIC_FOLDER / BUILD_DIR}")
