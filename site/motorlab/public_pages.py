"""The public pages: every path of both locales that the sitemap lists.

One function, so the export, the share images and the tests enumerate pages the same way;
point it elsewhere when the page list moves.
"""

from __future__ import annotations

import contextvars
from urllib.parse import urlsplit

from flask import Flask


def public_paths(app: Flask) -> list[str]:
    """Paths of every public page, each locale's (`/`, `/en`, `/services`, `/en/services`, …)."""
    app = getattr(app, "_get_current_object", lambda: app)()  # `current_app` works too
    from motorlab.seo.routes import sitemap_entries

    site = urlsplit(app.config["SITE_URL"])  # a trusted host, whatever EXTRA_HOSTS says

    def collect() -> list[str]:
        with app.test_request_context("/", base_url=f"{site.scheme}://{site.netloc}"):
            return [urlsplit(entry["loc"]).path for entry in sitemap_entries()]

    # A fresh context: called during a request, it must not share (and change) its `g`.
    return contextvars.Context().run(collect)
