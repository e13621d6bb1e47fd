"""Page layouts: a view names its own with `@uses_layout(...)`; an unknown name fails when the
app starts, not at the first request."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from flask import Flask, g

LAYOUTS = {
    "mainPage": "layouts/main_page.html",
    "guideline": "layouts/guideline.html",
    "default": "layouts/default.html",
}


class UnknownLayoutError(LookupError):
    """Raised at start-up when a view asks for a layout that does not exist."""


def uses_layout(name: str) -> Callable[[Callable], Callable]:
    if name not in LAYOUTS:
        known = ", ".join(sorted(LAYOUTS))
        raise UnknownLayoutError(f"Unknown layout {name!r}; known layouts: {known}")

    def decorator(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(*args, **kwargs):
            g.layout = name
            return view(*args, **kwargs)

        return wrapper

    return decorator


def init_app(app: Flask) -> None:
    # Compile every layout once at start-up: a broken layout fails here, not on a visit.
    for template in LAYOUTS.values():
        app.jinja_env.get_template(template)


def layout_context() -> dict:
    """The template the page extends (`{% extends layout %}`)."""
    name = g.get("layout", "default")
    return {"layout": LAYOUTS[name], "layout_name": name}
