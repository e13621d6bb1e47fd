"""The staff mail for one outbox row, sent with Flask-Mail.

Only the body and the Reply-To carry the visitor's words. The subject uses a cleaned,
shortened name (no line breaks or other control characters can reach a header), and the
only extra header, Message-ID, is built from the row's own uuid: a receiving server can
drop the copy if a crashed sender ever delivers a row twice.
"""

from __future__ import annotations

import re
import smtplib
import unicodedata
from datetime import datetime
from email.charset import QP, Charset
from email.mime.text import MIMEText
from email.utils import parseaddr

from flask import current_app, render_template
from flask_babel import force_locale
from flask_babel import gettext as _
from flask_mail import Connection, Message

from motorlab.contact import outbox
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


def build_message(row: Row) -> Message:
    config = current_app.config
    sender = config["MAIL_DEFAULT_SENDER"]
    domain = parseaddr(sender)[1].rpartition("@")[2] or "motorlab.example"
    received = datetime.fromisoformat(row.created_at).strftime("%Y-%m-%d %H:%M UTC")
    context = {
        "row": row,
        "received": received,
        "language": LANGUAGE_NAMES.get(row.locale, row.locale),
        "staff_locale": DEFAULT_LOCALE,
    }
    with force_locale(DEFAULT_LOCALE):  # staff read the mail in the agency's language
        message = _Message(
            subject=_("Contact request from %(name)s", name=header_safe(row.name)),
            sender=sender,
            recipients=list(config["CONTACT_RECIPIENTS"]),
            reply_to=(display_name(row.name), row.email),
            body=render_template("email/contact.txt", **context),
            html=render_template("email/contact.html", **context),
        )
    message.msgId = f"<contact-{row.uuid}@{domain}>"
    return message


class _Message(Message):
    """Bodies in quoted-printable: Flask-Mail sends UTF-8 as 8bit, which keeps a long typed
    line whole, and SMTP servers refuse lines over 998 characters."""

    def _mimetext(self, text: str | None, subtype: str = "plain") -> MIMEText:
        return MIMEText(text or "", _subtype=subtype, _charset=_UTF8_QP)


_UTF8_QP = Charset("utf-8")
_UTF8_QP.body_encoding = QP


class _Connection(Connection):
    """Flask-Mail's connection, with a timeout: a silent SMTP server cannot hang a worker."""

    def configure_host(self) -> smtplib.SMTP:
        timeout = current_app.config["MAIL_TIMEOUT"]
        smtp_class = smtplib.SMTP_SSL if self.mail.use_ssl else smtplib.SMTP
        host = smtp_class(self.mail.server, self.mail.port, timeout=timeout)
        if self.mail.use_tls:
            host.starttls()
        if self.mail.username and self.mail.password:
            host.login(self.mail.username, self.mail.password)
        return host

    def __exit__(self, exc_type, exc_value, traceback) -> None:
        try:
            super().__exit__(exc_type, exc_value, traceback)
        except (smtplib.SMTPException, OSError) as error:
            # QUIT failed after the server had accepted the message: it is delivered, and
            # counting it as a failure would send it twice.
            current_app.logger.info("SMTP QUIT failed after sending: %r", error)


def send(row: Row) -> None:
    """Hand the row's mail to the SMTP server; raises on any failure."""
    message = build_message(row)
    with _Connection(current_app.extensions["mail"]) as connection:
        connection.send(message)


def deliver(path: str, row: Row) -> Exception | None:
    """Send a claimed row and record the outcome: sent, or queued again with the error."""
    try:
        send(row)
    except Exception as error:  # noqa: BLE001 - whatever failed, the row waits in the queue
        current_app.logger.warning("Contact request %s not sent: %r", row.uuid, error)
        outbox.release(path, row, f"{type(error).__name__}: {error}")
        return error
    if not outbox.mark_sent(path, row):
        current_app.logger.warning("Contact request %s sent after its claim expired", row.uuid)
    return None


def send_queued(path: str, stale_after: float) -> tuple[int, int]:
    """Try every queued row once, oldest first; stop early when the server is unreachable.
    Returns (sent, failed). Safe to run concurrently: each row is claimed before sending."""
    sent = failed = 0
    after_id = 0
    while (row := outbox.claim_next(path, after_id=after_id, stale_after=stale_after)) is not None:
        after_id = row.id
        error = deliver(path, row)
        if error is None:
            sent += 1
            continue
        failed += 1
        if isinstance(error, ConnectionError | TimeoutError | smtplib.SMTPServerDisconnected):
            break  # the next rows would fail the same way; they stay queued
    return sent, failed
