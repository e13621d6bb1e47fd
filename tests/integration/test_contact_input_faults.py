"""Input that would make staff read something else (encoded words, format characters; their
refusal in a name: test_contact_validation) and bodies not in UTF-8."""

from tests.support.app import soup_of
from tests.support.contact_support import VALID, csrf_token, deliver, post_contact, stored


def test_encoded_words_stay_literal_and_format_characters_show(contact_client, contact_app, smtp):
    """An encoded word in the name stays literal in the Subject; format characters in the
    description are shown escaped in both parts."""
    name = "=?utf-8?b?4oCuZ25wLmV4ZQ==?= invoice"
    description = "Invoice attached: Ana \u202egnp.exe and a\u200bhidden space."
    data = {**VALID, "name": name, "description": description}
    assert post_contact(contact_client, data).status_code == 303
    deliver(contact_app)
    (message,) = smtp.messages
    assert message["Subject"] == f"Solicitud de contacto de {name}"
    assert "\u202e" not in message["Subject"]
    raw = message.as_bytes()
    assert b"Subject: =?utf-8?" in raw and b"4oCuZ25wLmV4ZQ==?= invoice" not in raw
    for subtype in ("plain", "html"):
        body = message.get_body((subtype,)).get_content()
        assert "\u202e" not in body and "\u200b" not in body
        assert "Ana [U+202E]gnp.exe" in body and "a[U+200B]hidden" in body
    assert stored(contact_app)[0].description == description  # the record keeps it as typed


def test_a_body_that_is_not_utf8_gets_a_400_that_says_so(contact_client, contact_app):
    token = csrf_token(contact_client, "/en/contact")
    body = f"csrf_token={token}&name=Ana%FF&email=ana%40example.com&description=Hola%FFmundo"
    form = "application/x-www-form-urlencoded"
    html = contact_client.post("/en/contact", data=body, content_type=form)
    assert html.status_code == 400
    soup = soup_of(html)
    assert "did not send it as UTF-8" in soup.find(class_="c-error-summary").get_text()
    assert soup.find(id="name")["value"] == "Ana\ufffd"
    assert soup.find(id="email")["value"] == "ana@example.com"
    as_json = contact_client.post(
        "/en/contact",
        data=body.encode(),
        content_type=form,
        headers={"Accept": "application/json"},
    )
    assert as_json.status_code == 400 and "UTF-8" in as_json.get_json()["error"]
    assert stored(contact_app) == []
