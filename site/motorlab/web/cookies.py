"""The visitor's remembered language: a first-party cookie for the whole site, sent on
top-level navigations from elsewhere (Lax), Secure over https. (The analytics choice is the
browser's: the consent_banner widget writes its cookie with the same attributes.)"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Response, current_app
from werkzeug.http import dump_cookie


def remember(response: Response, name: str, value: str, max_age: int) -> Response:
    response.headers.add("Set-Cookie", cookie_header(current_app.config, name, value, max_age))
    return response


def cookie_header(config: Mapping, name: str, value: str, max_age: int) -> str:
    """The `Set-Cookie` value for a remembered choice, the same wherever it is made (a view,
    the page cache adding it to a stored page on the way out, deploy/nginx.conf for `/`).
    The lifetime is `Max-Age` alone (every browser in use reads it): no `Expires` date, so
    the header is the same at every moment and nginx can send it as a constant."""
    return dump_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        samesite="Lax",
        secure=config.get("SESSION_COOKIE_SECURE", False),
        sync_expires=False,
    )
