"""deploy/nginx.conf as rendered: every value the app defines comes from the app's constant."""

from __future__ import annotations

import pytest

from motorlab import config, icons
from motorlab.deploy import gunicorn_config, nginx_config
from motorlab.language import detection
from motorlab.rendering import assets
from motorlab.web import http_limits, page_cache, request_body, security
from motorlab.web.security import headers

SETTINGS = {"SITE_URL": "https://www.motorlab.example", "API_BASE_URL": "", "ANALYTICS_ID": ""}


@pytest.fixture
def render(monkeypatch, tmp_path):
    """nginx_config.render for SETTINGS, this machine's folders as @RUNTIME@ and @DEPLOY@."""
    for name, value in SETTINGS.items():
        monkeypatch.setenv(name, value)
    runtime = tmp_path / "run"

    def rendered(root="/srv/motorlab/build/site") -> str:
        conf = nginx_config.render(listen="80", root=root, app="127.0.0.1:8000", runtime=runtime)
        return conf.replace(str(runtime.resolve()), "@RUNTIME@").replace(
            str(nginx_config.DEPLOY), "@DEPLOY@"
        )

    return rendered


def directives(conf: str) -> list[str]:
    """The lines nginx reads: no comment, whole or after `  #`, and no blank line."""
    lines = (line.split("  #", 1)[0].rstrip() for line in conf.splitlines())
    return [line for line in lines if line.strip() and not line.lstrip().startswith("#")]


def test_every_value_the_app_defines_comes_from_the_app(render, monkeypatch):
    """Each constant set to a sentinel: it stands where nginx states it, the old value nowhere."""
    sentinels = {
        (page_cache, "DEFAULT_CACHE_CONTROL"): "sentinel-page",
        (assets, "YEAR_CACHE_CONTROL"): "sentinel-year",
        (assets, "DAY_CACHE_CONTROL"): "sentinel-day",
        (detection, "FIRST_VISIT_CACHE_CONTROL"): "sentinel-first-visit",
        (detection, "ROOT_VARY"): ("Sentinel-Language", "Sentinel-Cookie"),
        (request_body, "MAX_BODY"): 12345,
        (gunicorn_config, "timeout"): 77,
        (http_limits, "REQUEST_LINE"): 4321,
        (http_limits, "HEADER_LINE"): 5432,
        (http_limits, "HEADER_BUFFERS"): 3,
        (http_limits, "FIRST_BUFFER"): 2345,
        (icons, "ROOT_FILES"): (*icons.ROOT_FILES, "/sentinel.root"),
        (icons, "MANIFEST_TYPE"): "sentinel/type",
        (config, "YEAR"): 4242,  # SEND_FILE_MAX_AGE_DEFAULT
        (security, "FILE_POLICY"): "sentinel-file-policy",
    }
    file_policy = security.FILE_POLICY
    for (module, name), value in sentinels.items():
        monkeypatch.setattr(module, name, value)
    app_headers = headers(SETTINGS)
    monkeypatch.setattr(nginx_config, "headers", lambda settings, *_kept, **_stylesheets: {
        name: f"sentinel {name}" for name in headers(settings)
    })  # fmt: skip
    conf = directives(render())
    expected = [
        f"    client_max_body_size {12345 * request_body.PROXY_BODY_FACTOR};",
        f"    client_body_buffer_size {12345 * request_body.PROXY_BODY_FACTOR};",
        "    client_header_buffer_size 2345;",
        "    large_client_header_buffers 3 5432;",
        '        "~^.{4321}." 414;',
        '        "~^:v?:/favicon\\.ico$" "sentinel-day";',
        '        "~^:v?:/apple\\-touch\\-icon\\.png$" "sentinel-day";',
        '        "~^:v?:/manifest\\.webmanifest$" "sentinel-day";',
        '        "~^:v?:/sentinel\\.root$" "sentinel-day";',
        '        "~^:v?:/static/build/" "sentinel-year";',
        '        "~^:v:/static/" "sentinel-year";',
        '        "~^::/static/" "public, max-age=4242";',
        '        "~^:v?:/_img/(share/|logo-)" "sentinel-day";',
        '        "~^:v:/_img/" "sentinel-year";',
        '        "~^::/_img/" "sentinel-day";',
        "        sentinel/type webmanifest;",
        '        "~^:" "sentinel-page";',
        '        ":1" "Sentinel-Language, Sentinel-Cookie, Accept-Encoding";',
        '        default "sentinel-first-visit";',
        f"        proxy_read_timeout {77 - nginx_config.UPSTREAM_MARGIN}s;",
        # A page's policy for the pages, the files' for every other file.
        '        "~^text/html" "sentinel Content-Security-Policy";',
        '        default "sentinel-file-policy";',
        *(
            f'        "" "sentinel {name}";'
            for name in app_headers
            if name != "Content-Security-Policy"
        ),
    ]
    assert [line for line in expected if line not in conf] == []
    typed_before = [
        "max-age=60", "max-age=31536000", "max-age=86400", "private, no-store",
        "Accept-Language, Cookie", "64k;", "25s", "8190", "application/manifest+json",
        *(f'"{v}"' for v in (*app_headers.values(), file_policy)),
    ]  # fmt: skip
    assert [value for value in typed_before if any(value in line for line in conf)] == []


def test_every_security_header_and_the_inline_blocks_the_served_release_keeps(render, tmp_path):
    """A header the app adds to its set reaches the exported files too. Rendered before the
    switch, the policy allows the inline blocks of both releases' pages: its build's
    stylesheets and boot script, and every one under `root` (live and kept)."""
    build = tmp_path / "site" / "static" / assets.BUILD_DIR
    build.mkdir(parents=True)
    (build / "site-LIVE.css").write_text("main{color:red}")
    (build / "site-KEPT.css").write_text("main{color:blue}")
    (build / "boot-LIVE.js").write_text("document.title='live';")
    (build / "boot-KEPT.js").write_text("document.title='kept';")
    conf = render(root=tmp_path / "site")
    added = {line.split()[1] for line in directives(conf) if "add_header" in line}
    assert set(headers(SETTINGS)) <= added
    policy = next(line for line in conf.splitlines() if "style-src" in line)
    static = tmp_path / "site" / "static"
    stylesheets = [assets.stylesheet(key=key) for key in assets.stylesheet_keys()]
    for directive, current, tag in (
        ("style-src", stylesheets, "style"),
        ("script-src", [assets.boot_script()], "script"),
    ):
        sources = next(part for part in policy.split(";") if directive in part).split()
        kept = [b.csp_source for b in assets.inline_blocks_in(static) if b.tag == tag]
        own = [block.csp_source for block in current]
        assert sources[sources.index(directive) + 1 :] == ["'self'", *own, *kept]
        assert len(set(kept)) == 2 and not set(own) & set(kept)
