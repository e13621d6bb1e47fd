"""Content coding: brotli or gzip, chosen by the request's `Accept-Encoding`.

Pages are compressed once, when the page store keeps them (see page_store.py), so a cached
hit only picks the stored variant. Brotli comes first: on this site's HTML it is 5-15 %
smaller than gzip, and every current browser sends `br` over HTTPS. gzip
stays for clients (and proxies) that do not take brotli; a client that takes neither gets
the identity body.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass

import brotli
from werkzeug.http import parse_accept_header

# Most preferred first. "identity" is the uncompressed body.
CODINGS = ("br", "gzip")
IDENTITY = "identity"
MIN_SIZE = 256  # smaller bodies gain nothing from compression


@dataclass(frozen=True)
class Effort:
    """How hard to compress, by who waits for it (brotli's quality, gzip's level)."""

    brotli: int
    gzip: int


# On the home page (59 kB of HTML), brotli 5 takes 1-2 ms for 13.5 kB, brotli 10 about 20 ms
# for 12.4 kB and brotli 11 about 60 ms for 12.2 kB.
# - An answer compressed as it leaves (the contact form, an error page, a static text file):
#   every such request waits for it.
ON_THE_FLY = Effort(brotli=5, gzip=6)
# - A page the store keeps: only the request that fills its entry waits (once per page,
#   variant and release; per process with SimpleCache), and every later visitor gets the
#   smaller bytes: brotli 10's kilobyte less is what keeps a page within the first round trip
#   of a new connection (tests/integration/test_page_weight.py), for 20 ms once.
STORED = Effort(brotli=10, gzip=6)
# - The export: no one waits.
SMALLEST = Effort(brotli=11, gzip=9)


def compress(data: bytes, coding: str, effort: Effort = SMALLEST) -> bytes:
    if coding == "br":
        return brotli.compress(data, quality=effort.brotli, mode=brotli.MODE_TEXT)
    if coding == "gzip":
        # mtime=0: the same page always gives the same bytes, so its ETag stays stable.
        return gzip.compress(data, compresslevel=effort.gzip, mtime=0)
    if coding == IDENTITY:
        return data
    raise ValueError(f"unknown content coding {coding!r}")


def decompress(data: bytes, coding: str) -> bytes:
    if coding == "br":
        return brotli.decompress(data)
    if coding == "gzip":
        return gzip.decompress(data)
    return data


def variants(data: bytes, effort: Effort = SMALLEST) -> dict[str, bytes]:
    """The body in every coding worth keeping (identity always)."""
    found = {IDENTITY: data}
    if len(data) >= MIN_SIZE:
        for coding in CODINGS:
            found[coding] = compress(data, coding, effort)
    return found


def negotiate(accept_encoding: str | None, available) -> str:
    """The best of the `available` codings for an `Accept-Encoding` header, q-values and
    `*` honoured; identity when the client takes none of them."""
    accepted = parse_accept_header(accept_encoding or "")
    best, best_quality = IDENTITY, 0.0
    for coding in CODINGS:
        quality = accepted.quality(coding) if coding in available else 0
        if quality > best_quality:
            best, best_quality = coding, quality
    return best
