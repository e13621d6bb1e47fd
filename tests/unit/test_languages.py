"""Languages are declared once (translations/languages.toml) and everything reads that; an
unfinished catalog stops start-up, unless a setting says to serve it anyway."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from motorlab import create_app, i18n
from motorlab.deploy import nginx_config
from motorlab.i18n import LANGUAGES, IncompleteCatalog, read_languages
from tests.support.app import ROOT, config_with, returning_visitor
from tests.support.project_copy import catalog, compile_catalog

TOML = """
[[language]]
code = "es"
prefix = ""
name = "Español"
og_locale = "es_ES"

[[language]]
code = "{code}"
prefix = "{prefix}"
name = "X"
og_locale = "{og}"
"""


def declare(tmp_path, code="fr", prefix="/fr", og="fr_FR") -> Path:
    path = tmp_path / "languages.toml"
    path.write_text(TOML.format(code=code, prefix=prefix, og=og), encoding="utf-8")
    return path


def test_the_declaration_gives_every_derived_table():
    assert [language.code for language in LANGUAGES] == list(i18n.LOCALES)
    assert i18n.DEFAULT_LOCALE == "es" and i18n.PREFIXES["es"] == ""
    for language in LANGUAGES:
        assert i18n.PREFIXES[language.code] == language.prefix
        assert i18n.OG_LOCALES[language.code] == language.og_locale
        assert i18n.LANGUAGE_NAMES[language.code] == language.name
    assert config_with().BABEL_DEFAULT_LOCALE == i18n.DEFAULT_LOCALE


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"prefix": ""}, "exactly one language"),
        ({"prefix": "/francais"}, "the prefix must be /fr"),
        ({"og": "french"}, "og_locale"),
        ({"code": "es", "prefix": "/es"}, "declared twice"),
    ],
)
def test_a_wrong_declaration_is_refused_with_its_reason(tmp_path, values, message):
    with pytest.raises(ValueError, match=message):
        read_languages(declare(tmp_path, **values))


def test_nginx_template_names_no_language_by_hand():
    """/en locations come from the declaration (`{% for language in languages %}`), never
    typed in."""
    template = nginx_config.TEMPLATE.read_text()
    code = [line for line in template.splitlines() if not line.strip().startswith("#")]
    for language in LANGUAGES:
        if language.prefix:
            named = [line for line in code if f"{language.prefix}/" in line]
            assert named == [], named


@pytest.mark.skipif(not Path("/usr/sbin/nginx").exists(), reason="needs Debian's nginx")
def test_a_config_rendered_for_three_languages_passes_nginx_t(tmp_path, monkeypatch):
    three = (*LANGUAGES, i18n.Language("fr", "/fr", "Français", "fr_FR"))
    monkeypatch.setattr(nginx_config, "LANGUAGES", three)
    runtime = tmp_path / "run"
    runtime.mkdir()
    rendered = nginx_config.render(
        listen="127.0.0.1:1", root=tmp_path, app="127.0.0.1:2", runtime=runtime
    )
    assert "location ^~ /fr/ {" in rendered and '"~^/fr(/|$)" "/fr";' in rendered  # error pages
    assert "location = /fr/contact" in rendered and "location ^~ /en/ {" in rendered
    # `/`: a first visit in French gets its cookie and is sent to /fr, fast path or njs.
    assert '"fr" "i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax";' in rendered
    assert '"fr" "/fr";' in rendered and '"en" "/en";' in rendered
    assert '"~*^:[ \\t]*fr([-_][a-z0-9*_-]*)?[ \\t]*(,|$)" "fr";' in rendered
    [module] = runtime.glob("root_language-*.js")
    assert 'var LOCALES = "es en fr".split(" ");' in module.read_text()
    assert f"js_import root_language from {module};" in rendered
    conf = tmp_path / "nginx.conf"
    conf.write_text(rendered)
    result = subprocess.run(
        ["/usr/sbin/nginx", "-t", "-c", str(conf), "-e", str(runtime / "e")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


@pytest.fixture
def catalogs(tmp_path):
    """A copy of the catalogs whose Spanish one lacks a translation, compiled."""
    directory = tmp_path / "translations"
    shutil.copytree(ROOT / "translations", directory)
    po = catalog(directory)
    text = po.read_text(encoding="utf-8")
    po.write_text(
        text.replace('msgstr "Todos los derechos reservados"', 'msgstr ""'), encoding="utf-8"
    )
    compile_catalog(po)
    return directory


def refusal(catalogs) -> str:
    with pytest.raises(IncompleteCatalog) as refused:
        create_app(config_with(BABEL_TRANSLATION_DIRECTORIES=str(catalogs)))
    return str(refused.value)


def test_an_incomplete_stale_uncompiled_or_missing_catalog_stops_start_up(catalogs):
    message = refusal(catalogs)
    assert "es (Español)" in message and "1 untranslated and 0 fuzzy" in message
    assert "INCOMPLETE_LANGUAGES" in message
    # Translated since it was compiled: its .mo would serve the translations of before.
    po = catalogs / "es" / "LC_MESSAGES" / "messages.po"
    translated = 'msgid "All rights reserved"\nmsgstr "Todos los derechos reservados"'
    text = po.read_text(encoding="utf-8").replace(
        translated.split("msgstr")[0] + 'msgstr ""', translated
    )
    po.write_text(text, encoding="utf-8")
    mo = po.with_suffix(".mo")
    os.utime(mo, ns=(mo.stat().st_atime_ns, po.stat().st_mtime_ns - 1))
    assert f"{mo} is older than messages.po: compile it (make setup" in refusal(catalogs)
    mo.unlink()
    assert "not compiled" in refusal(catalogs)
    shutil.rmtree(catalogs / "es")
    assert "does not exist" in refusal(catalogs)


def test_a_setting_serves_an_incomplete_language_anyway(catalogs, caplog):
    app = create_app(
        config_with(BABEL_TRANSLATION_DIRECTORIES=str(catalogs), INCOMPLETE_LANGUAGES=["es"])
    )
    assert returning_visitor(app).get("/").status_code == 200
    assert "Serving es although" in caplog.text
