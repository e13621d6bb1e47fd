"""deploy/nginx.conf as rendered: every value the app defines comes from the app's constant; TLS
only adds lines, and flags that cannot work are refused in words."""

from __future__ import annotations

import difflib
import re

import pytest

from motorlab import config, icons
from motorlab.deploy import gunicorn_config, nginx_config
from motorlab.language import detection
from motorlab.rendering import assets
from motorlab.web import http_limits, page_cache, request_body, security
from motorlab.web.security import headers
from tests.support.tls import SITE

SETTINGS = {"SITE_URL": "https://www.motorlab.example", "API_BASE_URL": "", "ANALYTICS_ID": ""}


@pytest.fixture
def render(monkeypatch, tmp_path):
    """nginx_config.render for SETTINGS, this machine's folders as @RUNTIME@ and @DEPLOY@."""
    for name, value in SETTINGS.items():
        monkeypatch.setenv(name, value)
    runtime = tmp_path / "run"

    def rendered(**options) -> str:
        defaults = {"listen": "80", "root": "/srv/motorlab/build/site", "app": "127.0.0.1:8000"}
        conf = nginx_config.render(**{**defaults, **options}, runtime=runtime)
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


def test_without_a_certificate_the_config_is_unchanged_and_tls_only_adds(render):
    """With TLS, the plain config with the site server's `listen` naming the https address,
    and lines added (the port-80 server, the ssl settings), nothing else. Without a
    certificate no TLS line (nor its blank line) is left."""
    plain = render(listen="127.0.0.1:8080")
    tls = nginx_config.Tls(
        "/etc/tls/fullchain.pem", "/etc/tls/privkey.pem", "127.0.0.1:8443", "/srv/acme"
    )
    secure = render(listen="127.0.0.1:8080", tls=tls)
    assert render(listen="127.0.0.1:8080", tls=None) == plain
    assert not re.search(r"ssl|acme|\$\{[A-Z]|return 301|\n\n\n", plain)
    listen = "        listen 127.0.0.1:8080;\n"
    assert plain.count(listen) == 1
    on_https = plain.replace(listen, "        listen 127.0.0.1:8443 ssl http2;\n")
    changes = difflib.SequenceMatcher(
        a=on_https.splitlines(), b=secure.splitlines(), autojunk=False
    ).get_opcodes()
    assert {tag for tag, *_ in changes} == {"equal", "insert"}
    servers = secure.split("    server {\n")[1:]
    # The plain port's, the site's and the contact hand-off's (unix socket, no TLS).
    assert len(servers) == 3 and listen in servers[0]
    assert "ssl" not in servers[2] and "        listen unix:" in servers[2]
    assert "return 301 https://www.motorlab.example$request_uri;" in servers[0]
    assert "ssl_certificate /etc/tls/fullchain.pem;" in servers[1]
    assert "location ^~ /.well-known/acme-challenge/ {\n            root /srv/acme;" in servers[0]
    without_webroot = render(tls=nginx_config.Tls("/c.pem", "/k.pem"))
    assert "acme-challenge" not in without_webroot
    assert "listen 443 ssl http2;" in without_webroot


@pytest.mark.parametrize(
    ("argv", "site_url", "message"),
    [
        (["--tls-certificate", "c.pem"], SITE, "--tls-certificate needs --tls-key"),
        (["--tls-key", "k.pem"], SITE, "--tls-key needs --tls-certificate"),
        (["--acme-webroot", "/srv/acme"], SITE, "--acme-webroot needs --tls-certificate"),
        (["--https-listen", "8443"], SITE, "--https-listen needs --tls-certificate"),
        (
            ["--tls-certificate", "c.pem", "--tls-key", "k.pem"],
            "http://www.motorlab.example",
            "SITE_URL must be the https address",
        ),
    ],
)
def test_flags_that_cannot_work_are_refused_in_words(
    tmp_path, monkeypatch, capsys, argv, site_url, message
):
    monkeypatch.setenv("SITE_URL", site_url)
    with pytest.raises(SystemExit) as exit_:
        nginx_config.main(["--runtime", str(tmp_path), *argv])
    assert exit_.value.code == 2 and message in capsys.readouterr().err.strip().splitlines()[-1]


def test_certificate_paths_stay_certbots_links(tmp_path, monkeypatch, capsys):
    """Made absolute, never resolved: certbot's live/ files are links that every renewal
    points at new files, so a resolved path would serve the old certificate for ever."""
    live = tmp_path / "live"
    live.mkdir()
    for name in ("fullchain.pem", "privkey.pem"):
        (tmp_path / f"{name}.1").write_text("")
        (live / name).symlink_to(tmp_path / f"{name}.1")
    monkeypatch.setenv("SITE_URL", SITE)
    monkeypatch.chdir(tmp_path)
    argv = ["--runtime", "run", "--tls-certificate", "live/fullchain.pem"]
    assert nginx_config.main([*argv, "--tls-key", "live/privkey.pem"]) == 0
    config = capsys.readouterr().out
    assert f"ssl_certificate {live}/fullchain.pem;" in config
    assert f"ssl_certificate_key {live}/privkey.pem;" in config
