"""The app's values that nginx states as the app does (deploy/nginx.conf, rendered by
nginx_config): the Cache-Control and media type of each kind of file, and a regex filter."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from werkzeug.datastructures import ResponseCacheControl
from werkzeug.utils import get_content_type

from motorlab import icons
from motorlab.build import export
from motorlab.config import Config
from motorlab.images import resize
from motorlab.language import detection
from motorlab.rendering import assets
from motorlab.seo import routes as seo
from motorlab.web import page_cache


def over(number: int) -> str:
    """A regex (unanchored alternatives) for the decimal numbers greater than `number`:
    `{{ limit | over }}` lets a map compare a number such as $request_length."""
    digits = str(number)
    longer = f"[1-9][0-9]{{{len(digits)},}}"
    same_length = [
        digits[:index] + f"[{int(digit) + 1}-9]" + f"[0-9]{{{len(digits) - index - 1}}}"
        for index, digit in enumerate(digits)
        if digit != "9"
    ]
    return "(" + "|".join([longer, *same_length]) + ")"


def cache_controls(config: Config) -> dict[str, str]:
    """The app's Cache-Control of each kind of file nginx serves; `unhashed` is what Flask's
    send_file says for a static file asked for without its hash."""
    unhashed = ResponseCacheControl()
    unhashed.public = True
    unhashed.max_age = config.SEND_FILE_MAX_AGE_DEFAULT
    return {
        "page": page_cache.DEFAULT_CACHE_CONTROL,
        "year": assets.YEAR_CACHE_CONTROL,
        "unhashed": unhashed.to_header(),
        "day": assets.DAY_CACHE_CONTROL,
        "first_visit": detection.FIRST_VISIT_CACHE_CONTROL,
    }


def media_types() -> dict[str, list[str]]:
    """The app's media type of each kind of file the export holds, with its suffixes (no dot),
    for nginx's `types` in place of its mime.types (which differ: application/javascript,
    text/xml): what send_file guesses (Python's mimetypes), and what the app's answers name."""
    static = (icons.PACKAGE / "static").rglob("*")
    suffixes = {
        *(file.suffix for file in static if file.is_file()),
        *export.TEXT_SUFFIXES,
        *export.IMAGE_VARIANTS,
        *(suffix for _type, suffix in resize.FORMATS.values()),
        *(Path(path).suffix for path in icons.ROOT_FILES),
    }
    named = {".xml": seo.SITEMAP_TYPE, Path(icons.WEB_MANIFEST).suffix: icons.MANIFEST_TYPE}
    types: dict[str, list[str]] = {}
    for suffix in sorted(suffixes):
        media_type = named.get(suffix) or mimetypes.guess_type(f"file{suffix}")[0]
        if media_type:  # else nginx's default_type, as send_file's application/octet-stream
            types.setdefault(media_type, []).append(suffix.lstrip("."))
    return dict(sorted(types.items()))


def charset_types(types: dict[str, list[str]]) -> list[str]:
    """Those of `types` the app sends with `; charset=utf-8` (werkzeug's rule), for nginx's
    `charset_types`; text/html is nginx's own (naming it again warns "duplicate MIME type")."""
    return [
        name for name in types if get_content_type(name, "utf-8") != name and name != "text/html"
    ]
