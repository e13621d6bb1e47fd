"""Facts the site states once: each test fails when a copy comes back."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from motorlab.identity import AGENCY
from motorlab.images.resize import WIDTHS
from motorlab.rendering import tokens
from motorlab.rendering.widget_props import CAROUSEL_INTERVAL, carousel_props
from tests.support.app import ROOT

PACKAGE = ROOT / "site" / "motorlab"
TEMPLATES = ROOT / "templates"
IDENTITY = PACKAGE / "identity.py"
# Drawings, not code: the pictures motorlab.build writes from the tokens, and the logo.
DRAWINGS = (PACKAGE / "static",)
GETTEXT = {"_", "_l", "gettext", "lazy_gettext", "ngettext", "lazy_pgettext"}


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


def untranslated_python_text(path: Path) -> list[str]:
    """A module's string and number constants but docstrings and gettext messages."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in GETTEXT and node.args:
            skipped.add(id(node.args[0]))
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))  # a docstring
    return [
        str(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str | int)
        and id(node) not in skipped
    ]


def untranslated_template_text(path: Path) -> str:
    """A template's text without its comments and its gettext calls' messages."""
    text = re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return re.sub(r"""\b_\(\s*(["']).*?\1""", "_(", text, flags=re.DOTALL)


def texts_outside_identity() -> list[tuple[Path, str]]:
    found = []
    for path in code_files():
        if path == IDENTITY:
            continue
        if path.suffix == ".py":
            found += [(path, str(text)) for text in untranslated_python_text(path)]
        elif path.suffix == ".html":
            found += [(path, line) for line in untranslated_template_text(path).splitlines()]
    return found


@pytest.mark.parametrize(
    "fact",
    [AGENCY.short_name, AGENCY.abbreviation, str(AGENCY.founding_year)],
    ids=["short name (and the full name)", "abbreviation", "founding year"],
)
def test_the_agency_stands_alone_only_in_its_identity(fact):
    pattern = re.compile(rf"\b{re.escape(fact)}\b")
    copies = [
        f"{path.relative_to(ROOT)}: {text.strip()[:100]!r}"
        for path, text in texts_outside_identity()
        if pattern.search(text)
    ]
    assert copies == []


def test_the_reply_time_is_one_phrase():
    """The sentences that promise an answer name it through %(reply_time)s."""
    phrases = [
        f"{path.relative_to(ROOT)}: {text!r}"
        for path in code_files()
        if path.suffix in {".py", ".html"}
        for text in re.findall(r"[^\"'\n]*working days[^\"'\n]*", path.read_text("utf-8"))
    ]
    assert phrases == ["site/motorlab/content/contact.py: 'within two working days'"]


def test_the_carousel_interval_is_set_in_widget_props_only():
    """No other interval in the widget, the macro or the props' signature."""
    assert carousel_props("Brands", auto_rotate=True)["interval"] == CAROUSEL_INTERVAL
    settings = [
        f"{path.relative_to(ROOT)}: {match}"
        for path in code_files()
        if path.suffix in {".py", ".html", ".js", ".jsx"}
        for match in re.findall(r"\binterval\s*[=:]\s*\w+", path.read_text("utf-8"))
    ]
    assert settings == []


@pytest.mark.shared_app
def test_the_guideline_lists_the_widths_the_image_service_makes(client):
    soup = BeautifulSoup(client.get("/en/guideline").get_data(as_text=True), "html.parser")
    cells = soup.find(id="breakpoints").select("tbody td")
    listed = [int(cell.get_text(strip=True).removesuffix(" px")) for cell in cells]
    assert sorted(set(listed)) == list(WIDTHS)
    assert listed.count(max(WIDTHS)) == 2  # xxl and 2xl, as the spec has them


@pytest.mark.shared_app
@pytest.mark.parametrize("path", ["/services", "/en/no-such-page"])
def test_the_header_and_footer_marks_are_the_logo_file(client, path):
    """The header and the footer inline the logo file (no request): the same drawing."""

    def drawing(svg) -> list[tuple[str, dict]]:
        return [(shape.name, shape.attrs) for shape in svg.find_all(["rect", "path"])]

    logo = BeautifulSoup(
        (PACKAGE / "static" / "img" / "favicon.svg").read_text("utf-8"), "html.parser"
    )
    soup = BeautifulSoup(client.get(path).get_data(as_text=True), "html.parser")
    marks = [soup.select_one(f"{part} svg.c-{part}__mark") for part in ("header", "footer")]
    assert [drawing(mark) for mark in marks] == [drawing(logo.svg)] * 2
    assert len(drawing(logo.svg)) == 2
    assert [mark["aria-hidden"] for mark in marks] == ["true", "true"]
