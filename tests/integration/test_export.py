"""`make export`: the whole public site as files, equal to what the app serves (with a
production's settings and across releases: test_export_releases.py)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from urllib.parse import urlsplit

import pytest
from bs4 import BeautifulSoup
from PIL import Image, features

from motorlab import config, create_app
from motorlab.build.export import build_folder, export
from motorlab.pages.registry import public_paths
from motorlab.rendering import assets
from motorlab.web import compression
from tests.support.app import soup_of, visible_text
from tests.support.widgets import read_widget_manifest

PAGES = public_paths(create_app(config.TestConfig()))
CONTACT = ("/contact", "/en/contact")
EXPORTED = [path for path in PAGES if path not in CONTACT]


def exported_file(folder, path):
    name = path.strip("/")
    return folder / name if "." in name.rsplit("/", 1)[-1] else folder / name / "index.html"


def test_both_locales_of_every_public_page_are_exported_and_in_the_sitemap(exported_site):
    folder, _urls = exported_site
    assert len(PAGES) >= 20 and "/en" in PAGES and "/en/services" in PAGES
    pages = ("index.html", "400.html", "404.html", "414.html", "431.html")
    names = [f"{prefix}{page}" for prefix in ("", "en/") for page in pages]
    names += ["services/index.html", "en/projects/ads/index.html", "sitemap.xml", "robots.txt"]
    for name in names:
        assert (folder / name).is_file(), name
    assert not (folder / "test").exists() and not (folder / "en" / "test").exists()
    assert not (folder / "language").exists(), "the switcher stays dynamic"
    sitemap = (folder / "sitemap.xml").read_text()
    listed = {urlsplit(loc).path for loc in re.findall(r"<loc>([^<]+)</loc>", sitemap)}
    assert listed == set(PAGES) and "/test" not in sitemap, "the sitemap: every public page"
    # The contact pages are not exported (nginx passes them to the app), and no file carries
    # a CSRF token (regression: one baked into contact/index.html refused every post).
    for path in CONTACT:
        assert not exported_file(folder, path).exists(), path
    for page in folder.rglob("*.html"):
        assert 'name="csrf_token"' not in page.read_text(), page


@pytest.mark.parametrize("path", EXPORTED)
def test_an_exported_page_has_the_apps_visible_text(exported_site, client, path):
    folder, _urls = exported_site
    exported = BeautifulSoup(exported_file(folder, path).read_text(), "html.parser")
    served = soup_of(client.get(path))
    assert visible_text(exported) == visible_text(served)
    assert exported.title.string == served.title.string


@pytest.mark.parametrize(
    ("status", "request_args"),
    [
        (404, {"path": "/no-such-page"}),
        (414, {"path": "/" + "x" * 3000}),
        (400, {"path": "/services", "headers": {"Host": "evil.example"}}),
    ],
)
@pytest.mark.parametrize("prefix", ["", "/en"])
def test_the_error_pages_nginx_answers_are_the_apps(
    exported_site, client, status, request_args, prefix
):
    folder, _urls = exported_site
    exported = BeautifulSoup(
        (folder / prefix.lstrip("/") / f"{status}.html").read_text(), "html.parser"
    )
    answer = client.get(prefix + request_args["path"], headers=request_args.get("headers", {}))
    assert answer.status_code == status
    assert visible_text(exported) == visible_text(soup_of(answer))
    assert exported.title.string == soup_of(answer).title.string


@pytest.mark.parametrize(
    ("name", "spanish", "english"),
    [
        ("404.html", "No se ha encontrado esta página", "This page could not be found"),
        (
            "431.html",
            "Las cabeceras de la petición son demasiado grandes: borra las cookies de este sitio "
            "y vuelve a intentarlo",
            "The request's headers are too large: delete this site's cookies and try again",
        ),
    ],
)
def test_the_error_pages_are_in_their_locale(exported_site, name, spanish, english):
    folder, _urls = exported_site
    for prefix, lang, heading in (("", "es", spanish), ("en/", "en", english)):
        page = BeautifulSoup((folder / prefix / name).read_text(), "html.parser")
        assert page.html["lang"] == lang and page.h1.get_text(strip=True) == heading, prefix


def test_every_asset_and_image_a_page_references_is_exported_and_what_its_name_says(
    exported_site,
):
    """Stylesheets, scripts, every srcset width and the share image (a PNG)."""
    folder, _urls = exported_site
    for path in EXPORTED:
        page = BeautifulSoup(exported_file(folder, path).read_text(), "html.parser")
        share = urlsplit(page.find("meta", property="og:image")["content"]).path
        assert (folder / share.lstrip("/")).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path
        refs = [tag["href"] for tag in page.find_all("link", href=True)]
        refs += [tag["src"] for tag in page.find_all(["img", "script"], src=True)]
        srcsets = [tag["srcset"] for tag in page.find_all(srcset=True)]
        refs += [item.split()[0] for srcset in srcsets for item in srcset.split(",")]
        for url in map(urlsplit, refs):
            ours = url.netloc in ("", "www.motorlab.example")
            if ours and url.path.startswith(("/static/", "/_img/")):
                assert (folder / url.path.lstrip("/")).is_file(), f"{path} -> {url.path}"
    # Regression: the logo's .avif and .webp siblings were PNG bytes, which nginx sent as
    # `image/avif` and `image/webp`. The export writes a sibling only in its own format.
    assert images_decode_as_named(folder) >= 40
    logo = folder / "_img" / "logo-512.png"
    assert logo.is_file() and not list(logo.parent.glob("logo-512.png.*")), "one format"


def test_every_exported_page_carries_the_apps_inline_stylesheets(exported_site):
    """nginx sends one policy for every file, naming every inline stylesheet of the build
    (tests/deploy/test_nginx_values.py): each exported page holds the app's blocks as the
    app serves it, the shared one first (the guideline's own instead), the error pages'
    after it on theirs, and no stylesheet link."""
    folder, _urls = exported_site
    block = {key: str(assets.stylesheet(key=key).element()) for key in assets.stylesheet_keys()}
    wrong = {}
    for page in sorted(folder.rglob("*.html")):
        html, name = page.read_text(), str(page.relative_to(folder))
        first = "guideline.css" if name.endswith("guideline/index.html") else "site.css"
        error = re.fullmatch(r"(en/)?\d{3}\.html", name)
        expected = [first, "error_page.css"] if error else [first]
        if (
            [key for key in assets.stylesheet_keys() if block[key] in html] != expected
            or html.count("<style") != len(expected)
            or 'rel="stylesheet"' in html
        ):
            wrong[name] = html.count("<style")
    assert wrong == {}


@pytest.mark.system  # a second whole export: out of make test-fast's edit loop
def test_raster_pictures_are_exported_at_every_width_with_avif_and_webp(
    raster_app, monkeypatch, tmp_path
):
    """A photograph in content/team.py: the export holds each srcset width in three formats."""
    from tests.support.app import raster_portrait_first

    raster_portrait_first(monkeypatch)
    folder = tmp_path / "site"
    export(raster_app, folder)
    page = BeautifulSoup((folder / "en/aboutus/index.html").read_text(), "html.parser")
    portrait = page.find("img", srcset=True, class_="c-member__portrait")
    urls = [urlsplit(item.split()[0]).path for item in portrait["srcset"].split(",")]
    assert len(urls) == 4
    for url in urls:
        base = folder / url.lstrip("/")
        for name in (base.name, base.name + ".webp", base.name + ".avif"):
            assert base.with_name(name).is_file(), name
    assert images_decode_as_named(folder) > 3 * len(urls)


# What each image file of the export must be, by the extension of its name.
IMAGE_FORMATS = {f".{name.lower()}": name for name in ("PNG", "JPEG", "WEBP", "AVIF", "ICO")}
IMAGE_FORMATS[".jpg"] = "JPEG"


def images_decode_as_named(folder) -> int:
    """Decodes every image file under `folder` fully, each by what its extension says (SVG
    as XML with an <svg> root); returns how many."""
    assert features.check("avif"), "this Pillow decodes AVIF"
    images = [file for file in sorted(folder.rglob("*")) if file.suffix.lower() in IMAGE_FORMATS]
    for file in images:
        with Image.open(file, formats=[IMAGE_FORMATS[file.suffix.lower()]]) as image:
            image.load()
    svgs = sorted(folder.rglob("*.svg"))
    assert [f for f in svgs if ET.parse(f).getroot().tag != "{http://www.w3.org/2000/svg}svg"] == []
    return len(images) + len(svgs)


def test_every_widget_chunk_is_exported_compressed_and_the_builds_bookkeeping_is_not(
    exported_site, client
):
    """The chunks mount.js imports lazily are referenced by no page, only by other chunks:
    the export still holds each one, precompressed for nginx where compression gains (a
    chunk that only re-exports another, such as the toast's, is under MIN_SIZE). esbuild's
    manifest and the record of retired files (motorlab.releases) are neither exported nor
    served."""
    folder, _urls = exported_site
    assert not (build_folder(folder) / "manifest.json").exists()
    assert not (build_folder(folder) / "retired.json").exists()
    for path in ("build/manifest.json", "build/./manifest.json", "build/chunks/../manifest.json",
                 "build/retired.json", "build/./retired.json"):  # fmt: skip
        response = client.get("/static/" + path)
        assert response.status_code == 404, path
        assert "No se ha encontrado esta página" in visible_text(soup_of(response))
    with client.get("/static/img/favicon.svg") as response:
        assert response.status_code == 200, "other static files are"
    manifest = read_widget_manifest()
    files = {manifest["site.css"], manifest["entry"]["file"], *manifest["entry"]["imports"]}
    for widget in manifest["widgets"].values():
        files.update([widget["file"], *widget["imports"]])
    for file in sorted(files):
        exported = build_folder(folder) / file
        assert exported.is_file(), file
        large = exported.stat().st_size >= compression.MIN_SIZE
        assert exported.with_name(exported.name + ".gz").is_file() is large, file
    bundle = next(build_folder(folder).glob("site-*.css")).relative_to(folder)
    for name in ("en/services/index.html", str(bundle), "sitemap.xml"):
        original = (folder / name).read_bytes()
        for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
            sibling = (folder / (name + suffix)).read_bytes()
            assert compression.decompress(sibling, coding) == original, name + suffix
