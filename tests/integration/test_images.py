"""The image service (/_img), the picture macros and the share images."""

from __future__ import annotations

import dataclasses
import io
import os

import pytest
from bs4 import BeautifulSoup
from PIL import Image

from motorlab.content import team
from motorlab.content.types import ArtDirectedImage
from motorlab.content.types import Image as ContentImage
from motorlab.images.resize import MAX_PIXELS, WIDTHS
from tests.support.app import (
    RASTER_PHOTO,
    RASTER_PORTRAIT,
    STATIC,
    draw_raster,
    raster_portrait_first,
    soup_of,
)

FORMATS = {  # Accept header -> (Pillow format, media type)
    "image/avif,image/webp,image/*;q=0.8": ("AVIF", "image/avif"),
    "image/webp,image/*;q=0.8": ("WEBP", "image/webp"),
    "image/*": (None, None),  # the source's own format
}
SOURCES = {RASTER_PORTRAIT: ("PNG", (800, 800)), RASTER_PHOTO: ("JPEG", (1600, 900))}


def decoded(response) -> Image.Image:
    image = Image.open(io.BytesIO(response.data))
    image.load()
    return image


@pytest.mark.parametrize("accept", FORMATS)
@pytest.mark.parametrize("source", SOURCES)
def test_every_breakpoint_width_in_every_format(raster_app, source, accept):
    client = raster_app.test_client()
    fmt, media_type = FORMATS[accept]
    original, (full_width, full_height) = SOURCES[source]
    for width in WIDTHS:
        response = client.get(f"/_img/{width}/{source}", headers={"Accept": accept})
        assert response.status_code == 200
        image = decoded(response)
        assert image.format == (fmt or original)
        assert response.mimetype == (media_type or Image.MIME[original])
        expected = min(width, full_width)  # never scaled up
        assert image.size == (expected, round(full_height * expected / full_width)), width
        assert "Accept" in response.headers["Vary"]


def test_renditions_are_cached_on_disk_immutable_when_versioned_never_in_a_refused_format(
    raster_app,
):
    client = raster_app.test_client()
    url = f"/_img/640/{RASTER_PHOTO}"
    first = client.get(url, headers={"Accept": "image/webp"})
    cache = raster_app.config["IMAGE_CACHE_DIR"]
    files = [os.path.join(d, f) for d, _, names in os.walk(cache) for f in names]
    assert len(files) == 1 and files[0].endswith(".webp")
    stamp = os.stat(files[0]).st_mtime_ns
    second = client.get(url, headers={"Accept": "image/webp"})
    assert second.data == first.data
    assert os.stat(files[0]).st_mtime_ns == stamp, "read back, not encoded again"
    control = client.get(f"/_img/320/{RASTER_PORTRAIT}?v=abc").headers["Cache-Control"]
    assert "immutable" in control and "max-age=31536000" in control
    # A format with quality zero is never sent (a regression: `image/avif;q=0` got AVIF).
    for accept, media_type in [
        ("image/avif;q=0,image/webp,*/*;q=0.8", "image/webp"),
        ("image/avif;q=0.0, image/webp;q=0", "image/png"),
        ("image/webp;q=0, image/avif;q=0.5", "image/avif"),
    ]:
        response = client.get(f"/_img/320/{RASTER_PORTRAIT}", headers={"Accept": accept})
        assert (response.status_code, response.mimetype) == (200, media_type), accept


NOT_FOUND = [  # other widths, and what is no image
    *(
        f"/_img/{width}/{RASTER_PORTRAIT}"
        for width in (0, 1, 100, 319, 321, 500, 1920, 2048, 99999)
    ),
    *(f"/_img/640/{name}" for name in ("css/site.css", "build/manifest.json", "img/missing.png")),
]
OUTSIDE = [  # paths that leave the static folder
    "/_img/640/../config.py",
    "/_img/640/%2e%2e/config.py",
    "/_img/640/%2E%2E/%2e%2e/pyproject.toml",
    "/_img/640/img/%2e%2e/%2e%2e/config.py",
    "/_img/640/..%2fconfig.py",
    "/_img/640/%2fetc%2fpasswd",
    "/_img/640//etc/passwd",
    "/_img/640/img\\..\\..\\config.py",
    "/_img/640/http://example.com/a.png",
    "/_img/640/https%3A%2F%2Fexample.com%2Fa.png",
]


