"""The public pages: every path of both locales of the registry's listed pages; and the
paths of the pages each visitor gets their own, which the navigation never asks for ahead of
a click.

One function each, so the export, the share images, the pages and the tests enumerate pages
the same way.
"""

from __future__ import annotations

import contextvars
from urllib.parse import urlsplit

from flask import Flask, url_for

from motorlab.i18n import LOCALE_ARG, LOCALES
from motorlab.pages.registry import PAGES, listed_pages


def public_paths(app: Flask) -> list[str]:
    """Paths of every public page, each locale's (`/`, `/en`, `/services`, `/en/services`, …).
    `app` is the app itself: `current_app` would be unbound in the fresh context below."""
    site = urlsplit(app.config["SITE_URL"])  # a trusted host, whatever EXTRA_HOSTS says

    def collect() -> list[str]:
        # url_for, so the paths carry the site's root when it is served under a prefix.
        with app.test_request_context("/", base_url=f"{site.scheme}://{site.netloc}"):
            return [
                url_for(page.endpoint, **page.link.params, **{LOCALE_ARG: locale})
                for page in listed_pages()
                for locale in LOCALES
            ]

    # A fresh context: called during a request, it must not share (and change) its `g`.
    return contextvars.Context().run(collect)


def own_paths() -> list[str]:
    """Paths of the pages each visitor gets their own (not exported: the contact page, whose
    form token starts a session, answers `no-store`), every locale's, in a request. Pages
    list them in `<meta name="no-prefetch">`: the navigation asks for them at a click only,
    so a hover or a scroll past a link creates nothing on the server."""
    return [
        url_for(page.endpoint, **page.link.params, **{LOCALE_ARG: locale})
        for page in PAGES
        if not page.exported
        for locale in LOCALES
    ]
