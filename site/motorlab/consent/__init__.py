"""Consent for analytics (LSSI art. 22.2, the AEPD cookie guide), decided on the server.

With `ANALYTICS_ID` set, a visitor who has not chosen sees the consent banner; its form posts
to `/consent` (`/en/consent`), which stores "granted" or "denied" in the `analytics_consent`
cookie and answers 303 back to the page. Only a "granted" visitor gets the analytics tags,
and the analytics origins in that response's Content-Security-Policy. Without `ANALYTICS_ID`
there is no banner, no script, no cookie, and `/consent` is a 404.

Pages depend on the choice, so the page cache keeps one variant per choice (`cache_variant`),
responses say `Vary: Cookie`, a chosen variant is `private` (`cache_by_the_choice`), and the
static export holds each page once per choice, which nginx picks by the cookie, read as
`request.cookies` reads it, with the same headers (motorlab.export, motorlab.deploy_config,
docs/decisions/0014-consent-variants-in-the-export.md).
"""

from __future__ import annotations

from flask import current_app, request
from werkzeug.datastructures import ResponseCacheControl
from werkzeug.http import parse_cache_control_header

from motorlab.internals import read_cookies

COOKIE_NAME = "analytics_consent"
GRANTED, DENIED = "granted", "denied"
CHOICES = (GRANTED, DENIED)
COOKIE_MAX_AGE = 365 * 24 * 60 * 60  # asked again after a year (AEPD: at most 24 months)
ANALYTICS_SCRIPT = "https://www.googletagmanager.com/gtag/js?id="


def enabled() -> bool:
    return bool(current_app.config.get("ANALYTICS_ID"))


def choice_in(cookie_value: str | None) -> str:
    """The stored choice, or "" when none (a value we never set counts as none)."""
    return cookie_value if cookie_value in CHOICES else ""


def current_choice() -> str | None:
    """None when analytics is off; else "granted", "denied" or "" (not chosen yet)."""
    if not enabled():
        return None
    return choice_in(request.cookies.get(COOKIE_NAME))


def analytics_allowed() -> bool:
    return current_choice() == GRANTED


def cache_variant(config, cookie_header: str) -> str:
    """The page cache's key part for a request: its choice, when analytics is on (the
    header read as `request.cookies` reads it)."""
    if not config.get("ANALYTICS_ID"):
        return ""
    return choice_in(read_cookies(cookie_header).get(COOKIE_NAME))


def chosen_cache_control(shared: str) -> str:
    """The Cache-Control of a page for a visitor who chose, from the one of the page
    everyone shares: private, without a lifetime for shared caches. nginx sends the same
    value with the export's variants of a choice (motorlab.deploy_config)."""
    control = parse_cache_control_header(shared, cls=ResponseCacheControl)
    control.public = False
    control.private = True
    control.s_maxage = None
    return control.to_header()


def cache_by_the_choice(response):
    """Pages differ by the choice: every cache is told (`Vary: Cookie`), and the answer to a
    visitor who chose is `private`. A shared cache that honours Vary keys on the whole Cookie
    header (unique per visitor once analytics sets its own cookies: a shared copy is worth
    nothing); one that ignores Vary can then hold only the page of a visitor who has not
    chosen, and never hands the analytics tags to a visitor who did not accept them."""
    if not enabled() or response.mimetype != "text/html":
        return response
    response.vary.add("Cookie")
    if current_choice() and response.cache_control.public:
        response.headers["Cache-Control"] = chosen_cache_control(response.headers["Cache-Control"])
    return response
