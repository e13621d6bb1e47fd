"""Each validation rule refuses with its own message, in both languages, and sends nothing."""

import io

import pytest

from tests.support.app import soup_of
from tests.support.contact_support import VALID, post_contact, stored

# Each message in English and Spanish.
REQUIRED_NAME = ("Enter your name.", "Escribe tu nombre.")
LONG_NAME = (
    "Your name must be 100 characters or fewer.",
    "El nombre no puede superar los 100 caracteres.",
)
CONTROL = (
    "Remove the invisible control characters from this field.",
    "Quita los caracteres de control invisibles de este campo.",
)
# Format characters can make a name read as what it is not ("Ana \u202egnp.exe").
FORMAT = (
    "Remove the invisible formatting characters (such as text direction marks).",
    "Quita los caracteres de formato invisibles (como las marcas de dirección del texto).",
)
REQUIRED_EMAIL = ("Enter your email address.", "Escribe tu correo electrónico.")
INVALID_EMAIL = (
    "Enter a valid email address, like name@example.com.",
    "Escribe un correo electrónico válido, como nombre@ejemplo.com.",
)
LONG_EMAIL = (
    "Your email address must be 254 characters or fewer.",
    "El correo electrónico no puede superar los 254 caracteres.",
)
REQUIRED_DESCRIPTION = (
    "Tell us a little about your project.",
    "Cuéntanos un poco sobre tu proyecto.",
)
DESCRIPTION_LENGTH = (
    "Your description must be between 10 and 5000 characters long.",
    "La descripción debe tener entre 10 y 5000 caracteres.",
)
# (case id, field, value, messages)
RULES = [
    ("name-missing", "name", "", REQUIRED_NAME),
    ("name-blank", "name", " \t  ", REQUIRED_NAME),
    ("name-too-long", "name", "N" * 101, LONG_NAME),
    ("name-control", "name", "Ana\x00Lopez", CONTROL),
    ("name-line-break", "name", "Ana\r\nBcc: victim@example.com", CONTROL),
    ("name-bidi-override", "name", "Ana \u202egnp.exe", FORMAT),
    ("name-zero-width-joiner", "name", "Ana\u200dMaría", FORMAT),
    ("name-bidi-isolate", "name", "Ana\u2066x\u2069", FORMAT),
    ("name-zero-width-space", "name", "Ana\u200b", FORMAT),
    ("email-missing", "email", "", REQUIRED_EMAIL),
    ("email-invalid", "email", "ana@", INVALID_EMAIL),
    ("email-two-addresses", "email", "ana@example.com, eve@example.com", INVALID_EMAIL),
    ("email-too-long", "email", "a" * 250 + "@example.com", LONG_EMAIL),
    ("description-missing", "description", "   ", REQUIRED_DESCRIPTION),
    ("description-too-short", "description", "  Hi there  ", DESCRIPTION_LENGTH),
    ("description-too-long", "description", "d" * 5001, DESCRIPTION_LENGTH),
    ("description-control", "description", "A fine project\x1b[31m with colours", CONTROL),
]


@pytest.mark.parametrize(
    ("field", "value", "messages"), [pytest.param(*rule[1:], id=rule[0]) for rule in RULES]
)
@pytest.mark.parametrize(
    ("path", "language"), [("/en/contact", 0), ("/contact", 1)], ids=["en", "es"]
)
def test_each_rule_refuses_with_its_message(
    contact_client, contact_app, smtp, field, value, messages, path, language
):
    expected = messages[language]
    data = {**VALID, field: value}
    html = post_contact(contact_client, data, path=path)
    assert html.status_code == 422
    error = soup_of(html).find(id=f"{field}-error")
    assert error is not None and error.get_text(" ", strip=True).endswith(expected)
    as_json = post_contact(contact_client, data, path=path, as_json=True)
    assert as_json.status_code == 422
    assert as_json.get_json() == {"ok": False, "errors": {field: [expected]}}
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
