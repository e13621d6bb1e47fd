"""Security headers, the same for every answer and in deploy/nginx.conf, and refusal of paths no
page could have. The CSP is hash-based: a nonce would break cached and exported pages."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, request

from motorlab.rendering import analytics, assets
from motorlab.rendering.assets import InlineBlock

MAX_PATH_LENGTH = 2048
HSTS = "max-age=63072000; includeSubDomains"
# A file opened on its own (a drawing, the sitemap) runs and loads nothing; a tenth of a page
# policy's 650 bytes, which nginx's HTTP/2 sends in full with each file.
FILE_POLICY = "default-src 'none'; frame-ancestors 'none'"


def serialized_origin(url: str) -> str:
    """The origin of an absolute http(s) URL, or "" (a relative base is same-origin)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    return f"{parts.scheme}://{parts.netloc}"


def content_security_policy(
    config: Mapping, kept: Iterable[InlineBlock] = (), stylesheets: Iterable[str] = ("site.css",)
) -> str:
    """The policy for SITE_URL and API_BASE_URL (the widgets may post there), with ANALYTICS_ID
    the analytics origins. Scripts come from 'self'; the inline boot script, the page's inline
    `stylesheets` and the `kept` blocks (nginx's: the previous release's pages) by hash."""
    extra = analytics.CSP_SOURCES if config.get("ANALYTICS_ID") else {}
    form_action = connect = "'self'"
    api = serialized_origin(config.get("API_BASE_URL", ""))
    if api and api != serialized_origin(config["SITE_URL"]):
        form_action += f" {api}"
        connect += f" {api}"
    script_name = config.get("SCRIPT_NAME", "")
    blocks = (
        assets.boot_script(script_name=script_name),
        *(assets.stylesheet(script_name=script_name, key=key) for key in stylesheets),
    )
    sources = {"script": [], "style": []}
    for block in (*blocks, *kept):
        sources[block.tag].append(block.csp_source)
    scripts, styles = (" ".join(dict.fromkeys(sources[tag])) for tag in ("script", "style"))
    directives = {
        "default-src": "'self'",
        "script-src": f"'self' {scripts}",
        # 'self' too: a page cached before a new build still links the stylesheet file.
        "style-src": f"'self' {styles}",
        "img-src": "'self' data:",
        "font-src": "'self'",
        "connect-src": connect,
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": form_action,
        "frame-ancestors": "'none'",
    }
    return "; ".join(
        f"{name} {value} {extra[name]}" if name in extra else f"{name} {value}"
        for name, value in directives.items()
    )


def headers(
    config: Mapping, kept: Iterable[InlineBlock] = (), stylesheets: Iterable[str] = ("site.css",)
) -> dict[str, str]:
    """Every security header of an answer, the same for every visitor."""
    values = {
        "Content-Security-Policy": content_security_policy(config, kept, stylesheets),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "DENY",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
        "Cross-Origin-Opener-Policy": "same-origin",
    }
    if config["SITE_URL"].startswith("https://"):
        values["Strict-Transport-Security"] = HSTS
    return values


def init_app(app: Flask) -> None:
    page = headers(app.config)
    app.extensions["security_headers"] = {("site.css",): page}
    app.extensions["file_security_headers"] = {**page, "Content-Security-Policy": FILE_POLICY}


def refuse_unreasonable_paths():
    if len(request.path) > MAX_PATH_LENGTH:
        abort(414)


def set_security_headers(response):
    if response.mimetype != "text/html":
        values = current_app.extensions["file_security_headers"]
    elif current_app.debug:  # `npm run watch` may rebuild the stylesheet, and its hash with it
        values = headers(current_app.config, stylesheets=assets.stylesheets_inlined())
    else:
        inlined = assets.stylesheets_inlined()
        known = current_app.extensions["security_headers"]
        if (values := known.get(inlined)) is None:
            values = known[inlined] = headers(current_app.config, stylesheets=inlined)
    for name, value in values.items():
        response.headers.setdefault(name, value)
    return response
