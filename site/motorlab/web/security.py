"""Security headers, and refusal of requests no page could answer.

One set of headers for every answer (pages, error pages, static files), and the same set in
deploy/nginx.conf for the exported files (`deploy_config` fills it from `headers()`):
a hash-based Content-Security-Policy (it keeps cached and exported pages valid, where a
nonce would change on every response), HSTS when SITE_URL is https, and
`Cross-Origin-Opener-Policy: same-origin`. Only the policy differs between answers: a page's
by the stylesheets only some pages inline (assets.stylesheet_keys), an answer's naming the
ones its page holds, nginx's every one the build and the export hold; every answer that is
no HTML page (pictures, the typeface, scripts, the manifest, the sitemap) gets FILE_POLICY.
With ANALYTICS_ID set a page's policy also names the analytics origins, on every page: the
consent_banner widget loads gtag right after "accept", on the page the visitor is on
(motorlab.rendering.analytics).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, request

from motorlab.rendering import analytics, assets
from motorlab.rendering.assets import InlineBlock

MAX_PATH_LENGTH = 2048
HSTS = "max-age=63072000; includeSubDomains"
# The policy of every answer that is no HTML page: such a file, opened on its own (a drawing,
# the sitemap), runs and loads nothing, and a page's policy says nothing about it. A tenth of
# a page policy's 650 bytes, which HTTP/2 from nginx (no header table for answers) sends in
# full with each of a first visit's files.
FILE_POLICY = "default-src 'none'; frame-ancestors 'none'"


def serialized_origin(url: str) -> str:
    """The origin of an absolute http(s) URL, or "" (a relative or empty base is same-origin)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    return f"{parts.scheme}://{parts.netloc}"


def content_security_policy(
    config: Mapping, kept: Iterable[InlineBlock] = (), stylesheets: Iterable[str] = ("site.css",)
) -> str:
    """The policy for SITE_URL and API_BASE_URL; with ANALYTICS_ID, the analytics origins too.
    Module scripts, their lazily imported chunks and modulepreloads come from 'self'; the one
    inline script and the inline `stylesheets` (the build's, for the app mounted at
    SCRIPT_NAME: assets.boot_script, assets.stylesheet; the keys of assets.stylesheet_keys the
    answer's page inlines, each hash 54 bytes of its first round trip) are allowed by their
    hashes (a nonce would change on every response, and cached pages would break), and so is
    each of the `kept` blocks (nginx's policy: the blocks of the pages a release keeps from
    the one before, so that neither release's pages lose their styles or scripts while nginx
    switches). The widgets' HTTP client may post to and fetch from API_BASE_URL's origin when
    it is another address."""
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
    """Every security header of an answer, the same for every visitor (`kept` and
    `stylesheets`: see content_security_policy)."""
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
    # Worked out once per set of inline stylesheets: the headers depend on the configuration
    # and on which of them the page holds only.
    page = headers(app.config)
    app.extensions["security_headers"] = {("site.css",): page}
    # Every answer that is no page: the same headers, its policy FILE_POLICY.
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
