from __future__ import annotations

from flask import Blueprint, Response, render_template, url_for

from motorlab.extensions import cache
from motorlab.i18n import LOCALE_ARG, LOCALES, absolute_url
from motorlab.pages.registry import listed_pages
from motorlab.seo.lastmod import last_modified

bp = Blueprint("seo", __name__)
SITEMAP_TYPE = "application/xml"  # nginx's for the exported sitemap too (deploy_config)


def sitemap_entries() -> list[dict]:
    """One entry per page and locale, each with the page's URLs in every locale and the
    date its content last changed (None outside a git checkout)."""
    entries = []
    for page in listed_pages():
        urls = {
            locale: absolute_url(url_for(page.endpoint, **page.link.params, **{LOCALE_ARG: locale}))
            for locale in LOCALES
        }
        lastmod = last_modified(page)
        entries.extend(
            {"loc": urls[locale], "alternates": urls, "lastmod": lastmod} for locale in LOCALES
        )
    return entries


@bp.route("/sitemap.xml")
@cache.cached(key_prefix="seo:sitemap")
def sitemap():
    body = render_template("seo/sitemap.xml", entries=sitemap_entries())
    return Response(body, mimetype=SITEMAP_TYPE)


@bp.route("/robots.txt")
def robots():
    lines = (
        "User-agent: *",
        "Disallow: /language/",
        f"Sitemap: {absolute_url(url_for('seo.sitemap'))}",
    )
    return Response("\n".join(lines) + "\n", mimetype="text/plain")
