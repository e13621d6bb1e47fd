"""Adding French as the README tells a translator, in a copy of the project: refused until
translated, then everywhere, and nginx sends a French browser's first visit to /fr."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from motorlab.deploy import nginx_config
from motorlab.i18n import COOKIE_NAME, read_languages
from tests.support.app import ROOT, SITE
from tests.support.clients import get
from tests.support.processes import free_port, start_nginx
from tests.support.project_copy import (
    catalog,
    compile_catalog,
    copy_project,
    extract_messages,
    pybabel,
    translate_marked,
)

FRENCH = """
[[language]]
code = "fr"
prefix = "/fr"
name = "Français"
og_locale = "fr_FR"
"""

# Run in the copy, in a fresh interpreter: the copy's motorlab, the copy's declaration; once
# the app starts, `make export` into argv[3].
PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from motorlab import create_app
from motorlab.build.export import export
from motorlab.deploy import nginx_config
from motorlab.config import TestConfig
from motorlab.i18n import IncompleteCatalog
from motorlab.pages.registry import public_paths
try:
    app = create_app(TestConfig())
except IncompleteCatalog as refused:
    print(json.dumps({"refused": str(refused)}))
    raise SystemExit(0)
client = app.test_client()
client.set_cookie("i18n_redirected", "fr")
pages = {p: client.get(p) for p in ("/fr", "/fr/services", "/en/services", "/fr/nothing-here")}
print(json.dumps({
    "status": {p: r.status_code for p, r in pages.items()},
    "html": {p: r.get_data(as_text=True) for p, r in pages.items()},
    "sitemap": client.get("/sitemap.xml").get_data(as_text=True),
    "paths": public_paths(app),
    "nginx": nginx_config.render(listen="80", root=sys.argv[2], app="127.0.0.1:8000",
                                  runtime=sys.argv[2]),
}))
export(create_app(TestConfig()), sys.argv[3])
"""


def probe(copy, site) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(copy / "site"), str(copy / "run"), str(site)],
        cwd=copy,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


def build(copy) -> None:
    """`make setup`'s pictures rule in the copy, with the project's installs and stamps (their
    times kept): only what the steps above changed makes it draw again."""
    for name in ("Makefile", "requirements.lock", "pyproject.toml", "package.json",
                 "package-lock.json", ".setup-stamps"):  # fmt: skip
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy2)(ROOT / name, copy / name)
    for part in ("node_modules", ".venv"):
        (copy / part).symlink_to(ROOT / part)
    subprocess.run(
        ["make", ".setup-stamps/pictures"],
        cwd=copy,
        env={**os.environ, "PYTHONPATH": str(copy / "site")},
        capture_output=True,
        check=True,
    )


@pytest.mark.system
def test_a_third_language_appears_everywhere_from_its_declaration(
    tmp_path, monkeypatch, session_dir
):
    copy = copy_project(tmp_path, "site", "templates", "translations", "deploy")
    site = session_dir / "french" / "site"  # the export: nginx's workers read it, not tmp_path

    # Step 1: declare the language.
    declaration = copy / "translations" / "languages.toml"
    declaration.write_text(declaration.read_text() + FRENCH, encoding="utf-8")
    # Step 2: extract the messages and create the French catalog.
    extract_messages(copy)
    pybabel(copy, "init", "-i", "translations/messages.pot", "-d", "translations", "-l", "fr")
    compile_catalog(catalog(copy / "translations", "fr"))

    # Untranslated, it is refused at start-up, with what to do.
    refused = probe(copy, site)["refused"]
    assert "fr (Français)" in refused and "untranslated" in refused and "0 % done" in refused

    # Step 3: translate (here: a marked copy of each English text, placeholders kept).
    translate_marked(copy, "fr")
    # `make setup` then draws the drawings with words in French too (here: its pictures rule).
    build(copy)
    assert (copy / "site/motorlab/static/img/projects/kuzu.fr.svg").is_file()

    result = probe(copy, site)
    assert set(result["status"].values()) == {200, 404}
    assert result["status"]["/fr"] == result["status"]["/fr/services"] == 200
    assert result["status"]["/fr/nothing-here"] == 404
    home = result["html"]["/fr"]
    assert '<html lang="fr"' in home and "[fr] All rights reserved" in home
    assert 'content="fr_FR"' in home  # og:locale
    assert '<html lang="fr"' in result["html"]["/fr/nothing-here"]  # the 404 in French
    for page in ("/fr/services", "/en/services"):
        html = result["html"][page]
        assert f'hreflang="fr" href="{SITE}/fr/services"' in html
        assert f'hreflang="es" href="{SITE}/services"' in html
    assert "Français" in result["html"]["/en/services"]  # the switcher offers it
    assert f"<loc>{SITE}/fr/services</loc>" in result["sitemap"]
    assert result["sitemap"].count(f'hreflang="fr" href="{SITE}/fr"/>') == 3
    assert {"/fr", "/fr/services", "/fr/projects/ads"} <= set(result["paths"])  # the export's
    assert "location ^~ /fr/ {" in result["nginx"] and "location = /fr/contact" in result["nginx"]

    # Step 4: serve the export, with the config the copy renders (from its declaration and the
    # same templates) but for the port and folders start_nginx picks.
    monkeypatch.setattr(nginx_config, "LANGUAGES", read_languages(declaration))
    run = str(copy / "run")
    same = nginx_config.render(listen="80", root=run, app="127.0.0.1:8000", runtime=run)
    assert result["nginx"].replace(str(copy / "deploy"), str(ROOT / "deploy")) == same
    # No app behind: `/` and /fr are nginx's alone.
    nginx, base = start_nginx(site, f"127.0.0.1:{free_port()}", site.parent)
    try:
        # A first visit from a French browser: the fast path (a bare first tag) and njs.
        for accept in ("fr-FR,fr;q=0.9", "de, fr;q=0.9, en;q=0.5"):
            status, headers, _body = get(base + "/", {"Accept-Language": accept})
            assert status == 302 and headers["Location"] == "/fr", accept
            assert headers["Set-Cookie"].startswith(f"{COOKIE_NAME}=fr;"), headers
        assert get(base + "/", {"Accept-Language": "en-US"})[1]["Location"] == "/en"
        assert get(base + "/", {"Accept-Language": "es-ES"})[0] == 200
        status, _headers, body = get(base + "/fr", {"Accept-Language": "fr-FR"})
        assert status == 200 and b'<html lang="fr"' in body
    finally:
        nginx.stop()
