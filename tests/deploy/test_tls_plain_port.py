"""TLS's plain port: it answers certbot's challenges from the webroot, and redirects everything
else to SITE_URL, whatever the Host or the target."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings

from tests.support.hostile import REDIRECT_BAIT, REPRODUCIBLE, targets
from tests.support.nginx import assert_safe, request
from tests.support.tls import CHALLENGES, SITE, TOKEN


def plain(tls_front, target: str, host: bytes | None = b"127.0.0.1"):
    """GET `target` on the plain port with this Host (None: HTTP/1.0 without one)."""
    version = b"HTTP/1.1" if host else b"HTTP/1.0"
    return request(tls_front.plain, target.encode(), host=host, version=version)


HOSTS = [b"evil.example", b"www.motorlab.example.evil.example", b"evil.example:443",
         b"www.motorlab.example@evil.example", b"[::1]", b"127.0.0.1", None]  # fmt: skip
TARGETS = ["/", "/en/services", "/en/contact?utm_source=mail&x=%0d%0a", "/no-such-page"]


@pytest.mark.parametrize(
    ("host", "target", "location"),
    [
        *[(host, target, SITE + target) for host in HOSTS for target in TARGETS],
        # Absolute-form targets: nginx keeps only their path and query.
        (b"evil.example", "http://evil.example/en/services?x=1", SITE + "/en/services?x=1"),
        (b"evil.example", "https://evil.example", SITE + "/"),
        # As they came: never a header line or another host; `..` is resolved for choosing a
        # location, never in what is redirected.
        *[(b"evil.example", target, SITE + target) for target in [
            "/%0d%0aSet-Cookie:%20x=1", "//evil.example/", "/\\evil.example",
            f"/{CHALLENGES}/../../secret.txt",
        ]],
    ],
)  # fmt: skip
def test_plain_http_is_sent_to_site_url_whatever_the_host(
    tls_front, browser_urls, host, target, location
):
    answer = plain(tls_front, target, host)
    assert (answer.status, answer.get("Location")) == (301, [location])
    assert_safe(answer, SITE, target if target.startswith("/") else "/", browser_urls)


def check_redirect(answer, target: str, browser_urls) -> None:
    """The target goes to SITE_URL's origin exactly as it was sent, or is refused (400): a
    byte outside visible ASCII always is; nginx's parser refuses some more (NUL, `..`)."""
    if answer.status == 301:
        assert answer.get("Location") == [SITE + target], target
    else:
        assert answer.status == 400 and answer.get("Location") == [], target
    if re.search(r"[^\x21-\x7e]", target):
        assert answer.status == 400, target
    assert_safe(answer, SITE, target, browser_urls)


@pytest.mark.parametrize("bait", REDIRECT_BAIT)
def test_every_bait_is_redirected_to_the_site_or_refused(tls_front, browser_urls, bait):
    for target in (f"/{bait}", f"/en/{bait}/", f"/services?next={bait}"):
        check_redirect(plain(tls_front, target, b"evil.example"), target, browser_urls)


@settings(REPRODUCIBLE, max_examples=150)
@given(target=targets())
def test_hostile_targets_never_leave_site_url(tls_front, browser_urls, target):
    check_redirect(plain(tls_front, target, b"evil.example"), target, browser_urls)


@pytest.mark.parametrize(
    "target",
    [
        f"/{CHALLENGES}/{TOKEN}",
        f"/{CHALLENGES}/{TOKEN}?x=1",
        f"/{CHALLENGES}//{TOKEN}",
        f"/en/../{CHALLENGES}/{TOKEN}",
        f"/{CHALLENGES}/%{ord(TOKEN[0]):02X}{TOKEN[1:]}",
    ],
)
def test_the_challenge_is_answered_from_the_webroot(tls_front, acme_webroot, target):
    """What certbot --webroot wrote, on the plain port (Let's Encrypt asks there)."""
    answer = plain(tls_front, target, b"www.motorlab.example")
    assert answer.status == 200
    assert answer.body == (acme_webroot / CHALLENGES / TOKEN).read_bytes()
    assert answer.get("Content-Type") == ["text/plain; charset=utf-8"]


@pytest.mark.parametrize(
    ("target", "statuses"),
    [
        # `..` in any spelling leaves the location (nginx resolves it first): the redirect.
        *[(f"/{CHALLENGES}/{rest}", (301, 404)) for rest in [
            "../../secret.txt", "%2e%2e/%2e%2e/secret.txt", "..%2f..%2fsecret.txt",
            "%2e%2e%2f%2e%2e%2fsecret.txt", "..%5c..%5csecret.txt", "..%2fbeside.txt",
            "../../beside.txt", "",
        ]],
        (f"/{CHALLENGES}", (301, 404)),
        ("/.well-known/", (301, 404)),
        ("/beside.txt", (301, 404)),
        # A symlink (to /etc/passwd), a dotfile, a page (never as text/html), a folder.
        *[(f"/{CHALLENGES}/{name}", (404,))
          for name in ["passwd", ".hidden", "page.html", f"nested/{TOKEN}", "%2ehidden", "nested"]],
    ],
)  # fmt: skip
def test_only_token_named_files_of_the_challenges_are_served(tls_front, target, statuses):
    answer = plain(tls_front, target)
    assert answer.status in statuses, (answer.status, answer.body[:200])
    for kept in (b"not for the world", b"not a challenge", b"root:"):
        assert kept not in answer.body
