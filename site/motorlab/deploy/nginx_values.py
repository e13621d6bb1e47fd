"""The app's Cache-Control and media type of each kind of file, as deploy/nginx.conf states them."""

from __future__ import annotations

import mimetypes
from collections.abc import Mapping
from pathlib import Path

from werkzeug.datastructures import ResponseCacheControl

from motorlab import icons
from motorlab.build import export
from motorlab.images import resize
from motorlab.language import detection
from motorlab.rendering import assets
from motorlab.seo import routes as seo
from motorlab.web import page_cache


def over(number: int) -> str:
    """A regex for the decimal numbers over `number`: lets a map compare $request_length."""
    digits = str(number)
    longer = f"[1-9][0-9]{{{len(digits)},}}"
    same_length = [
        digits[:index] + f"[{int(digit) + 1}-9]" + f"[0-9]{{{len(digits) - index - 1}}}"
        for index, digit in enumerate(digits)
        if digit != "9"
    ]
    return "(" + "|".join([longer, *same_length]) + ")"


def cache_controls(config: Mapping) -> dict[str, str]:
    """Each kind of file's; `unhashed`: send_file's, for a static file asked without its hash."""
    unhashed = ResponseCacheControl()
    unhashed.public = True
    unhashed.max_age = config["SEND_FILE_MAX_AGE_DEFAULT"]
    return {
        "page": page_cache.DEFAULT_CACHE_CONTROL,
        "year": assets.YEAR_CACHE_CONTROL,
        "unhashed": unhashed.to_header(),
        "day": assets.DAY_CACHE_CONTROL,
        "first_visit": detection.FIRST_VISIT_CACHE_CONTROL,
    }


def media_types() -> dict[str, list[str]]:
    """Each media type of the export's files with its suffixes, for nginx's `types` in place of
    its mime.types (application/javascript, text/xml): send_file's guesses and the app's names."""
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
