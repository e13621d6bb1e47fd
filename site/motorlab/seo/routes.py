"""Blueprint "seo": /sitemap.xml (every listed page in every locale, with its alternates and
the date of the newest commit that touched its sources) and /robots.txt."""

from __future__ import annotations

import subprocess
from functools import lru_cache

from flask import Blueprint, Response, render_template, url_for

from motorlab.extensions import cache
from motorlab.i18n import LOCALES, absolute_url
from motorlab.pages.registry import listed_pages, paths_of
from motorlab.paths import PROJECT_ROOT

bp = Blueprint("seo", __name__)
SITEMAP_TYPE = "application/xml"  # nginx's for the exported sitemap too (deploy_config)


@lru_cache(maxsize=64)
def git_date(paths: tuple[str, ...]) -> str | None:
    """The newest commit date of `paths` (`2026-11-24T20:13:48+00:00`), read once per process;
    None outside a git checkout, where the sitemap leaves <lastmod> out rather than guess."""
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


@bp.route("/sitemap.xml")
@cache.cached(key_prefix="seo:sitemap")
def sitemap():
    """One entry per page and locale, each with the page's URLs in every locale."""
    entries = []
    for page in listed_pages():
        paths = paths_of([page])  # in LOCALES' order
        urls = {locale: absolute_url(path) for locale, path in zip(LOCALES, paths, strict=True)}
        lastmod = git_date(page.sources)
        entries.extend(
            {"loc": urls[locale], "alternates": urls, "lastmod": lastmod} for locale in LOCALES
        )
    body = render_template("seo/sitemap.xml", entries=entries)
    return Response(body, mimetype=SITEMAP_TYPE)


@bp.route("/robots.txt")
def robots():
    lines = (
        "User-agent: *",
        "Disallow: /language/",
        f"Sitemap: {absolute_url(url_for('seo.sitemap'))}",
    )
    return Response("\n".join(lines) + "\n", mimetype="text/plain")
