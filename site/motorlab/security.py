"""Security headers, and refusal of requests no page could answer."""

from __future__ import annotations

import base64
import hashlib

from flask import Flask, abort, request

# The only inline script: marks <html> as "js" before first paint, so CSS for enhanced
# states never shows to a visitor without JavaScript. CSP allows it by hash, which keeps
# cached pages valid (a nonce would change on every response).
JS_FLAG_SCRIPT = "document.documentElement.classList.replace('no-js','js')"
MAX_PATH_LENGTH = 2048


def _script_hash(source: str) -> str:
    digest = hashlib.sha256(source.encode()).digest()
    return "'sha256-" + base64.b64encode(digest).decode() + "'"


def content_security_policy() -> str:
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src 'self' {_script_hash(JS_FLAG_SCRIPT)}",
            "style-src 'self'",
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


def init_app(app: Flask) -> None:
    csp = content_security_policy()
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
