"""Security headers, and refusal of requests no page could answer."""

from __future__ import annotations

import base64
import hashlib
from urllib.parse import urlsplit

from flask import Flask, abort, request

# The only inline script: marks <html> as "js" before first paint, so CSS for enhanced
# states never shows to a visitor without JavaScript. CSP allows it by hash, which keeps
# cached pages valid (a nonce would change on every response).
JS_FLAG_SCRIPT = "document.documentElement.classList.replace('no-js','js')"
MAX_PATH_LENGTH = 2048


def _script_hash(source: str) -> str:
    digest = hashlib.sha256(source.encode()).digest()
    return "'sha256-" + base64.b64encode(digest).decode() + "'"


def _origin(url: str) -> str:
    """The origin of an absolute http(s) URL, or "" (a relative or empty base is same-origin)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    return f"{parts.scheme}://{parts.netloc}"


def content_security_policy(api_base_url: str = "") -> str:
    """Module scripts, their lazily imported chunks and modulepreload come from 'self'; the
    one inline script is allowed by its hash. The widgets' HTTP client may also reach the
    origin of API_BASE_URL when it is set to another address."""
    connect = " ".join(filter(None, ("'self'", _origin(api_base_url))))
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src 'self' {_script_hash(JS_FLAG_SCRIPT)}",
            "style-src 'self'",
            "img-src 'self' data:",
            "font-src 'self'",
            f"connect-src {connect}",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


def init_app(app: Flask) -> None:
    csp = content_security_policy(app.config.get("API_BASE_URL", ""))
    app.jinja_env.globals["JS_FLAG_SCRIPT"] = JS_FLAG_SCRIPT

    @app.before_request
    def refuse_unreasonable_paths():
        if len(request.path) > MAX_PATH_LENGTH:
            abort(414)

    @app.after_request
    def set_security_headers(response):
        headers = response.headers
        headers.setdefault("Content-Security-Policy", csp)
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
        headers.setdefault("X-Frame-Options", "DENY")
        headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        return response
