"""The catalogs are complete and as `make messages` writes them (which keeps what translators
did and changes nothing on an unchanged tree); every translation keeps its placeholders."""

import re
import shutil
import subprocess

import pytest
from babel.messages.pofile import read_po

from tests.support.app import ROOT

CATALOGS = sorted((ROOT / "translations").glob("*/LC_MESSAGES/messages.po"))
# printf style, as gettext(…, name=…) and WTForms fill them: %(name)s, %(max)d; and the
# brace style the widgets fill ({n}, {total}).
PRINTF = re.compile(r"%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|%%")
BRACE = re.compile(r"\{\w*\}")


def read_catalog(path):
    with open(path, "rb") as handle:
        return read_po(handle)


def run_make_messages(catalog_dir) -> str:
    """`make messages` itself, pointed at a copy of the catalogs."""
    return subprocess.run(
        ["make", "-s", "messages", f"TRANSLATIONS={catalog_dir}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


@pytest.fixture
def catalog_copy(tmp_path):
    catalog_dir = tmp_path / "translations"
    shutil.copytree(
        ROOT / "translations", catalog_dir, ignore=shutil.ignore_patterns("*.mo", "*.pot")
    )
    return catalog_dir


@pytest.mark.build
def test_the_catalog_is_complete_as_make_messages_writes_it_and_keeps_a_reworded_translation(
    catalog_copy,
):
    """A reworded message keeps its old translation as a fuzzy suggestion for the translator
    to check; a removed one stays as obsolete; a second run changes nothing."""
    run_make_messages(catalog_copy)
    po = catalog_copy / "es" / "LC_MESSAGES" / "messages.po"
    messages = [m for m in read_catalog(po) if m.id]
    assert len(messages) > 50
    assert [m.id for m in messages if not m.string] == [], "untranslated"
    assert [m.id for m in messages if m.fuzzy] == [], "fuzzy"
    # Translators see where each message is used, and notes where it could be read two ways.
    assert all(m.locations for m in messages)
    assert any(comment.startswith("TRANSLATORS:") for m in messages for comment in m.auto_comments)
    committed = (ROOT / "translations" / "es" / "LC_MESSAGES" / "messages.po").read_bytes()
    assert po.read_bytes() == committed, "the catalog is not as `make messages` writes it: run it"
    # As if the code had said "Mobile developers" and been reworded since: the catalog holds
    # the old id, the code the new one.
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgid "Mobile developer"\n', 'msgid "Mobile developers"\n')
    text += '\nmsgid "A sentence the code no longer has"\nmsgstr "Una frase que ya no está"\n'
    po.write_text(text, encoding="utf-8")
    run_make_messages(catalog_copy)
    catalog = read_catalog(po)
    reworded = catalog.get("Mobile developer")
    assert reworded.fuzzy and reworded.string == "Desarrollador móvil"
    assert "A sentence the code no longer has" in catalog.obsolete
    written = po.read_text(encoding="utf-8")
    assert '#, fuzzy\nmsgid "Mobile developer"\nmsgstr "Desarrollador móvil"' in written
    assert '#~ msgstr "Una frase que ya no está"' in written
    run_make_messages(catalog_copy)
    assert po.read_text(encoding="utf-8") == written, "a second run changes nothing"


def placeholder_mismatches(catalog) -> list[str]:
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        for pattern in (PRINTF, BRACE):
            wanted = set().union(*(pattern.findall(text) for text in ids))
            for string in filter(None, strings):
                found = sorted(pattern.findall(string))
                # A plural form may leave out the number (“una vez”), never add a name.
                if len(ids) > 1 and set(found) <= wanted:
                    continue
                if found != sorted(pattern.findall(ids[0])):
                    problems.append(f"{ids[0]!r}: {string!r} has {found}")
    return problems


@pytest.mark.parametrize("po", CATALOGS, ids=lambda path: path.parts[-3])
def test_every_translation_keeps_the_placeholders_of_its_id(po):
    assert placeholder_mismatches(read_catalog(po)) == []


def test_a_wrong_placeholder_is_found_in_either_style(tmp_path):
    po = tmp_path / "messages.po"
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "{n} of {total}"\nmsgstr "{n} de {totales}"\n\n'
        '#, python-format\nmsgid "Portrait of %(name)s"\nmsgstr "Retrato de %(nombre)s"\n\n'
        '#, python-format\nmsgid "Up to %(max)s"\nmsgstr "Hasta %(max)s y %(max)s"\n\n'
        'msgid "Fine {n}"\nmsgstr "Bien {n}"\n',
        encoding="utf-8",
    )
    problems = placeholder_mismatches(read_catalog(po))
    assert [problem.split(":")[0] for problem in problems] == [
        "'{n} of {total}'",
        "'Portrait of %(name)s'",
        "'Up to %(max)s'",
    ]
