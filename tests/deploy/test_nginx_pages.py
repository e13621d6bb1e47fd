"""nginx in front, as production runs it (`nginx_server` over the export, before `app_server`):
every page and file answers as the app alone does; only the dynamic paths reach the app."""

from __future__ import annotations

import base64
import hashlib
import shutil

import pytest
from bs4 import BeautifulSoup

from motorlab.web import compression
from tests.support.clients import SPANISH_COOKIE, Visitor, get
from tests.support.contact_support import VALID
from tests.support.nginx import PAGES, assert_the_apps_security_headers, text_of
from tests.support.widgets import read_widget_manifest


def assert_the_policy_names_each_style(answer, count: int) -> None:
    """Each <style> block (the shared one or the guideline's, an error page's after it) is one
    the policy names by its hash: both come from the build, or the page is unstyled."""
    styles = BeautifulSoup(answer[2].decode(), "html.parser").find_all("style")
    assert len(styles) == count
    csp = dict(d.split(" ", 1) for d in answer[1]["Content-Security-Policy"].split("; "))
    for style in styles:
        digest = base64.b64encode(hashlib.sha256(style.string.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in csp["style-src"].split()


@pytest.mark.parametrize("path", PAGES)
def test_every_page_answers_as_the_app_alone(nginx_server, app_server, path):
    """The page, and the app's security headers once: nginx's copy on exported files, the
    app's own on proxied answers (the contact page), never both."""
    front = get(nginx_server + path, SPANISH_COOKIE)
    alone = get(app_server + path, SPANISH_COOKIE)
    assert front[0] == alone[0] == 200
    assert text_of(front[2]) == text_of(alone[2])
    assert_the_apps_security_headers(front[1], alone[1], proxied=path.endswith("/contact"))
    assert_the_policy_names_each_style(front, 1)
    # SITE_URL is plain http on loopback: no HSTS from either.
    assert all("Strict-Transport-Security" not in headers for headers in (front[1], alone[1]))
    if not path.endswith("/contact") and path != "/":
        assert "Set-Cookie" not in front[1], "served by nginx from the export"
        assert "s-maxage=300" in front[1]["Cache-Control"]


@pytest.mark.parametrize("path", ["/en/services", "/projects/kuzu", "/sitemap.xml"])
def test_nginx_sends_the_precompressed_files_and_304_to_their_etag(nginx_server, path):
    plain = get(nginx_server + path)
    for coding in ("br", "gzip"):
        status, headers, body = get(nginx_server + path, {"Accept-Encoding": coding})
        assert status == 200 and headers["Content-Encoding"] == coding
        assert "Accept-Encoding" in headers["Vary"]
        assert compression.decompress(body, coding) == plain[2]
    assert get(nginx_server + path, {"If-None-Match": plain[1]["ETag"]})[0] == 304


@pytest.mark.parametrize(
    "path",
    [
        *[path + "/" for path in PAGES if path != "/"],
        "//en/test",
        "/en//services",
        "///en",
        "/services//",
        "/en/",
        "/no-such-page/",
        "/services/?utm_source=mail&x=1",
    ],
)
def test_slashes_redirect_as_in_the_app(nginx_server, app_server, path):
    front = get(nginx_server + path)
    alone = get(app_server + path)
    assert front[0] == alone[0] == 308
    location = front[1]["Location"]
    assert location == alone[1]["Location"]
    assert location == "/" or ("//" not in location and not location.endswith("/"))


def test_the_contact_form_works_through_nginx(nginx_server):
    visitor = Visitor(nginx_server)
    visitor.fetch_token()
    assert visitor.post("/en/contact", VALID)[0] == 303
    assert visitor.headers["Location"].endswith("/en/contact")
    page = BeautifulSoup(visitor.get("/en/contact")[1], "html.parser")
    assert page.find(class_="c-contact-sent") is not None  # the confirmation, once
    invalid = {"name": "", "email": "x", "description": "short"}
    assert visitor.post("/en/contact", invalid)[0] == 422


def test_health_the_language_switcher_and_unexported_images_reach_the_app(nginx_server):
    status, headers, _ = get(nginx_server + "/language/en?next=/en/services")
    assert status == 303 and headers["Location"] == "/en/services"
    assert "i18n_redirected=en" in headers["Set-Cookie"]
    status, headers, body = get(nginx_server + "/healthz")
    # This app is told of no proxy (PROXY_FIX_HOPS=0): a forwarded request is not the machine's.
    assert (status, body) == (200, b'{"status":"ok"}\n')
    status, headers, body = get(nginx_server + "/_img/640/img/favicon.svg")
    assert status == 200 and headers["Content-Type"].startswith("image/svg+xml")


@pytest.fixture
def planted_image(exported_site):
    """A raster and its .avif and .webp siblings planted in the export (each body names its
    file), removed afterwards: its URL."""
    folder = exported_site[0] / "_img" / "320" / "img" / "nginx-check"
    folder.mkdir(parents=True, exist_ok=True)
    for suffix in ("", ".avif", ".webp"):
        (folder / f"photo.png{suffix}").write_bytes(f"body{suffix}".encode())
    yield "/_img/320/img/nginx-check/photo.png"
    shutil.rmtree(folder)


@pytest.mark.parametrize(
    ("accept", "sibling", "media_type"),
    [
        ("image/avif,image/webp,image/*,*/*;q=0.8", ".avif", "image/avif"),
        ("image/webp,*/*", ".webp", "image/webp"),
        ("image/png,image/*", "", "image/png"),
        ("image/avif;q=0,image/webp,*/*;q=0.8", ".webp", "image/webp"),  # q=0 refuses
        ("image/avif;q=0.0, image/webp;q=0, image/png", "", "image/png"),
    ],
)
def test_nginx_picks_the_exported_image_format_by_accept(
    nginx_server, app_server, planted_image, accept, sibling, media_type
):
    """The sibling is no address of its own: the app's 404, in any case."""
    status, headers, body = get(nginx_server + planted_image + "?v=1", {"Accept": accept})
    assert (status, headers["Content-Type"], body) == (200, media_type, f"body{sibling}".encode())
    assert "Accept" in headers["Vary"]
    assert "immutable" in headers["Cache-Control"]
    for suffix in (".avif", ".webp", ".AVIF"):
        front = get(nginx_server + planted_image + suffix)
        alone = get(app_server + planted_image + suffix)
        assert front[0] == alone[0] == 404
        assert text_of(front[2]) == text_of(alone[2])


# Files of the export that are no address of their own: the app answers them 404.
WIDGET_CHUNK = read_widget_manifest()["entry"]["imports"][0]
NOT_ADDRESSES = [
    "/index.html",
    "/en/index.html",
    "/services/index.html",
    "/en/services/index.html",
    "/404.html",
    "/en/404.html",
    "/400.html",
    "/en/431.html",
    "/index.html.br",
    "/index.html.gz",
    "/en/services/index.html.br",
    "/sitemap.xml.gz",
    f"/static/build/{WIDGET_CHUNK}.br",
    f"/static/build/{WIDGET_CHUNK}.gz",
]


@pytest.mark.parametrize(
    "path", [*NOT_ADDRESSES, "/static/build/manifest.json", "/no-such-page", "/en/no-such-page"]
)
def test_a_file_of_the_export_that_is_no_address_answers_as_the_app(
    nginx_server, app_server, exported_site, path
):
    """Regression: nginx sent compressed siblings as downloads, pages at a second address
    (`/index.html`) and esbuild's manifest: each is now the app's 404 in the path's language."""
    exported = exported_site[0] / path.lstrip("/")
    assert exported.is_file() == (path in NOT_ADDRESSES), "the file is (or is not) there"
    front = get(nginx_server + path)
    alone = get(app_server + path)
    assert front[0] == alone[0] == 404
    assert front[1]["Content-Type"] == alone[1]["Content-Type"] == "text/html; charset=utf-8"
    assert "Content-Encoding" not in front[1]
    assert text_of(front[2]) == text_of(alone[2])
    assert_the_policy_names_each_style(front, 2)
