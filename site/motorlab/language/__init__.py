"""Blueprint "language": the language switcher and the one-time browser-language detection."""

from flask import Blueprint

bp = Blueprint("language", __name__)

from motorlab.language import detection, routes  # noqa: E402,F401
