"""Development only: a `.po` edited while `make run` runs is compiled and read again at the
next request, and each message shown untranslated is logged once, with what to do."""

from __future__ import annotations

import io
import threading
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations
from flask import current_app, has_request_context, request
from flask_babel import Babel, Domain, get_locale
from werkzeug.utils import cached_property

from motorlab.files import write_atomically
from motorlab.i18n import LANGUAGES
from motorlab.paths import PROJECT_ROOT

SOURCE_LOCALES = {language.code for language in LANGUAGES if language.source}
PREVIEW = 70  # characters of a message shown in its line


class WatchedBabel(Babel):
    """Flask-Babel with a WatchedDomain, one per app (the shared Babel serves production)."""

    @cached_property
    def domain_instance(self) -> Domain:
        return WatchedDomain(domain=self.domain)


class WatchedDomain(Domain):
    def __init__(self, domain: str) -> None:
        super().__init__(domain=domain)
        self.compiled: dict[Path, int] | None = None  # each .mo's mtime when last read
        self.reported: set[tuple[str, str]] = set()
        self.lock = threading.Lock()

    def get_translations_cache(self, ctx) -> dict:
        """Flask-Babel's cache of translations, emptied when a catalog changed (looked at
        once per request)."""
        if not getattr(ctx, "catalogs_looked_at", False):
            ctx.catalogs_looked_at = True
            directory = Path(current_app.config["BABEL_TRANSLATION_DIRECTORIES"])
            with self.lock:
                compiled = compile_changed(directory)
                if compiled != self.compiled:
                    self.cache.clear()
                    self.compiled = compiled
        return self.cache

    def get_translations(self):
        translations = super().get_translations()
        locale = str(get_locale())
        if locale not in SOURCE_LOCALES and not getattr(translations, "reports_misses", False):
            translations.reports_misses = True
            translations.add_fallback(ReportMisses(locale, self))
        return translations

    def report(self, locale: str, message: str) -> None:
        with self.lock:
            if (locale, message) in self.reported:
                return
            self.reported.add((locale, message))
        where = request.path if has_request_context() else "outside a request (a mail)"
        po = Path(current_app.config["BABEL_TRANSLATION_DIRECTORIES"]) / locale
        po = po / "LC_MESSAGES" / "messages.po"
        shown = message if len(message) <= PREVIEW else message[: PREVIEW - 1] + "…"
        current_app.logger.warning(
            "Untranslated (%s) on %s: %r shows in English: run make messages, then translate "
            "it in %s (an empty msgstr or a '#, fuzzy' entry)",
            locale, where, shown, _relative(po),
        )  # fmt: skip


class ReportMisses(NullTranslations):
    """The last fallback of a locale's translations: reached only by a message its catalog
    does not translate, which it reports and returns untranslated, as gettext would."""

    def __init__(self, locale: str, domain: WatchedDomain) -> None:
        super().__init__()
        self.locale, self.domain = locale, domain

    def gettext(self, message):
        self.domain.report(self.locale, message)
        return super().gettext(message)

    def ngettext(self, singular, plural, n):
        self.domain.report(self.locale, singular)
        return super().ngettext(singular, plural, n)

    def pgettext(self, context, message):
        return self.gettext(message)  # the last fallback: the message itself

    def npgettext(self, context, singular, plural, n):
        return self.ngettext(singular, plural, n)

    upgettext = pgettext
    unpgettext = npgettext


def compile_changed(directory: Path) -> dict[Path, int]:
    """Compile every `.po` under `directory` newer than its `.mo`; each `.mo`'s mtime."""
    compiled = {}
    for po in sorted(directory.glob("*/LC_MESSAGES/messages.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime_ns < po.stat().st_mtime_ns:
            with open(po, "rb") as handle:
                catalog = read_po(handle, locale=po.parts[-3])
            data = io.BytesIO()
            write_mo(data, catalog)  # as pybabel compile: fuzzy entries left out
            write_atomically(mo, data.getvalue())
            current_app.logger.info("Compiled %s", _relative(mo))
        compiled[mo] = mo.stat().st_mtime_ns
    return compiled


def _relative(path: Path) -> Path:
    return path.relative_to(PROJECT_ROOT) if path.is_relative_to(PROJECT_ROOT) else path
