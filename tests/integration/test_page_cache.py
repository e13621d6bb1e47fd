"""The page cache: every public page stored once, compressed once, with strong ETags."""

from __future__ import annotations

import pytest

from motorlab import config, create_app
from motorlab.pages.registry import public_paths
from motorlab.web import compression
from tests.support.app import soup_of
from tests.support.contact_support import csrf_token

PAGES = public_paths(create_app(config.TestConfig()))
CACHED = [path for path in PAGES if not path.endswith("/contact")]


@pytest.mark.parametrize("path", CACHED)
def test_a_page_is_stored_once_compressed_with_strong_etags(client, renders, path):
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
    assert renders, "the first request renders the page"
    control = plain.headers["Cache-Control"]  # a CDN may keep it for a short time
    assert "public" in control and "s-maxage=300" in control and "max-age=60" in control
    renders.clear()
    etags = {"identity": plain.headers["ETag"]}
    for coding in ("br", "gzip"):
        response = client.get(path, headers={"Accept-Encoding": f"{coding}, identity;q=0.5"})
        assert response.headers["Content-Encoding"] == coding
        assert "Accept-Encoding" in response.headers["Vary"]
        assert int(response.headers["Content-Length"]) == len(response.data) < len(plain.data)
        assert compression.decompress(response.data, coding) == plain.data
        etags[coding] = response.headers["ETag"]
    assert renders == [], "answered from the store"
    assert len(set(etags.values())) == 3, "each coding its own representation"
    etag = etags["gzip"]
    assert etag.startswith('"') and not etag.startswith("W/"), "a strong validator"
    again = client.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert (again.status_code, again.data, again.headers["ETag"]) == (304, b"", etag)
    # Another coding of the same page is the same page: still not modified.
    assert client.get(path, headers={"If-None-Match": etag}).status_code == 304
    assert client.get(path, headers={"If-None-Match": '"something-else"'}).status_code == 200


def test_pages_and_drawings_are_compressed_once_at_the_stores_effort(client):
    """Only the request that fills an entry waits: brotli 10 (2 % more than 11) keeps pages in
    the first round trip (test_page_weight.py), brotli 5 (on the fly) would not."""
    drawing = soup_of(client.get("/en/portfolio")).select_one("img.c-card__image")["src"]
    for href in ("/en", drawing):
        with client.get(href, headers={"Accept-Encoding": "identity"}) as plain:
            data = plain.data
        for coding in ("br", "gzip"):
            answers = [client.get(href, headers={"Accept-Encoding": coding}) for _ in range(2)]
            stored = compression.compress(data, coding, compression.STORED)
            assert [answer.data for answer in answers] == [stored] * 2, (href, coding)
            assert {answer.headers["Content-Encoding"] for answer in answers} == {coding}
        sizes = [
            len(compression.compress(data, "br", effort))
            for effort in (compression.SMALLEST, compression.STORED, compression.ON_THE_FLY)
        ]
        assert sizes == sorted(sizes) and len(set(sizes)) == 3, href


@pytest.mark.parametrize("path", ["/contact", "/en/contact"])
def test_the_contact_page_is_never_shared(client, path):
    first = client.get(path)
    assert "ETag" not in first.headers
    assert first.headers["Cache-Control"] == "no-store"
    secret = session_secret(csrf_token(client, path))
    assert session_secret(csrf_token(client, path)) == secret
    fresh = create_app(config.TestConfig()).test_client()
    assert session_secret(csrf_token(fresh, path)) != secret, (
        "another visitor gets a token of their own, not a stored page"
    )


def session_secret(signed_token: str) -> str:
    """The session-bound part of a CSRF token (its signature carries a timestamp)."""
    return signed_token.split(".")[0]


def test_what_is_not_stored_is_rendered_again(client, renders):
    # Each locale's page stored apart: test_every_page.py's visible-text test, through the store.
    for path in ("/en/services", "/en/no-such-page"):
        client.get(path)
        renders.clear()
        client.get(path + "?utm_source=x" if path == "/en/services" else path)
        assert renders, f"{path}: rendered, not taken from the store"


def test_hashed_static_files_are_immutable_for_a_year(client):
    page = soup_of(client.get("/en"))
    script = page.find("meta", attrs={"name": "widget-entry"})["content"]  # a hashed bundle
    icon = page.find("link", rel="icon", type="image/svg+xml")["href"]  # hashed in ?v=
    assert script.startswith("/static/build/mount-") and "?v=" in icon
    for href, coding in ((icon, "identity"), (script, "identity"), (script, "br")):
        with client.get(href, headers={"Accept-Encoding": coding}) as response:
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            compressed = response.data
    assert response.headers["Content-Encoding"] == "br"
    with client.get(script) as plain:
        assert compression.decompress(compressed, "br") == plain.data


def test_accept_encoding_negotiation():
    available = ("identity", "br", "gzip")
    assert compression.negotiate("gzip, deflate, br", available) == "br"
    assert compression.negotiate("gzip", available) == "gzip"
    assert compression.negotiate("br;q=0.4, gzip;q=0.8", available) == "gzip"
    assert compression.negotiate("br;q=0, *;q=0.5", available) == "gzip"
    assert compression.negotiate("", available) == "identity"
    assert compression.negotiate("deflate", available) == "identity"


def test_a_head_request_never_stores_an_empty_page(client):
    head = client.head("/en/portfolio", headers={"Accept-Encoding": "br"})
    assert head.status_code == 200 and head.data == b""
    page = client.get("/en/portfolio")
    assert b"</html>" in page.data
    again = client.head("/en/portfolio")
    assert int(again.headers["Content-Length"]) == len(page.data) and again.data == b""
