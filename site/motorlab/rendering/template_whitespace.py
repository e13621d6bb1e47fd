"""A Jinja extension that removes from the pages' templates the white space that only lays
out their source (the browser folds it anyway): each line's indentation, and the line break
of a line holding only block tags and comments unless its first tag is `{%-`/`{#-` (Jinja
then eats the break before it). Mail templates (`email/`) keep their source.
"""

from __future__ import annotations

import re

from jinja2.ext import Extension

_INDENTATION = re.compile(r"^[ \t]+", re.MULTILINE)
# A line of tags and comments only, the first not stripping the space before it, and its
# line break.
_TAG = r"\{%(?:[^%\n]|%(?!\}))*%\}"
_COMMENT = r"\{#(?:[^#\n]|#(?!\}))*#\}"
_FIRST = rf"(?:(?!\{{[%#]-)(?:{_TAG}|{_COMMENT}))"
_TAGS_ONLY = re.compile(rf"^({_FIRST}(?:[ \t]*(?:{_TAG}|{_COMMENT}))*)[ \t]*\n", re.MULTILINE)


def applies_to(name: str | None) -> bool:
    return bool(name) and name.endswith(".html") and not name.startswith("email/")


def strip(source: str) -> str:
    """The template's source without its layout's white space (see the module)."""
    return _TAGS_ONLY.sub(r"\1", _INDENTATION.sub("", source))


class TemplateWhitespace(Extension):
    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return strip(source) if applies_to(name) else source
