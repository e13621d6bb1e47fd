"""The Spanish catalog is complete and current: extraction from today's code must not add
a single untranslated or fuzzy entry (a stale catalog fails here)."""

import shutil
import subprocess

from babel.messages.pofile import read_po

from tests.conftest import ROOT


def test_spanish_catalog_is_complete_after_extract_and_update(tmp_path):
    catalog_dir = tmp_path / "translations"
    shutil.copytree(
        ROOT / "translations", catalog_dir, ignore=shutil.ignore_patterns("*.mo", "*.pot")
    )
    # `make messages` itself, pointed at the copy.
    subprocess.run(
        ["make", "-s", "messages", f"TRANSLATIONS={catalog_dir}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )

    with open(catalog_dir / "es" / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle)
    messages = [m for m in catalog if m.id]
    assert len(messages) > 50
    untranslated = [m.id for m in messages if not m.string]
    fuzzy = [m.id for m in messages if m.fuzzy]
    assert untranslated == []
    assert fuzzy == []
    # Translators see where each message is used, and notes where it could be read two ways.
    assert all(m.locations for m in messages)
    assert any(comment.startswith("TRANSLATORS:") for m in messages for comment in m.auto_comments)


def test_compiled_catalog_is_used(client):
    body = client.get("/").get_data(as_text=True)
    assert "Todos los derechos reservados" in body
