"""Components: one folder each (macro + stylesheet), shown on /test through the macro itself
from content/examples.py, so the showcase and the guideline cannot drift from the real markup."""

from __future__ import annotations

import re

import pytest

from motorlab.contact import forms
from motorlab.contact.forms import DESCRIPTION_MAX, EMAIL_MAX, NAME_MAX
from motorlab.content import contact, examples
from tests.support.app import ROOT, soup_of
from tests.support.pages import LOCALES

COMPONENTS = ROOT / "templates" / "components"
NAMES = sorted(folder.name for folder in COMPONENTS.iterdir() if folder.is_dir())


def render_macro(app, path: str, name: str, example: examples.Example) -> str:
    """The component's macro called with the example, as a page at `path` would call it."""
    with app.test_request_context(path):
        module = app.jinja_env.get_template(f"components/{name}/{name}.html").module
        return str(getattr(module, name)(*example.args, **example.kwargs))


@pytest.mark.parametrize("name", NAMES)
def test_component_folder_holds_its_macro_and_nothing_else(name):
    """The macro of the folder's name, and its stylesheet when it has styles of its own."""
    folder = COMPONENTS / name
    macro = (folder / f"{name}.html").read_text(encoding="utf-8")
    assert re.search(rf"{{% macro {name}\(", macro), f"{name}.html defines no macro {name}()"
    extra = {path.name for path in folder.iterdir()} - {f"{name}.html", f"{name}.css"}
    assert extra == set(), extra


def test_every_component_is_showcased_or_frames_every_page():
    showcased = set(examples.showcase())
    assert showcased.isdisjoint(examples.NOT_SHOWCASED)
    assert showcased | set(examples.NOT_SHOWCASED) == set(NAMES)


@pytest.mark.parametrize("locale", LOCALES)
def test_showcase_and_guideline_render_every_example_through_its_macro(app, client, locale):
    prefix = "/en" if locale == "en" else ""
    path = prefix + "/test"
    response = client.get(path)
    html = response.get_data(as_text=True)
    missing = [
        f"{name} #{number}"
        for name, cases in examples.showcase().items()
        for number, example in enumerate(cases, start=1)
        if render_macro(app, path, name, example) not in html
    ]
    assert missing == []
    shown = [code.get_text(strip=True) for code in soup_of(response).select("main h2 code")]
    assert shown == list(examples.showcase()), "each component under its name"
    path = prefix + "/guideline"
    html = client.get(path).get_data(as_text=True)
    for example in examples.form_fields("guide"):
        assert render_macro(app, path, "form_field", example) in html, "the guideline's demos"


def test_field_limits_come_from_the_form(client):
    assert (forms.NAME_MAX, forms.DESCRIPTION_MAX) == (contact.NAME_MAX, contact.DESCRIPTION_MAX)
    assert examples.DemoForm().name.validators[0].max == contact.NAME_MAX
    soup = soup_of(client.get("/en/contact"))
    controls = {
        tag["name"]: tag for tag in soup.find_all(["input", "textarea"], attrs={"name": True})
    }
    limits = {name: controls[name].get("maxlength") for name in ("name", "email", "description")}
    assert limits == {
        "name": str(NAME_MAX),
        "email": str(EMAIL_MAX),
        "description": str(DESCRIPTION_MAX),
    }
    demo = soup_of(client.get("/en/test")).find(id="t-description")
    assert demo["maxlength"] == str(DESCRIPTION_MAX)
