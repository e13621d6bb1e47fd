"""Which representation a request asks for: scripts send `Accept: application/json`."""

from __future__ import annotations

from flask import request


def wants_json() -> bool:
    best = request.accept_mimetypes.best_match(("text/html", "application/json"))
    return best == "application/json"
