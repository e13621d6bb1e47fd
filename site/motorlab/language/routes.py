from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, redirect, request, url_for

from motorlab.i18n import LOCALE_ARG, LOCALES, locale_from_path
from motorlab.language.detection import remember_locale
from motorlab.web.hosts import local_path

bp = Blueprint("language", __name__)


def _safe_next(candidate: str | None, locale: str) -> str:
    """A local path of `locale` to go to; anything else falls back to that locale's home."""
    path = local_path(candidate)
    if path is not None and locale_from_path(urlsplit(path).path) == locale:
        return path
    return url_for("pages.home", **{LOCALE_ARG: locale})


@bp.route("/language/<choice>")
def switch(choice: str):
    """Follow the language switcher: remember the choice, then show the page in it."""
    if choice not in LOCALES:
        abort(404)
    target = _safe_next(request.args.get("next"), choice)
    return remember_locale(redirect(target, code=303), choice)
