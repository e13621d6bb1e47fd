"""A copy of the project to change as a developer or a translator would, and pybabel run in it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from tests.support import ROOT

PYBABEL = Path(sys.executable).parent / "pybabel"


def copy_project(folder: Path, *parts: str, files: tuple[str, ...] = ("babel.cfg",)) -> Path:
    """The project's folders `parts` and `files` copied to folder/project (no caches, no .pot)."""
    copy = folder / "project"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pot")
    for part in parts:
        shutil.copytree(ROOT / part, copy / part, ignore=ignore)
    for name in files:
        shutil.copy(ROOT / name, copy)
    return copy


def pybabel(copy: Path, *args) -> str:
    """`pybabel ARGS` run in `copy`: what it said."""
    result = subprocess.run([PYBABEL, *args], cwd=copy, capture_output=True, text=True, check=True)
    return result.stdout + result.stderr


def catalog(translations: Path, locale: str = "es") -> Path:
    """The .po of `locale` in a translations folder."""
    return translations / locale / "LC_MESSAGES" / "messages.po"


def extract_messages(copy: Path) -> None:
    """translations/messages.pot of `copy`, extracted as `make messages` extracts it."""
    pybabel(copy, "extract", "-F", "babel.cfg", "--omit-header", "--sort-by-file",
            "--add-location=file", "--add-comments=TRANSLATORS:",
            "-k", "_l", "-k", "lazy_pgettext:1c,2",
            "-o", "translations/messages.pot", "site", "templates")  # fmt: skip


def compile_catalog(po: Path) -> None:
    """The .mo beside `po`, as `make setup` compiles it."""
    pybabel(po.parent, "compile", "-i", str(po), "-o", str(po.with_suffix(".mo")))


def translate_marked(copy: Path, locale: str) -> Path:
    """Every untranslated message of `locale`'s catalog in `copy` given a marked copy of its
    English text (`[fr] Services`, placeholders kept), compiled: a translator's work done."""
    po = catalog(copy / "translations", locale)
    with open(po, "rb") as handle:
        messages = read_po(handle)
    for message in messages:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and not any(strings):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            marked = tuple(f"[{locale}] {text}" for text in ids)
            message.string = marked if isinstance(message.id, tuple) else marked[0]
    with open(po, "wb") as handle:
        write_po(handle, messages)
    compile_catalog(po)
    return po
