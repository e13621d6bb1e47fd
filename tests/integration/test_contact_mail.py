"""The staff mail as staff read it, through a real SMTP server: every field in both parts, the
text format=flowed, the visitor named in From, an international domain in IDNA."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup

from tests.support.contact_support import VALID, deliver, post_contact, stored

FIELDS = ("Nombre", "Correo electrónico", "Idioma", "Recibida", "Referencia")


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


def one_mail(contact_client, contact_app, smtp, data, path="/contact"):
    assert post_contact(contact_client, data, path=path).status_code == 303
    assert deliver(contact_app).sent == 1
    (message,) = smtp.messages
    (row,) = stored(contact_app)
    return message, row


def test_both_parts_carry_every_field_on_its_own(contact_client, contact_app, smtp):
    message, row = one_mail(contact_client, contact_app, smtp, VALID, path="/en/contact")
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
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
    assert lines[description_at + 1 : description_at + 3] == ["", VALID["description"]]


def test_a_long_description_is_wrapped_and_flows_back_whole(contact_client, contact_app, smtp):
    sentence = "Necesitamos reservar citas en cuarenta talleres de tres marcas distintas. "
    first = (sentence * 30).strip()  # about 2,200 characters without a line break
    second = "> Una cita del correo anterior, y una línea\nFrom Madrid, con   espacios."
    description = f"{first}\n\n{second}\n  sangrada"
    message, _ = one_mail(contact_client, contact_app, smtp, {**VALID, "description": description})
    part = message.get_body(("plain",))
    assert part.get_param("format") == "flowed" and part.get_param("delsp") == "no"
    text = part.get_content().replace("\r\n", "\n")
    assert max(len(line) for line in text.split("\n")) <= 72
    assert len(text.split("\n")) > 40  # the 2,200-character paragraph is some 30 lines
    assert description in unflow(text)  # paragraphs, spaces and line breaks as typed
    assert "\n-- \n" in text  # the signature separator survives


def test_from_names_the_visitor_with_the_sites_own_address(contact_client, contact_app, smtp):
    message, _ = one_mail(contact_client, contact_app, smtp, {**VALID, "name": "Ana García"})
    (sender,) = message["From"].addresses
    assert sender.addr_spec == "web@motorlab.example"
    assert sender.display_name == "Ana García vía la web de Motorlab"


def test_from_cannot_be_turned_into_another_address(contact_client, contact_app, smtp):
    name = 'Eve "x" <boss@motorlab.example>, =?utf-8?q?=41?='
    message, _ = one_mail(contact_client, contact_app, smtp, {**VALID, "name": name})
    (sender,) = message["From"].addresses
    assert sender.addr_spec == "web@motorlab.example"
    assert "@" not in sender.display_name and "=?" not in sender.display_name
    assert re.fullmatch(r"[\w .'-]+ vía la web de Motorlab", sender.display_name)


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


def test_an_address_mail_cannot_carry_gets_no_reply_to_but_still_arrives(contact_app, smtp):
    """A non-ASCII local part (stored before the form refused it): no Reply-To, not a broken one."""
    from motorlab.contact.outbox import open_outbox

    open_outbox(contact_app.config).add(
        locale="es", name="Jörg", email="jörg@exämple.com",
        description="A description that is long enough.",
    )  # fmt: skip
    assert deliver(contact_app).sent == 1
    (message,) = smtp.messages
    assert message["Reply-To"] is None and message.defects == []
    assert "jörg@exämple.com" in message.get_body(("plain",)).get_content()


def test_a_visitors_signature_line_does_not_start_a_signature(contact_client, contact_app, smtp):
    """A client may hide what follows `-- ` (RFC 3676 §4.3): the mail's own is the only one."""
    description = "Please call me.\n-- \nAna, the rest of my request\n-- \n-- \nThanks."
    message, _ = one_mail(contact_client, contact_app, smtp, {**VALID, "description": description})
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    lines = text.split("\n")
    assert lines.count("-- ") == 1
    assert lines.index("-- ") > lines.index("Thanks.")
    shown = unflow(text)
    assert "Please call me.\n --\nAna, the rest of my request\n --\n --\nThanks." in shown
