"""The paths of the listed pages and of the pages each visitor gets their own, in every locale."""

from __future__ import annotations

import contextvars
from urllib.parse import urlsplit

from flask import Flask, url_for

from motorlab.i18n import LOCALE_ARG, LOCALES
from motorlab.pages.registry import PAGES, listed_pages


def public_paths(app: Flask) -> list[str]:
    """Paths of every public page, each locale's (`/`, `/en`, `/services`, …); `app` itself,
    as `current_app` is unbound in the fresh context below."""
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
    """Paths of the pages not exported (the contact form's token starts a session), in a
    request: `<meta name="no-prefetch">` keeps the navigation from asking for them ahead."""
    return [
        url_for(page.endpoint, **page.link.params, **{LOCALE_ARG: locale})
        for page in PAGES
        if not page.exported
        for locale in LOCALES
    ]
