"""The staff mail for one outbox row: the visitor's words in the bodies and display names
only, format characters shown as `[U+202E]`, the text part format=flowed (RFC 3676)."""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from datetime import datetime
from email.header import Header
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr

from email_validator import EmailNotValidError, validate_email
from flask import current_app, render_template
from flask_babel import force_locale
from flask_babel import gettext as _

from motorlab.contact.outbox import Row
from motorlab.i18n import DEFAULT_LOCALE, LANGUAGE_NAMES
from motorlab.rendering.tokens import colour

SUBJECT_NAME_LENGTH = 60
FLOWED_WIDTH = 72  # RFC 3676 recommends 66-72 characters, and never more than 78
SIGNATURE = "-- "  # the line before a signature (RFC 3676 §4.3)
_SIGNATURE_LINE = re.compile(r"^-- $", re.MULTILINE)
_WORD = re.compile(r"\S+\s*")


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


def ascii_address(address: str) -> str | None:
    """The address with its domain in IDNA (`user@xn--exmple-cua.com`); None for one a
    header cannot carry (a non-ASCII local part)."""
    try:
        checked = validate_email(address, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError:
        return None
    return checked.ascii_email


def flowed(text: str, width: int = FLOWED_WIDTH) -> str:
    """`text` as RFC 3676 format=flowed (DelSp=No): long lines cut after a space (a soft
    break), hard breaks without trailing spaces, space-stuffing; a long word stays whole."""
    lines = []
    for line in text.split("\n"):
        if line == SIGNATURE:  # the signature separator keeps its space
            lines.append(line)
            continue
        line = line.rstrip(" ")
        current = ""
        for token in _words(line):
            if current and current.endswith(" ") and len(current) + len(token.rstrip()) > width:
                lines.append(current)
                current = ""
            current += token
        lines.append(current)
    return "\n".join(" " + line if line.startswith((" ", ">", "From ")) else line for line in lines)


def _words(line: str) -> list[str]:
    """`line` cut after each run of white space (the first word keeps the space before it),
    or [""] for white space only; linear in the line."""
    start = len(line) - len(line.lstrip())
    words = _WORD.findall(line, start)
    if not words:
        return [""]
    words[0] = line[:start] + words[0]
    return words


class EncodedHeader(str):
    """A value always written as RFC 2047 encoded words, so a `=?…?=` typed stays literal."""

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
    # Each `-- ` line of the visitor's gets a leading space: the mail's own is the only one.
    unsigned = _SIGNATURE_LINE.sub(" " + SIGNATURE, shown.description)
    text_row = dataclasses.replace(shown, description=unsigned)
    context = {
        "row": shown,
        "received": created.strftime("%Y-%m-%d %H:%M UTC"),
        "language": LANGUAGE_NAMES.get(row.locale, row.locale),
        "staff_locale": DEFAULT_LOCALE,
        # Mail clients drop stylesheets: the HTML part states the brand's colours inline.
        "ink": colour("color-ink"),
        "muted": colour("color-muted"),
    }
    with force_locale(DEFAULT_LOCALE):  # staff read the mail in the agency's language
        subject = _("Contact request from %(name)s", name=header_safe(row.name))
        text = render_template("email/contact.txt", **{**context, "row": text_row})
        html = render_template("email/contact.html", **context)
        # TRANSLATORS: the sender's name that staff's inbox shows for a contact request;
        # %(name)s is the visitor's name. The address stays the site's own.
        from_name = _("%(name)s via Motorlab web", name=display_name(row.name)).strip()
    message = EmailMessage()
    message["Subject"] = EncodedHeader("Subject", subject)
    message["From"] = Address(display_name=from_name, addr_spec=parseaddr(sender)[1])
    message["To"] = ", ".join(config["CONTACT_RECIPIENTS"])
    reply_to = ascii_address(row.email)
    if reply_to is not None:
        message["Reply-To"] = Address(display_name=display_name(row.name), addr_spec=reply_to)
    message["Date"] = format_datetime(created)
    message["Message-ID"] = f"<contact-{row.uuid}@{domain}>"
    # Quoted-printable: SMTP servers refuse lines over 998 characters, and a typed
    # paragraph can be longer.
    message.set_content(
        flowed(text), cte="quoted-printable", params={"format": "flowed", "delsp": "no"}
    )
    message.add_alternative(html, subtype="html", cte="quoted-printable")
    return message
