"""The pages' templates without the white space that only lays out their source.

A page is read by the browser, which folds every run of white space between words and tags
into one space (outside `<pre>`, `<textarea>` and `white-space: pre`, which no template writes
literally: a textarea's text comes from a variable). So the indentation of a template's lines
and the line that a lone `{% if %}` or `{% for %}` leaves behind are bytes every visitor
downloads for nothing: about 1 kB of the home page, 100-150 bytes once compressed, which is
part of what keeps a page within the first round trip (tests/integration/test_page_weight.py).

`TemplateWhitespace`, a Jinja extension, removes them from the source before Jinja compiles
it, so a macro called by a test renders the very bytes its page holds:

- each line's leading spaces and tabs go (the line break before it stays, so two words on
  two lines stay two words);
- a line that holds only block tags and comments (`{% endif %}`, `{#- … -#}`) loses its own
  line break, unless its first tag strips the space before it (`{%- … %}`: Jinja then eats
  the line break before it, and the two would join what stands on either side).

Only the HTML of pages: the mail's templates (`email/`) and other files keep their source.
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
