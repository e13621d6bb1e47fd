"""The Spanish catalog is complete and current: extraction from today's code must not add
a single untranslated or fuzzy entry (a stale catalog fails here)."""

import shutil
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PYBABEL = str(Path(sys.executable).with_name("pybabel"))


def run(*args):
    subprocess.run([PYBABEL, *args], cwd=ROOT, check=True, capture_output=True)


def test_spanish_catalog_is_complete_after_extract_and_update(tmp_path):
    pot = tmp_path / "messages.pot"
    catalog_dir = tmp_path / "translations"
    shutil.copytree(
        ROOT / "translations", catalog_dir, ignore=shutil.ignore_patterns("*.mo", "*.pot")
    )
    # The same commands as `make messages`.
    run(
        "extract",
        "-F",
        "babel.cfg",
        "--omit-header",
        "--no-location",
        "--sort-output",
        "--add-comments=TRANSLATORS:",
        "-k",
        "_l",
        "-o",
        str(pot),
        "site",
        "templates",
    )
    run(
        "update", "--no-fuzzy-matching", "--ignore-obsolete", "-i", str(pot), "-d", str(catalog_dir)
    )

    with open(catalog_dir / "es" / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle)
    messages = [m for m in catalog if m.id]
    assert len(messages) > 50
    untranslated = [m.id for m in messages if not m.string]
    fuzzy = [m.id for m in messages if m.fuzzy]
    assert untranslated == []
    assert fuzzy == []


def test_compiled_catalog_is_used(client):
    body = client.get("/").get_data(as_text=True)
    assert "Todos los derechos reservados" in body
