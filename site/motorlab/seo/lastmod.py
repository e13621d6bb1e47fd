"""`<lastmod>` for the sitemap: the newest commit that touched one of a page's sources, read
once per process; None outside a git checkout (the sitemap then leaves it out)."""

from __future__ import annotations

import subprocess
from functools import lru_cache

from motorlab.pages.registry import Page
from motorlab.paths import PROJECT_ROOT


def last_modified(page: Page) -> str | None:
    """The page's last change as a W3C datetime (`2026-11-24T20:13:48+00:00`), or None."""
    return _git_date(page.sources)


@lru_cache(maxsize=64)
def _git_date(paths: tuple[str, ...]) -> str | None:
    try:
        result = subprocess.run(
            ["git", "log", "-1", "--format=%cI", "--", *paths],
            cwd=PROJECT_ROOT,
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return result.stdout.strip() or None
