"""Text from outside (a request's path, a mail) made safe for a developer's terminal: every C0
and C1 control character written as repr writes it (issue 43: a terminal reads 0x9b as ESC [)."""

from __future__ import annotations

import logging
import re
import traceback

# C0 but the line feed and the tab, DEL, and C1: what a multi-line text (a mail) escapes.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Every C0 and C1 character and DEL: what a one-line text (a log message) escapes.
ANY_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def _written(match: re.Match) -> str:
    return f"\\x{ord(match[0]):02x}"


def escaped(text: str) -> str:
    """`text` with every control character but the line feed and the tab escaped, CRLF as LF."""
    return CONTROL.sub(_written, text.replace("\r\n", "\n"))


def one_line(text: str) -> str:
    return ANY_CONTROL.sub(_written, text)


class EscapeControls(logging.Filter):
    """Each record reaches the handlers as one line, its traceback with only its own breaks."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = one_line(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = formatted_exception(record.exc_info).rstrip("\n")
        return True


def formatted_exception(exc_info) -> str:
    """The traceback as logging writes it; an exception's text (may quote a request) one line."""
    chunks = []
    for chunk in traceback.TracebackException(*exc_info[:3]).format():
        # Frames are indented, a chain's headers start with "Traceback" or a blank line.
        if chunk.startswith((" ", "Traceback", "\n")):
            chunks.append(escaped(chunk))
        else:
            chunks.append(one_line(chunk.rstrip("\n")) + "\n")
    return "".join(chunks)


def guard(logger: logging.Logger) -> None:
    if not any(isinstance(each, EscapeControls) for each in logger.filters):
        logger.addFilter(EscapeControls())
