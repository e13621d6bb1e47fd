"""The visitor's remembered language: a first-party, Lax cookie for the whole site, Secure
over https (the consent_banner widget writes its own with the same attributes)."""

from __future__ import annotations

from collections.abc import Mapping

from werkzeug.http import dump_cookie


def cookie_header(config: Mapping, name: str, value: str, max_age: int) -> str:
    """The `Set-Cookie` value for a remembered choice, wherever it is made (deploy/nginx.conf
    too). `Max-Age` alone, no `Expires`: the header is a constant nginx can send."""
    return dump_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        samesite="Lax",
        secure=config.get("SESSION_COOKIE_SECURE", False),
        sync_expires=False,
    )
