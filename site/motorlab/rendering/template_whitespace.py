"""A Jinja extension that strips the pages' templates (not the mail's, `email/`) of the white
space that only lays out their source: indentation, and the line break after a line of tags
and comments only (unless its first tag is `{%-`/`{#-`: Jinja then eats the break before it)."""

from __future__ import annotations

import re

from jinja2.ext import Extension

_INDENTATION = re.compile(r"^[ \t]+", re.MULTILINE)
_TAG = r"\{%(?:[^%\n]|%(?!\}))*%\}"
_COMMENT = r"\{#(?:[^#\n]|#(?!\}))*#\}"
_FIRST = rf"(?:(?!\{{[%#]-)(?:{_TAG}|{_COMMENT}))"
_TAGS_ONLY = re.compile(rf"^({_FIRST}(?:[ \t]*(?:{_TAG}|{_COMMENT}))*)[ \t]*\n", re.MULTILINE)


class TemplateWhitespace(Extension):
    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        if not name or not name.endswith(".html") or name.startswith("email/"):
            return source
        return _TAGS_ONLY.sub(r"\1", _INDENTATION.sub("", source))
