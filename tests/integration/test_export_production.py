"""`make export` with a production's settings: SITE_URL's host is the only one trusted (no
EXTRA_HOSTS; the tests' own config also trusts localhost and 127.0.0.1, which hid that the
freezer asked for `localhost`, a host the app refuses)."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from motorlab import create_app
from motorlab.build.export import export, is_page
from motorlab.config import Config

# A whole export or two: with the system tests, out of make test-fast's edit loop.
pytestmark = pytest.mark.system

SITE = "https://www.motorlab.example"


def production_config(monkeypatch, tmp_path) -> Config:
    for name in ("EXTRA_HOSTS", "OUTBOX_URL", "ANALYTICS_ID"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SITE_URL", SITE)
    monkeypatch.setenv("SECRET_KEY", "0" * 64)
    monkeypatch.setenv("OUTBOX_PATH", str(tmp_path / "outbox.sqlite3"))
    config = Config()
    assert config.EXTRA_HOSTS == []
    return config


def test_the_export_trusts_only_the_public_host_and_names_it_in_every_canonical(
    monkeypatch, tmp_path, exported_site
):
    app = create_app(production_config(monkeypatch, tmp_path))
    assert app.config["TRUSTED_HOSTS"] == ["www.motorlab.example"]
    destination = tmp_path / "site"
    urls = export(app, destination)
    assert urls == exported_site[1]  # the tests' export, whose config trusts loopback too
    pages = [url for url in urls if is_page(url)]
    canonicals = []
    for url in pages:
        page = BeautifulSoup(
            (destination / url.lstrip("/") / "index.html").read_text(), "html.parser"
        )
        canonicals.append(page.find("link", rel="canonical")["href"])
    assert canonicals == [SITE + url for url in pages]
