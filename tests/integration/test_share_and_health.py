"""Share images for every public page and the load balancers' health check."""

from __future__ import annotations

import io
import sqlite3

import pytest
from PIL import Image

from motorlab import config, create_app
from motorlab.contact.outbox import open_outbox
from motorlab.public_pages import public_paths
from tests.support.app import soup_of

PAGES = public_paths(create_app(config.TestConfig()))
SITE = "https://www.motorlab.example"


def share_url(page) -> str:
    return page.find("meta", property="og:image")["content"]


@pytest.mark.parametrize("path", PAGES)
def test_every_public_page_has_a_1200x630_raster_share_image(client, path):
    page = soup_of(client.get(path))
    url = share_url(page)
    assert url.startswith(SITE + "/_img/share/") and url.endswith(".png")
    assert page.find("meta", attrs={"name": "twitter:card"})["content"] == "summary_large_image"
    assert page.find("meta", property="og:image:width")["content"] == "1200"
    response = client.get(url.removeprefix(SITE))
    assert response.status_code == 200 and response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    assert image.format == "PNG" and image.size == (1200, 630)


def test_share_images_differ_per_page_and_locale(client):
    images = {
        path: client.get(share_url(soup_of(client.get(path))).removeprefix(SITE)).data
        for path in ("/services", "/en/services", "/en/aboutus")
    }
    assert len(set(images.values())) == 3


def test_noindex_and_error_pages_have_no_share_image(client):
    assert soup_of(client.get("/test")).find("meta", property="og:image") is None
    assert soup_of(client.get("/en/missing")).find("meta", property="og:image") is None


@pytest.mark.parametrize(
    "url", ["/_img/share/fr/index.png", "/_img/share/en/test.png", "/_img/share/en/nope.png"]
)
def test_share_images_exist_only_for_public_pages(client, url):
    assert client.get(url).status_code == 404


def test_healthz_counts_the_queued_requests(app, tmp_path):
    app.config["OUTBOX_PATH"] = str(tmp_path / "outbox.sqlite3")
    client = app.test_client()
    assert client.get("/healthz").get_json() == {"status": "ok", "queued": 0, "uncertain": 0}
    store = open_outbox(app.config)
    for index in range(3):
        store.add(locale="en", name=f"N{index}", email="a@example.com", description="A app.")
    store.mark_sent(store.claim_next())
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "queued": 2, "uncertain": 0}
    assert response.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("broken", ["not-a-database", "missing-folder", "folder"])
def test_healthz_is_503_when_the_outbox_cannot_be_opened(app, tmp_path, broken):
    if broken == "not-a-database":
        path = tmp_path / "outbox.sqlite3"
        path.write_bytes(b"this is not an SQLite file" * 100)
    elif broken == "missing-folder":
        path = tmp_path / "gone" / "deeper" / "outbox.sqlite3"
    else:
        path = tmp_path / "a-folder"
        path.mkdir()
    app.config["OUTBOX_PATH"] = str(path)
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["status"] == "unavailable"
    assert not (tmp_path / "gone").exists(), "the health check never creates the outbox"


def test_healthz_never_writes(app, tmp_path):
    path = tmp_path / "outbox.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE outbox (id INTEGER PRIMARY KEY, status TEXT)")
        db.execute("INSERT INTO outbox (status) VALUES ('queued'), ('sent')")
    path.chmod(0o444)
    app.config["OUTBOX_PATH"] = str(path)
    answer = app.test_client().get("/healthz").get_json()
    assert answer == {"status": "ok", "queued": 1, "uncertain": 0}
