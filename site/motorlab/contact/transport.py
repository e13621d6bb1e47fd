"""Hand one message to the SMTP server with smtplib, every wait bounded.

`MAIL_TIMEOUT` bounds the connection and each command before DATA. After the message
itself has been sent, the server's final reply gets `MAIL_DATA_TIMEOUT` (RFC 5321
§4.5.3.2.6 advises 10 minutes): a server that stores the mail and answers late must not
be taken for a failure, or every retry would deliver one more copy. A failed QUIT after
the server took the message is ignored: the mail is delivered.

`before_data`, if given, runs once every recipient has been accepted and before DATA: the
sender records there that the message may now reach the server (and stops the send by
raising if its claim on the row is gone).
"""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Callable, Mapping
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses


def send(
    message: EmailMessage, config: Mapping, before_data: Callable[[], None] | None = None
) -> None:
    """Deliver `message` to the recipients of its To header; raises on any failure."""
    smtp_class = smtplib.SMTP_SSL if config["MAIL_USE_SSL"] else smtplib.SMTP
    timeout = float(config["MAIL_TIMEOUT"])
    sender = message["From"].addresses[0].addr_spec
    recipients = [address for _, address in getaddresses([str(message["To"])])]
    smtp = smtp_class(config["MAIL_SERVER"], config["MAIL_PORT"], timeout=timeout)
    try:
        smtp.ehlo_or_helo_if_needed()
        if config["MAIL_USE_TLS"]:
            smtp.starttls(context=ssl.create_default_context())
            smtp.ehlo()
        if config.get("MAIL_USERNAME") and config.get("MAIL_PASSWORD"):
            smtp.login(config["MAIL_USERNAME"], config["MAIL_PASSWORD"])
        code, reply = smtp.mail(sender)
        if code != 250:
            raise smtplib.SMTPSenderRefused(code, reply, sender)
        refused = {}
        for recipient in recipients:
            code, reply = smtp.rcpt(recipient)
            if code not in (250, 251):
                refused[recipient] = (code, reply)
        if len(refused) == len(recipients):
            raise smtplib.SMTPRecipientsRefused(refused)
        if before_data is not None:
            before_data()
        smtp.sock.settimeout(float(config["MAIL_DATA_TIMEOUT"]))
        code, reply = smtp.data(message.as_bytes(policy=policy.SMTP))
        if code != 250:
            raise smtplib.SMTPDataError(code, reply)
    except BaseException:
        smtp.close()
        raise
    try:
        smtp.sock.settimeout(timeout)
        smtp.quit()
    except (smtplib.SMTPException, OSError):
        pass  # the server has the message; a lost QUIT changes nothing
    finally:
        smtp.close()