def test_what_is_no_image_of_the_static_folder_is_refused(raster_app, tmp_path):
    """Other widths and other files are not found; paths and links out of the folder are refused
    (by /static too: a link planted to /etc/passwd came back 200); a file that only claims to be
    an image and a decompression bomb are a 400, and never cached."""
    client = raster_app.test_client()
    for path in NOT_FOUND:
        assert client.get(path).status_code == 404, path
    for path in OUTSIDE:
        response = client.get(path, follow_redirects=True)
        assert response.status_code in (400, 404), path
        assert not response.mimetype.startswith("image/"), path
    folder = os.path.join(raster_app.static_folder, "img")
    with open(os.path.join(folder, "fake.png"), "w") as fake:
        fake.write("<?php echo 'not a picture'; ?>")
    side = int(MAX_PIXELS**0.5) + 200  # a little over the limit; compresses to a few KB
    Image.new("1", (side, side)).save(os.path.join(folder, "bomb.png"))
    for name in ("fake.png", "bomb.png"):
        assert client.get(f"/_img/320/img/{name}").status_code == 400, name
    outside = tmp_path / "secret.txt"
    outside.write_text("root:x:0:0")
    os.symlink(draw_raster(tmp_path / "outside.png", (400, 300), "PNG"), f"{folder}/link.png")
    os.symlink(outside, os.path.join(folder, "planted.txt"))
    os.symlink("/etc/passwd", os.path.join(folder, "passwd.txt"))
    os.symlink(os.path.join(folder, "favicon.svg"), os.path.join(folder, "inside.svg"))
    assert client.get("/_img/320/img/link.png").status_code == 404
    for name in ("planted.txt", "passwd.txt"):
        with client.get(f"/static/img/{name}") as response:
            assert response.status_code == 404 and b"root:x:0" not in response.data
    with client.get("/static/img/inside.svg") as inside:
        assert inside.status_code == 200, "a link inside is fine"
    assert not os.path.exists(raster_app.config["IMAGE_CACHE_DIR"])


def rendered(app, macro: str, call: str, **values):
    """The component `macro` called as `call` (`image(img, priority=true)`) during a request
    for an English page, parsed."""
    source = f'{{% from "components/{macro}/{macro}.html" import {macro} %}}{{{{ {call} }}}}'
    with app.test_request_context("/en/aboutus"):
        return BeautifulSoup(app.jinja_env.from_string(source).render(**values), "html.parser")


