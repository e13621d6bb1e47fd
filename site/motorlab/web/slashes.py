"""One address per page: a trailing or repeated slash answers 308 to the path without them,
query kept, before any route runs (deploy/nginx.conf does the same for its files)."""

from __future__ import annotations

from urllib.parse import quote

from flask import Response, current_app, redirect, request

from motorlab.web.hosts import host_is_trusted

# RFC 3986 pchar and "/": an encoded character stays encoded.
PATH_SAFE = "/:@!$&'()*+,;=-._~%"


def canonical_path(path: str) -> str:
    """`/en//services/` -> `/en/services`; `/` and `//` -> `/`."""
    return "/" + "/".join(segment for segment in path.split("/") if segment)


def redirect_to_canonical() -> Response | None:
    path = request.environ.get("PATH_INFO") or "/"
    canonical = canonical_path(path)
    if canonical == path or not host_is_trusted(
        request.environ, current_app.config["TRUSTED_HOSTS"]
    ):
        return None  # an unknown host gets the 400 page, never a Location
    location = quote(canonical.encode("latin-1", "replace"), safe=PATH_SAFE)
    query = request.query_string.decode("latin-1")
    return redirect(location + ("?" + query if query else ""), code=308)
