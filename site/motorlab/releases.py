"""How long the hashed files of a previous release stay: the stylesheet, scripts and fonts
under static/build/ (widgets/build.mjs) that a page still links after a new build or export
replaced them. A page may be kept for its lifetime (page_cache.DEFAULT_CACHE_CONTROL: its
longest max-age, a CDN's s-maxage) and shown later still; its files must answer all along.

Each file a build or export no longer links is "retired" at that moment, and kept for
RETENTION after it; older ones are deleted. The record of when each was retired is a JSON
object {path under static/build/: seconds since the epoch}: the build's in static/build/
(assets.RETIRED, neither served nor exported), the export's beside its folder (`ledger_of`).

    python -m motorlab.releases     # prints RETENTION in seconds (for widgets/build.mjs)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from werkzeug.datastructures import ResponseCacheControl
from werkzeug.http import parse_cache_control_header

from motorlab.web.page_cache import DEFAULT_CACHE_CONTROL

# Beyond a page's lifetime: a page open in a tab imports a widget's chunk when the widget
# mounts, and a visitor may come back to a tab an hour later.
MARGIN = 3600


def page_lifetime(cache_control: str = DEFAULT_CACHE_CONTROL) -> int:
    """The longest a browser or a shared cache may keep a page, in seconds."""
    parsed = parse_cache_control_header(cache_control, cls=ResponseCacheControl)
    return max(parsed.max_age or 0, parsed.s_maxage or 0)


RETENTION = page_lifetime() + MARGIN


def read_ledger(path: Path) -> dict[str, float]:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        return {}


def ledger_of(export: Path) -> Path:
    """The export's record of retired files: beside its folder, so nginx never serves it."""
    return export.with_name(f"{export.name}.retired.json")


def still_kept(retired: dict[str, float], now: float) -> dict[str, float]:
    """Those retired less than RETENTION ago."""
    return {name: since for name, since in sorted(retired.items()) if now - since < RETENTION}


if __name__ == "__main__":
    print(RETENTION)
    sys.exit(0)
