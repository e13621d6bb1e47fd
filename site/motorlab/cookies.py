"""The visitor's remembered choices (language, analytics consent): first-party cookies for
the whole site, sent on top-level navigations from elsewhere (Lax), Secure over https."""

from __future__ import annotations

from flask import Response, current_app


def remember(response: Response, name: str, value: str, max_age: int) -> Response:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        samesite="Lax",
        secure=current_app.config.get("SESSION_COOKIE_SECURE", False),
    )
    return response
