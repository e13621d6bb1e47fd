"""The app built with TestConfig, its test clients, `config_with`, HTML and CSP helpers, and an
app whose static folder holds raster pictures."""

from __future__ import annotations

import shutil
from dataclasses import replace

import pytest
from bs4 import BeautifulSoup
from flask import template_rendered
from PIL import Image, ImageDraw

from motorlab import create_app
from motorlab.config import TestConfig
from motorlab.content import team
from motorlab.i18n import COOKIE_NAME, DEFAULT_LOCALE
from tests.support import ROOT, internals  # noqa: F401  (every app shares compiled templates)

STATIC = ROOT / "site" / "motorlab" / "static"
SITE = "https://www.motorlab.example"  # TestConfig's SITE_URL


def soup_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def csp_directives(headers) -> dict[str, str]:
    """An answer's Content-Security-Policy as {directive: its sources}."""
    policy = headers["Content-Security-Policy"]
    return dict(directive.split(" ", 1) for directive in policy.split("; "))


def visible_text(soup: BeautifulSoup) -> str:
    """The page's text as a person reads it: whitespace folded, scripts left out."""
    for node in soup(["script", "style", "template"]):
        node.decompose()
    return " ".join(soup.get_text(" ").split())


def config_with(**overrides) -> TestConfig:
    """TestConfig with some settings changed: `config_with(PROXY_FIX_HOPS=1)`."""
    config = TestConfig()
    for name, value in overrides.items():
        setattr(config, name, value)
    return config


ANALYTICS_ID = "G-TEST12345"


def analytics_config() -> TestConfig:
    return config_with(ANALYTICS_ID=ANALYTICS_ID)


@pytest.fixture(scope="session")
def shared_app():
    return create_app(TestConfig())


@pytest.fixture
def app(request):
    """A fresh app, or with the `shared_app` mark (tests that only GET with default settings,
    whatever the store holds) the one app the process shares."""
    if request.node.get_closest_marker("shared_app"):
        return request.getfixturevalue("shared_app")
    return create_app(TestConfig())


def returning_visitor(app, locale: str = DEFAULT_LOCALE):
    """A test client with the language cookie set, so `/` never redirects."""
    client = app.test_client()
    client.set_cookie(COOKIE_NAME, locale)
    return client


@pytest.fixture
def client(app):
    return returning_visitor(app)


@pytest.fixture
def renders(app):
    """The names of the templates `app` renders while the test runs, in order."""
    seen: list[str] = []

    def record(sender, template, context, **extra):
        seen.append(template.name)

    template_rendered.connect(record, app)
    yield seen
    template_rendered.disconnect(record, app)


# --- Raster pictures: what an agency swaps in for the drawn SVGs -----------------------------

RASTER_PORTRAIT = "img/team/fixture-portrait.png"
RASTER_PHOTO = "img/team/fixture-photo.jpg"


def draw_raster(path, size, fmt):
    """A raster picture made here (gradient and shapes, so resizing has real work to do)."""
    image = Image.linear_gradient("L").resize(size).convert("RGB")
    pen = ImageDraw.Draw(image)
    pen.ellipse((size[0] // 4, size[1] // 4, size[0] * 3 // 4, size[1] * 3 // 4), fill="#c8102e")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, fmt)
    return path


def raster_portrait_first(monkeypatch):
    """content/team.py with its first member's portrait the PNG: that member."""
    first = team.TEAMS[0]
    member = first.members[0]
    member = replace(member, image=replace(member.image, src=RASTER_PORTRAIT))
    first = replace(first, members=(member, *first.members[1:]))
    monkeypatch.setattr(team, "TEAMS", (first, *team.TEAMS[1:]))
    return member


@pytest.fixture(scope="session")
def drawn_rasters(tmp_path_factory):
    """The PNG portrait and the JPEG photo, drawn once for the whole run (36 ms a pair)."""
    folder = tmp_path_factory.mktemp("rasters")
    draw_raster(folder / RASTER_PORTRAIT, (800, 800), "PNG")
    draw_raster(folder / RASTER_PHOTO, (1600, 900), "JPEG")
    return folder


@pytest.fixture
def raster_app(tmp_path, drawn_rasters):
    """The app over a copy of the static folder with the rasters, and its own image cache."""
    app = create_app(TestConfig())
    static = tmp_path / "static"
    shutil.copytree(app.static_folder, static)
    for picture in (RASTER_PORTRAIT, RASTER_PHOTO):
        (static / picture).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(drawn_rasters / picture, static / picture)
    app.static_folder = str(static)
    app.config["IMAGE_CACHE_DIR"] = str(tmp_path / "image-cache")
    return app
