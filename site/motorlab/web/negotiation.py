"""Which representation a request asks for: scripts send `Accept: application/json`."""

from __future__ import annotations

from flask import request
from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header


def wants_json() -> bool:
    best = request.accept_mimetypes.best_match(("text/html", "application/json"))
    return best == "application/json"


def accepts_explicitly(accept: str | None, media_type: str) -> bool:
    """Whether `accept` names `media_type` itself (no wildcard) with a quality above 0."""
    parsed = parse_accept_header(accept or "", MIMEAccept)
    return any(value.lower() == media_type and quality > 0 for value, quality in parsed)
