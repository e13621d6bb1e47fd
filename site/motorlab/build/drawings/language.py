"""The drawings' words in one language (`speaking`), from the compiled catalogs, with no app:
`_l` marks a message as the content modules do; it is translated when a drawing sets it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from babel import Locale, dates, numbers
from babel.support import LazyProxy, NullTranslations, Translations

from motorlab.paths import PROJECT_ROOT

CATALOGS = PROJECT_ROOT / "translations"
_spoken: ContextVar[tuple[Locale, NullTranslations]] = ContextVar("spoken")


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Draw in the language `code` (the source language has no catalog: its ids are its text)."""
    token = _spoken.set((Locale.parse(code), Translations.load(str(CATALOGS), [code])))
    try:
        yield
    finally:
        _spoken.reset(token)


def gettext(message, **values) -> str:
    text = _spoken.get()[1].gettext(str(message))
    return text % values if values else text


def lazy(message, **values) -> LazyProxy:
    """`message` translated each time it is set, in the language spoken then."""
    return LazyProxy(gettext, message, enable_cache=False, **values)


_l = lazy  # the name `make messages` extracts


def format_decimal(number, format=None) -> str:  # Babel's and Flask-Babel's names
    return numbers.format_decimal(number, format=format, locale=_spoken.get()[0])


def format_date(day, format) -> str:
    return dates.format_date(day, format, locale=_spoken.get()[0])


def euros(amount: float, cents: bool = True) -> str:
    """An amount in euros as the language writes it (a catalogue price without cents)."""
    text = numbers.format_currency(amount, "EUR", locale=_spoken.get()[0])
    return text if cents else text.replace(".00", "").replace(",00", "")
