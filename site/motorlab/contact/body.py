"""The raw form body, read before anything parses it: a body that is not valid UTF-8 would
otherwise be parsed as an empty form (every field, and the CSRF token, lost)."""

from __future__ import annotations

from urllib.parse import parse_qsl

from flask import request
from werkzeug.datastructures import MultiDict


def undecodable_form() -> MultiDict | None:
    """For a url-encoded body that is not UTF-8: its fields, decoded with U+FFFD in place of
    what cannot be read. None when the body is fine (or not url-encoded)."""
    if request.mimetype != "application/x-www-form-urlencoded":
        return None
    raw = request.get_data(cache=True)  # the form parser reads the cached copy later
    try:
        parse_qsl(raw.decode("utf-8"), keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        text = raw.decode("utf-8", errors="replace")
        return MultiDict(parse_qsl(text, keep_blank_values=True, errors="replace"))
    return None
