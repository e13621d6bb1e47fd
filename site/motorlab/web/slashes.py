"""One address per page: a path with a trailing slash (`/services/`, `/en/services/`) or
repeated slashes (`//en/test`) answers `308` to the path without them, query kept, before any
route runs, so such a request is never rendered. `/en/` -> `/en` is the same rule.
deploy/nginx.conf does the same for the files it serves itself.
"""

from __future__ import annotations

from urllib.parse import quote

from flask import Response, current_app, redirect, request

from motorlab.web.hosts import host_is_trusted

# Characters a path keeps as they are (RFC 3986 pchar and "/"), so an encoded one stays encoded.
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
    # A relative Location: never built from the Host header.
    return redirect(location + ("?" + query if query else ""), code=308)
