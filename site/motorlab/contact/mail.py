"""The staff mail for one outbox row, built with the standard library's EmailMessage.

Only the bodies and the Reply-To carry the visitor's words. The Subject uses a cleaned,
shortened name and is always written as encoded words, so a name that looks like an
encoded word (`=?utf-8?b?…?=`) reaches the mail client as the literal text it is. Format
characters (bidi overrides, zero-width joiners) that could make text read differently are
shown as visible `[U+202E]` marks. The only extra header, Message-ID, is built from the
row's own uuid: a receiving server can drop the copy if a sender ever delivers a row twice.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from datetime import datetime
from email.header import Header
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr

from flask import current_app, render_template
from flask_babel import force_locale
from flask_babel import gettext as _

from motorlab.contact.outbox import Row
from motorlab.i18n import DEFAULT_LOCALE, LANGUAGE_NAMES

SUBJECT_NAME_LENGTH = 60


def header_safe(text: str, limit: int = SUBJECT_NAME_LENGTH) -> str:
    """One line of printable text: control, format and separator characters become spaces."""
    cleaned = "".join(" " if unicodedata.category(char)[0] in "CZ" else char for char in text)
    return " ".join(cleaned.split())[:limit]


def display_name(text: str) -> str:
    """The visitor's name for the Reply-To display name: letters, digits, spaces and . ' -
    only, so no quote, comma, colon or @ can make a mail client read another address."""
    return header_safe(re.sub(r"[^\w .'-]", " ", text), limit=100)


def visible(text: str) -> str:
    """Format characters (category Cf: bidi controls, zero-width characters) as `[U+XXXX]`."""
    return "".join(
        f"[U+{ord(char):04X}]" if unicodedata.category(char) == "Cf" else char for char in text
    )


class EncodedHeader(str):
    """A header value that is always written as RFC 2047 encoded words.

    The email policy keeps a value that has a `name` and a `fold` method as it is (see
    `email.policy.EmailPolicy.header_store_parse`), instead of parsing it, which would
    decode any `=?…?=` the visitor typed."""

    def __new__(cls, name: str, value: str) -> EncodedHeader:
        header = super().__new__(cls, value)
        header.name = name
        return header

    def fold(self, *, policy) -> str:
        encoded = Header(str(self), "utf-8", header_name=self.name).encode(
            linesep=policy.linesep, maxlinelen=policy.max_line_length or 78
        )
        return f"{self.name}: {encoded}{policy.linesep}"


def build_message(row: Row) -> EmailMessage:
    config = current_app.config
    sender = config["MAIL_DEFAULT_SENDER"]
    domain = parseaddr(sender)[1].rpartition("@")[2] or "motorlab.example"
    created = datetime.fromisoformat(row.created_at)
    shown = dataclasses.replace(row, name=visible(row.name), description=visible(row.description))
    context = {
        "row": shown,
        "received": created.strftime("%Y-%m-%d %H:%M UTC"),
        "language": LANGUAGE_NAMES.get(row.locale, row.locale),
        "staff_locale": DEFAULT_LOCALE,
    }
    with force_locale(DEFAULT_LOCALE):  # staff read the mail in the agency's language
        subject = _("Contact request from %(name)s", name=header_safe(row.name))
        text = render_template("email/contact.txt", **context)
        html = render_template("email/contact.html", **context)
    message = EmailMessage()
    message["Subject"] = EncodedHeader("Subject", subject)
    message["From"] = sender
    message["To"] = ", ".join(config["CONTACT_RECIPIENTS"])
    message["Reply-To"] = Address(display_name=display_name(row.name), addr_spec=row.email)
    message["Date"] = format_datetime(created)
    message["Message-ID"] = f"<contact-{row.uuid}@{domain}>"
    # Quoted-printable: SMTP servers refuse lines over 998 characters, and a typed
    # paragraph can be longer.
    message.set_content(text, cte="quoted-printable")
    message.add_alternative(html, subtype="html", cte="quoted-printable")
    return message
