"""Fixtures shared by every test: the app built with TestConfig, its client, HTML parsing."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from motorlab import create_app
from motorlab.config import TestConfig

# The contact tests' fixtures (smtp, contact_app, contact_client).
pytest_plugins = ["tests.contact_support"]


@pytest.fixture
def app():
    return create_app(TestConfig())


@pytest.fixture
def client(app):
    """A returning visitor: the language cookie is set, so `/` never redirects."""
    client = app.test_client()
    client.set_cookie("i18n_redirected", "es")
    return client


@pytest.fixture
def first_visit_client(app):
    """A visitor without the language cookie."""
    return app.test_client()


def soup_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def visible_text(soup: BeautifulSoup) -> str:
    """The page's text as a person reads it: whitespace folded, scripts left out."""
    for node in soup(["script", "style", "template"]):
        node.decompose()
    return " ".join(soup.get_text(" ").split())


# --- Speed and deployment (#9): raster fixtures, the static export, gunicorn and nginx. ---

RASTER_PORTRAIT = "img/team/fixture-portrait.png"
RASTER_PHOTO = "img/team/fixture-photo.jpg"


def draw_raster(path, size, fmt):
    """A raster picture made here (gradient and shapes, so resizing has real work to do)."""
    from PIL import Image, ImageDraw

    image = Image.linear_gradient("L").resize(size).convert("RGB")
    pen = ImageDraw.Draw(image)
    pen.ellipse((size[0] // 4, size[1] // 4, size[0] * 3 // 4, size[1] * 3 // 4), fill="#c8102e")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, fmt)
    return path


@pytest.fixture
def raster_app(tmp_path):
    """The app over a copy of the static folder that also holds a PNG portrait and a JPEG
    photo (what an agency swaps in for the drawn SVGs), with its own image disk cache."""
    import shutil

    app = create_app(TestConfig())
    static = tmp_path / "static"
    shutil.copytree(app.static_folder, static)
    draw_raster(static / RASTER_PORTRAIT, (800, 800), "PNG")
    draw_raster(static / RASTER_PHOTO, (1600, 900), "JPEG")
    app.static_folder = str(static)
    app.config["IMAGE_CACHE_DIR"] = str(tmp_path / "image-cache")
    return app


@pytest.fixture(scope="session")
def session_dir():
    """A private folder for the session's servers and export. Not under pytest's basetemp:
    other pytest runs of the same user prune old basetemp folders while this one runs."""
    import shutil
    import tempfile
    from pathlib import Path

    folder = Path(tempfile.mkdtemp(prefix="motorlab-tests-"))
    folder.chmod(0o755)  # nginx's workers (www-data when started as root) read the export
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def exported_site(session_dir):
    """`make export` once per session, into a temporary folder: (folder, frozen URLs)."""
    from motorlab.export import export

    destination = session_dir / "export" / "site"
    urls = export(create_app(TestConfig()), destination)
    return destination, urls


@pytest.fixture(scope="session")
def app_server(session_dir):
    """gunicorn (2 sync workers) serving wsgi:app on a free loopback port: its base URL."""
    from tests.servers import app_environment, start_gunicorn

    workdir = session_dir / "gunicorn"
    workdir.mkdir()
    server, base = start_gunicorn("wsgi:app", app_environment(workdir / "outbox.sqlite3"), workdir)
    yield base
    server.stop()


@pytest.fixture(scope="session")
def nginx_server(exported_site, app_server, session_dir):
    """Debian's nginx with deploy/nginx.conf over the export, in front of `app_server`."""
    from tests.servers import start_nginx

    server, base = start_nginx(exported_site[0], app_server.removeprefix("http://"), session_dir)
    yield base
    server.stop()
