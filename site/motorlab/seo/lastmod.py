"""`<lastmod>` for the sitemap: when a page's content last changed, from git.

A page's content is its content module and its template; the date is the newest commit that
touched either (`git log -1 --format=%cI -- …`), read once per process, so the export writes
the date of what it exports, and never the time of the request. Where the code is not a git
checkout (a bare copy on a server), there is no date to tell, and the sitemap leaves
`<lastmod>` out rather than guess.
"""

from __future__ import annotations

import subprocess
from functools import lru_cache

from motorlab.config import PROJECT_ROOT
from motorlab.content.types import Link

_CONTENT = "site/motorlab/content"
# endpoint -> the files that make the page (case studies add their own module, below).
PAGE_SOURCES: dict[str, tuple[str, ...]] = {
    "pages.home": (f"{_CONTENT}/home.py", "templates/pages/home.html"),
    "pages.services": (f"{_CONTENT}/services.py", "templates/pages/services.html"),
    "pages.aboutus": (f"{_CONTENT}/team.py", "templates/pages/aboutus.html"),
    "pages.portfolio": (
        f"{_CONTENT}/portfolio.py",
        f"{_CONTENT}/projects",
        "templates/pages/portfolio.html",
    ),
    "projects.case_study": ("templates/pages/case_study.html",),
    "contact.form": (f"{_CONTENT}/contact.py", "templates/pages/contact.html"),
    "pages.guideline": (f"{_CONTENT}/guideline.py", "templates/pages/guideline.html"),
    "pages.privacy": (f"{_CONTENT}/privacy.py", "templates/pages/privacy.html"),
}


def sources(link: Link) -> tuple[str, ...]:
    files = PAGE_SOURCES[link.endpoint]
    if link.endpoint == "projects.case_study":
        files = (f"{_CONTENT}/projects/{link.params['slug']}.py", *files)
    return files


def last_modified(link: Link) -> str | None:
    """The page's last change as a W3C datetime (`2026-11-24T20:13:48+00:00`), or None."""
    return _git_date(sources(link))


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
