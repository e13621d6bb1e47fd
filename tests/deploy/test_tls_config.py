"""deploy/nginx.conf rendered with TLS: without a certificate the config has no TLS line, with
one it only adds; flags that cannot work are refused in words."""

from __future__ import annotations

import difflib
import re

import pytest

from motorlab.deploy import nginx_config
from motorlab.deploy.nginx_config import Tls, render
from tests.support.tls import HTTPS_SETTINGS, SITE


def test_without_a_certificate_the_config_is_unchanged_and_tls_only_adds(tmp_path, monkeypatch):
    """With TLS, the plain config with the site server's `listen` naming the https address,
    and lines added (the port-80 server, the ssl settings), nothing else. Without a
    certificate no TLS line (nor its blank line) is left."""
    for name, value in HTTPS_SETTINGS.items():
        monkeypatch.setenv(name, value)
    common = {"root": tmp_path, "app": "127.0.0.1:8000", "runtime": tmp_path, "analytics_id": ""}
    plain = render(listen="127.0.0.1:8080", **common)
    tls = Tls("/etc/tls/fullchain.pem", "/etc/tls/privkey.pem", "127.0.0.1:8443", "/srv/acme")
    secure = render(listen="127.0.0.1:8080", tls=tls, **common)
    assert render(listen="127.0.0.1:8080", tls=None, **common) == plain
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
    without_webroot = render(listen="80", tls=Tls("/c.pem", "/k.pem"), **common)
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
