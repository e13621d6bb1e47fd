"""Each validation rule refuses with its own message, in both languages, and sends nothing."""

import io

import pytest

from tests.support.app import soup_of
from tests.support.contact_support import VALID, post_contact, stored

# (case id, field, value, English message, Spanish message)
RULES = [
    ("name-missing", "name", "", "Enter your name.", "Escribe tu nombre."),
    ("name-blank", "name", " \t  ", "Enter your name.", "Escribe tu nombre."),
    (
        "name-too-long",
        "name",
        "N" * 101,
        "Your name must be 100 characters or fewer.",
        "El nombre no puede superar los 100 caracteres.",
    ),
    (
        "name-control",
        "name",
        "Ana\x00Lopez",
        "Remove the invisible control characters from this field.",
        "Quita los caracteres de control invisibles de este campo.",
    ),
    (
        "name-line-break",
        "name",
        "Ana\r\nBcc: victim@example.com",
        "Remove the invisible control characters from this field.",
        "Quita los caracteres de control invisibles de este campo.",
    ),
    ("email-missing", "email", "", "Enter your email address.", "Escribe tu correo electrónico."),
    (
        "email-invalid",
        "email",
        "ana@",
        "Enter a valid email address, like name@example.com.",
        "Escribe un correo electrónico válido, como nombre@ejemplo.com.",
    ),
    (
        "email-two-addresses",
        "email",
        "ana@example.com, eve@example.com",
        "Enter a valid email address, like name@example.com.",
        "Escribe un correo electrónico válido, como nombre@ejemplo.com.",
    ),
    (
        "email-too-long",
        "email",
        "a" * 250 + "@example.com",
        "Your email address must be 254 characters or fewer.",
        "El correo electrónico no puede superar los 254 caracteres.",
    ),
    (
        "description-missing",
        "description",
        "   ",
        "Tell us a little about your project.",
        "Cuéntanos un poco sobre tu proyecto.",
    ),
    (
        "description-too-short",
        "description",
        "  Hi there  ",
        "Your description must be between 10 and 5000 characters long.",
        "La descripción debe tener entre 10 y 5000 caracteres.",
    ),
    (
        "description-too-long",
        "description",
        "d" * 5001,
        "Your description must be between 10 and 5000 characters long.",
        "La descripción debe tener entre 10 y 5000 caracteres.",
    ),
    (
        "description-control",
        "description",
        "A fine project\x1b[31m with colours",
        "Remove the invisible control characters from this field.",
        "Quita los caracteres de control invisibles de este campo.",
    ),
]


@pytest.mark.parametrize(
    ("field", "value", "english", "spanish"),
    [pytest.param(*rule[1:], id=rule[0]) for rule in RULES],
)
@pytest.mark.parametrize("locale", ["en", "es"])
def test_each_rule_refuses_with_its_message(
    contact_client, contact_app, smtp, field, value, english, spanish, locale
):
    path = "/en/contact" if locale == "en" else "/contact"
    expected = english if locale == "en" else spanish
    data = {**VALID, field: value}
    html = post_contact(contact_client, data, path=path)
    assert html.status_code == 422
    error = soup_of(html).find(id=f"{field}-error")
    assert error is not None and error.get_text(" ", strip=True).endswith(expected)
    as_json = post_contact(contact_client, data, path=path, as_json=True)
    assert as_json.status_code == 422
    assert as_json.get_json()["errors"] == {field: [expected]}
    assert stored(contact_app) == [] and smtp.messages == []


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("name", "N" * 100),
        ("name", "  Zoë Ødegård-Nakamura 中村  "),
        ("email", "  ana.lopez+web@sub.example.co.uk  "),
        ("email", "ana@bücher.example"),
        ("description", "x" * 10),
        ("description", "d" * 5000),
        ("description", "Line one\r\nLine two\twith a tab"),
    ],
)
def test_edge_values_are_accepted_and_trimmed(contact_client, contact_app, field, value):
    response = post_contact(contact_client, {**VALID, field: value}, as_json=True)
    assert response.status_code == 200, response.get_json()
    (row,) = stored(contact_app)
    assert getattr(row, field) == value.strip().replace("\r\n", "\n")


@pytest.mark.parametrize("field", ["name", "email", "description", "website"])
def test_a_file_in_a_field_is_an_empty_field_not_a_crash(contact_client, field):
    """Multipart with a file part named like a field (it used to answer 500: FileStorage has
    no len()). The field reads as empty; the honeypot as untouched."""
    data = {**VALID, field: (io.BytesIO(b"Ana"), "name.txt")}
    response = post_contact(contact_client, data, content_type="multipart/form-data")
    assert response.status_code == (303 if field == "website" else 422)
