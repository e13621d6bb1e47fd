"""Facts the site states once: each test fails when a copy comes back where the code keeps
its text."""

from __future__ import annotations

import re
from pathlib import Path

from motorlab import tokens
from tests.support.app import ROOT

PACKAGE = ROOT / "site" / "motorlab"
TEMPLATES = ROOT / "templates"
# Drawings, not code: the pictures draw_pictures.py writes (from the tokens) and the logo,
# which is a drawing of its own (static/img/favicon.svg, inlined by the header as mark.svg).
DRAWINGS = (PACKAGE / "static", TEMPLATES / "components" / "header" / "mark.svg")


def code_files() -> list[Path]:
    found = [
        path
        for folder in (PACKAGE, TEMPLATES, ROOT / "widgets")
        for path in folder.rglob("*")
        if path.suffix in {".py", ".html", ".css", ".js", ".jsx", ".txt", ".svg", ".xml"}
        and "node_modules" not in path.parts
        and not any(path == d or d in path.parents for d in DRAWINGS)
    ]
    assert len(found) > 100  # the walk reached the code
    return sorted(found)


def test_no_palette_colour_outside_the_tokens():
    palette = re.compile(
        "|".join(rf"{re.escape(value)}\b" for value in set(tokens.palette().values())), re.I
    )
    copies = [
        f"{path.relative_to(ROOT)}: {match[0]}"
        for path in code_files()
        if path != tokens.STYLESHEET
        for match in palette.finditer(path.read_text(encoding="utf-8"))
    ]
    assert copies == []
