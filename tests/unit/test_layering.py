"""Content is data that pages and blueprints read: it never reaches up into a blueprint."""

import ast

import pytest

from tests.support.app import ROOT

CONTENT = ROOT / "site" / "motorlab" / "content"
BLUEPRINTS = ("motorlab.contact", "motorlab.pages", "motorlab.projects", "motorlab.seo")


def imported_modules(path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("path", sorted(CONTENT.rglob("*.py")), ids=lambda p: p.name)
def test_content_imports_no_blueprint(path):
    reaching_up = [
        module
        for module in imported_modules(path)
        if any(module == bp or module.startswith(bp + ".") for bp in BLUEPRINTS)
    ]
    assert reaching_up == []


def test_the_form_and_the_showcase_read_the_same_limits():
    from motorlab.contact import forms
    from motorlab.content import contact, examples

    assert forms.NAME_MAX is contact.NAME_MAX and forms.DESCRIPTION_MAX == contact.DESCRIPTION_MAX
    demo = examples.DemoForm()
    assert demo.name.validators[0].max == contact.NAME_MAX
