"""Resizing with Pillow to the layout's breakpoint widths, in AVIF, WebP or the source format,
with a disk cache: each (file, content, width, format) is encoded once per machine."""

from __future__ import annotations

import hashlib
import io
import warnings
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageOps

from motorlab.files import write_atomically
from motorlab.images.breakpoints import BREAKPOINTS
from motorlab.images.sources import RASTER_SUFFIXES
from motorlab.web.negotiation import accepts_explicitly

WIDTHS = tuple(sorted({width for _name, width in BREAKPOINTS}))  # each width once
# Anything larger is refused before it is decoded (a decompression bomb): 40 megapixels
# is a 7700 x 5200 photograph, far beyond what the widest rendition needs.
MAX_PIXELS = 40_000_000
FORMATS = {  # format -> (media type, file suffix)
    "AVIF": ("image/avif", ".avif"),
    "WEBP": ("image/webp", ".webp"),
    "JPEG": ("image/jpeg", ".jpg"),
    "PNG": ("image/png", ".png"),
}
_SAVE_OPTIONS = {
    "AVIF": {"quality": 55, "speed": 6},
    "WEBP": {"quality": 80, "method": 5},
    "JPEG": {"quality": 82, "optimize": True, "progressive": True},
    "PNG": {"optimize": True},
}
_BOMBS = (Image.DecompressionBombError, Image.DecompressionBombWarning)
Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow's own guard, for every other use of Pillow


class RefusedImage(ValueError):
    """The file is not an image Pillow can read safely (corrupt, or a decompression bomb)."""


def choose_format(accept: str, path: Path) -> str:
    """AVIF when the browser names it (with a quality above 0: `image/avif;q=0` refuses it),
    else WebP, else the source's own format."""
    if accepts_explicitly(accept, "image/avif"):
        return "AVIF"
    if accepts_explicitly(accept, "image/webp"):
        return "WEBP"
    return RASTER_SUFFIXES[path.suffix.lower()]


def intrinsic_size(path: Path) -> tuple[int, int]:
    """Width and height of a raster file as it is shown (EXIF orientation applied)."""
    return _size_of(path, path.stat().st_mtime_ns)


@lru_cache(maxsize=512)
def _size_of(path: Path, mtime_ns: int) -> tuple[int, int]:
    with _open(path) as image:
        rotated = image.getexif().get(0x0112, 1) in (5, 6, 7, 8)  # EXIF Orientation
        return ImageOps.exif_transpose(image).size if rotated else image.size


def rendition(path: Path, width: int, fmt: str, cache_dir: Path) -> Path:
    """The file holding `path` at `width` in `fmt`, made now if the disk cache lacks it."""
    data = path.read_bytes()
    key = hashlib.sha256(data + f"|{width}|{fmt}".encode()).hexdigest()[:32]
    target = cache_dir / key[:2] / (key + FORMATS[fmt][1])
    if not target.is_file():
        write_atomically(target, encode(data, width, fmt))
    return target


def encode(data: bytes, width: int, fmt: str) -> bytes:
    """`data` (a raster image) scaled down to `width` (never up) and encoded as `fmt`."""
    try:
        with _open(io.BytesIO(data)) as image:
            image = ImageOps.exif_transpose(image)
            if image.width > width:
                height = max(1, round(image.height * width / image.width))
                image = image.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=3.0)
            if fmt == "JPEG" and image.mode not in ("RGB", "L"):
                image = image.convert("RGB")
            elif image.mode not in ("RGB", "RGBA", "L", "LA"):
                image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
            out = io.BytesIO()
            image.save(out, fmt, **_SAVE_OPTIONS[fmt])
            return out.getvalue()
    except (OSError, ValueError) as error:  # truncated or corrupt pixel data
        raise RefusedImage(str(error)) from error


def _open(source) -> Image.Image:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(source)
    except (OSError, SyntaxError, ValueError, *_BOMBS) as error:
        raise RefusedImage(str(error)) from error
    if image.width * image.height > MAX_PIXELS or image.format not in FORMATS:
        image.close()
        raise RefusedImage(f"{image.width}x{image.height} {image.format}")
    return image
