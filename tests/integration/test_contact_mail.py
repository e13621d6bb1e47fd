"""The staff mail as staff read it, through a real SMTP server: every field in both parts, the
text format=flowed, the visitor named in From and Reply-To but never able to add a recipient, a
header or markup, an international domain in IDNA."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup

from motorlab.contact import outbox
from motorlab.contact.outbox import open_outbox
from tests.support.contact_support import VALID, deliver, post_contact, stored

FIELDS = ("Nombre", "Correo electrónico", "Idioma", "Recibida", "Referencia")
RECIPIENTS = ["equipo@motorlab.example", "ventas@motorlab.example"]


def unflow(text: str) -> str:
    """RFC 3676 (DelSp=No) read back: soft breaks joined, space-stuffing removed."""
    lines = [line[1:] if line.startswith(" ") else line for line in text.split("\n")]
    out, current = [], ""
    for line in lines:
        current += line
        if not line.endswith(" ") or line == "-- ":
            out.append(current)
            current = ""
    if current:
        out.append(current)
    return "\n".join(out)


def text_fields(text: str) -> dict[str, str]:
    fields = {}
    for line in text.splitlines():
        label, colon, value = line.partition(": ")
        if colon and label in FIELDS:
            assert label not in fields, f"{label} twice in the text part"
            fields[label] = value
    return fields


def html_fields(html: str) -> dict[str, str]:
    rows = BeautifulSoup(html, "html.parser").find_all("tr")
    return {row.th.get_text(strip=True): row.td.get_text(strip=True) for row in rows}


def parts(message) -> tuple[str, str]:
    return tuple(message.get_body((subtype,)).get_content() for subtype in ("plain", "html"))


def one_mail(client, app, smtp, data, path="/contact"):
    """The mail of one delivered post, sent to staff only."""
    assert post_contact(client, data, path=path).status_code == 303
    assert deliver(app).sent == 1
    (received,) = smtp.envelopes
    assert sorted(received.rcpt_tos) == RECIPIENTS
    (row,) = stored(app)
    return received.message, row


def test_one_mail_carries_every_field_in_both_parts(contact_client, contact_app, smtp):
    description = "Necesitamos una app de citas para los talleres.\nTres marcas, 40 talleres."
    data = {**VALID, "description": description}
    message, row = one_mail(contact_client, contact_app, smtp, data, path="/en/contact")
    assert row.status == outbox.SENT and row.attempts == 1 and row.sent_at
    (reply_to,) = message["Reply-To"].addresses
    assert (reply_to.display_name, reply_to.addr_spec) == ("José Núñez", VALID["email"])
    (sender,) = message["From"].addresses
    assert sender.addr_spec == "web@motorlab.example"
    assert sender.display_name == "José Núñez vía la web de Motorlab"
    assert message["Subject"] == "Solicitud de contacto de José Núñez"
    assert message["Message-ID"] == f"<contact-{row.uuid}@motorlab.example>"
    text, html = parts(message)
    expected = {
        "Nombre": "José Núñez",
        "Correo electrónico": "jose.nunez@example.com",
        "Idioma": "English",
        "Recibida": f"{row.created_at[:10]} {row.created_at[11:16]} UTC",
        "Referencia": row.uuid,
    }
    assert text_fields(unflow(text)) == expected
    assert html_fields(html) == expected
    lines = unflow(text).splitlines()
    description_at = lines.index("Descripción del proyecto:")
    assert lines[description_at + 1 : description_at + 4] == ["", *description.split("\n")]
    assert "Tres marcas, 40 talleres." in html


def test_a_long_description_flows_back_whole_and_starts_no_signature(
    contact_client, contact_app, smtp
):
    sentence = "Necesitamos reservar citas en cuarenta talleres de tres marcas distintas. "
    first = (sentence * 30).strip()  # about 2,200 characters without a line break
    second = "> Una cita del correo anterior, y una línea\nFrom Madrid, con   espacios."
    typed = f"{first}\n\n{second}\n  sangrada"
    # A client may hide what follows `-- ` (RFC 3676 §4.3): the mail's own is the only one.
    signed = "Please call me.\n-- \nAna, the rest of my request\n-- \n-- \nThanks."
    data = {**VALID, "description": f"{typed}\n{signed}"}
    message, _ = one_mail(contact_client, contact_app, smtp, data)
    part = message.get_body(("plain",))
    assert part.get_param("format") == "flowed" and part.get_param("delsp") == "no"
    text = part.get_content().replace("\r\n", "\n")
    lines = text.split("\n")
    assert max(len(line) for line in lines) <= 72
    assert len(lines) > 40  # the 2,200-character paragraph is some 30 lines
    shown = unflow(text)
    assert typed in shown  # paragraphs, spaces and line breaks as typed
    assert lines.count("-- ") == 1 and lines.index("-- ") > lines.index("Thanks.")
    assert "Please call me.\n --\nAna, the rest of my request\n --\n --\nThanks." in shown


def test_address_like_names_encoded_words_and_html_cannot_redirect_or_inject(
    contact_client, contact_app, smtp
):
    """An encoded word stays literal in the Subject, format characters show escaped, markup
    is escaped in the HTML part; no typed address becomes one the mail uses."""
    name = 'E "x", <b@motorlab.example>; =?utf-8?b?4oCuZ25wLmV4ZQ==?='
    evil = "<script>alert(1)</script> please call me"
    description = f"{evil}. Invoice: Ana \u202egnp.exe and a\u200bhidden space."
    data = {**VALID, "name": name, "description": description}
    message, row = one_mail(contact_client, contact_app, smtp, data)
    assert row.description == description  # the record keeps it as typed
    assert message["Subject"] == f"Solicitud de contacto de {name}"
    raw = message.as_bytes()
    assert b"Subject: =?utf-8?" in raw and b"4oCuZ25wLmV4ZQ==?=" not in raw
    (reply_to,) = message["Reply-To"].addresses
    assert reply_to.addr_spec == VALID["email"] and "@" not in reply_to.display_name
    (sender,) = message["From"].addresses
    assert sender.addr_spec == "web@motorlab.example"
    assert "@" not in sender.display_name and "=?" not in sender.display_name
    assert re.fullmatch(r"[\w .'-]+ vía la web de Motorlab", sender.display_name)
    text, html = parts(message)
    assert name in text and evil in text  # the body keeps them as typed
    assert "<script>" not in html and "&lt;script&gt;" in html  # escaped in the HTML part
    for body in (text, html):
        assert "\u202e" not in body and "\u200b" not in body
        assert "Ana [U+202E]gnp.exe" in body and "a[U+200B]hidden" in body


def test_an_international_domain_goes_out_in_idna(contact_client, contact_app, smtp):
    message, row = one_mail(
        contact_client, contact_app, smtp, {**VALID, "email": "user@exämple.com"}
    )
    assert row.email == "user@exämple.com"  # stored as typed, shown as typed
    assert message.defects == [] and message["Reply-To"].defects == ()
    (reply_to,) = message["Reply-To"].addresses
    assert reply_to.addr_spec == "user@xn--exmple-cua.com"
    assert reply_to.display_name == "José Núñez"
    (header,) = re.findall(r"^Reply-To: .*$", message.as_bytes().decode("ascii"), re.M)
    assert header.endswith(" <user@xn--exmple-cua.com>")
    assert "user@exämple.com" in message.get_body(("plain",)).get_content()


def test_stored_rows_the_form_refuses_add_no_header_and_still_arrive(contact_app, smtp):
    """Rows that skipped validation (an old row, a bug): a name with a Bcc line (the form
    refuses it: test_contact_validation, name-line-break) adds no recipient or header; an
    address with a non-ASCII local part gets no Reply-To, not a broken one."""
    store = open_outbox(contact_app.config)
    description = "A description that is long enough."
    store.add(
        locale="es", name="Eve\r\nBcc: victim@example.com\r\nX-Evil: 1",
        email="eve@example.com", description=description,
    )  # fmt: skip
    store.add(locale="es", name="Jörg", email="jörg@exämple.com", description=description)
    assert deliver(contact_app).sent == 2
    assert [sorted(received.rcpt_tos) for received in smtp.envelopes] == [RECIPIENTS] * 2
    eve, jorg = smtp.messages
    assert "Bcc" not in eve and "X-Evil" not in eve
    assert "\n" not in eve["Subject"]
    assert eve["Reply-To"].addresses[0].addr_spec == "eve@example.com"
    assert jorg["Reply-To"] is None and jorg.defects == []
    assert "jörg@exämple.com" in jorg.get_body(("plain",)).get_content()