def test_image_and_picture_macros_give_a_raster_srcset_sizes_and_a_priority_svg_as_it_is(
    raster_app,
):
    portrait = ContentImage(RASTER_PORTRAIT, "Portrait", 160, 160)
    img = rendered(raster_app, "image", 'image(img, class="c")', img=portrait).find("img")
    candidates = [item.strip().split(" ") for item in img["srcset"].split(",")]
    urls = [url for url, _ in candidates]
    assert [descriptor for _, descriptor in candidates] == ["320w", "640w", "768w", "800w"]
    assert all(url.startswith("/_img/") and RASTER_PORTRAIT in url and "?v=" in url for url in urls)
    assert img["sizes"] == "(max-width: 160px) 100vw, 160px"
    assert (img["width"], img["height"], img["alt"]) == ("160", "160", "Portrait")
    assert img["loading"] == "lazy" and img["decoding"] == "async"
    assert not img.has_attr("fetchpriority")
    assert img["src"] == urls[0]
    client = raster_app.test_client()
    for url in urls:
        assert client.get(url, headers={"Accept": "image/avif"}).status_code == 200
    # The first large image of a page is fetched at once, at high priority.
    photo = ContentImage(RASTER_PHOTO, "Workshop", 1200, 675)
    img = rendered(raster_app, "image", "image(img, priority=true)", img=photo).find("img")
    assert img["fetchpriority"] == "high" and img["loading"] == "eager"
    assert img["sizes"] == "(max-width: 1200px) 100vw, 1200px"
    assert img["src"].startswith("/_img/1280/")
    assert [c.split(" ")[1] for c in img["srcset"].split(", ")][-1] == "1536w"
    # An art-directed picture: each crop its own srcset.
    art = ArtDirectedImage(wide=photo, narrow=ContentImage(RASTER_PORTRAIT, "Team", 600, 600))
    page = rendered(raster_app, "picture", "picture(art)", art=art)
    source, img = page.find("source"), page.find("img")
    assert RASTER_PHOTO in source["srcset"] and "1536w" in source["srcset"]
    assert source["sizes"] == "(max-width: 1200px) 100vw, 1200px"
    assert RASTER_PORTRAIT in img["srcset"] and img["loading"] == "lazy"
    # An SVG keeps its static URL (it scales by itself), and the service serves it as it is.
    logo = ContentImage("img/favicon.svg", "", 32, 32)
    img = rendered(raster_app, "image", "image(img)", img=logo).find("img")
    assert img["src"].startswith("/static/img/favicon.svg?v=") and not img.has_attr("srcset")
    assert img["loading"] == "lazy" and img["decoding"] == "async"
    with client.get("/_img/640/img/favicon.svg") as response:
        assert (response.status_code, response.mimetype) == (200, "image/svg+xml")
        assert response.data == (STATIC / "img" / "favicon.svg").read_bytes()


@pytest.mark.parametrize(
    ("path", "first"),
    [
        ("/services", "img/slides/technology.svg"),
        ("/en/services", "img/slides/technology.svg"),
        ("/portfolio", "img/projects/ads.es.svg"),
        ("/en/portfolio", "img/projects/ads.en.svg"),
        ("/projects/kuzu", "img/projects/kuzu.es.svg"),
    ],
)
def test_the_largest_paint_on_a_phone_is_fetched_early(client, path, first):
    """Lighthouse's largest contentful paint (mobile) is the page's first image, fetched eagerly
    at high priority; every other image of <main> waits for the viewport."""
    images = soup_of(client.get(path)).main.find_all("img")
    marked = [img["src"].split("?")[0] for img in images if img.get("fetchpriority") == "high"]
    assert marked == [f"/static/{first}"] and images[0]["src"].startswith(marked[0])
    assert [img.get("loading") for img in images[1:]] == ["lazy"] * (len(images) - 1)


def test_real_photographs_replace_the_team_pictures_without_a_template_change(
    raster_app, monkeypatch
):
    """The agency swaps the drawn SVGs for a PNG/JPEG in content/team.py: nothing else."""
    member = raster_portrait_first(monkeypatch)
    photo = dataclasses.replace(
        team.PHOTO,
        wide=dataclasses.replace(team.PHOTO.wide, src=RASTER_PHOTO),
        narrow=dataclasses.replace(team.PHOTO.narrow, src=RASTER_PORTRAIT),
    )
    monkeypatch.setattr(team, "PHOTO", photo)
    client = raster_app.test_client()
    page = soup_of(client.get("/en/aboutus"))
    portraits = [img for img in page.select("img.c-member__portrait") if img.get("srcset")]
    assert len(portraits) == 1 and RASTER_PORTRAIT in portraits[0]["src"]
    assert portraits[0]["width"] == str(member.image.width)
    assert RASTER_PHOTO in page.find("picture").find("source")["srcset"]
    assert RASTER_PORTRAIT in page.find("picture").find("img")["srcset"]
    for url in [c.split(" ")[0] for c in portraits[0]["srcset"].split(", ")]:
        response = client.get(url, headers={"Accept": "image/webp"})
        assert response.status_code == 200 and decoded(response).format == "WEBP"
