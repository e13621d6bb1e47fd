"""Share images for every public page, and the load balancers' health check."""

from __future__ import annotations

import io
import sqlite3
import time
from datetime import UTC, datetime
from ipaddress import ip_network

import pytest
from PIL import Image, ImageChops, ImageFont, ImageStat

from motorlab import config, create_app
from motorlab.contact.outbox import open_outbox
from motorlab.images import share, sources, vector
from motorlab.pages.registry import PAGES as DECLARED
from motorlab.pages.registry import public_paths
from tests.support.app import SITE, config_with, soup_of
from tests.support.contact_support import HEALTHY

PAGES = public_paths(create_app(config.TestConfig()))


def share_url(page) -> str:
    return page.find("meta", property="og:image")["content"]


def share_image(client, path) -> Image.Image:
    """The decoded share image that the page at `path` links to."""
    response = client.get(share_url(soup_of(client.get(path))).removeprefix(SITE))
    assert response.status_code == 200 and response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    assert image.format == "PNG"
    return image.convert("RGB")


def right_side(image: Image.Image) -> Image.Image:
    """Where a card shows the page's illustration (a branded card: its night background)."""
    return image.crop((image.width - share.PICTURE_WIDTH, 0, image.width, image.height))


@pytest.mark.shared_app
@pytest.mark.parametrize("path", PAGES)
def test_every_public_page_has_a_1200x630_raster_share_image(client, path):
    page = soup_of(client.get(path))
    url = share_url(page)
    assert url.startswith(SITE + "/_img/share/") and url.endswith(".png")
    meta = {
        tag.get("property") or tag.get("name"): tag["content"]
        for tag in page.find_all("meta")
        if "image" in (tag.get("property") or tag.get("name") or "")
    }
    assert meta == {
        "og:image": url,
        "og:image:width": "1200",
        "og:image:height": "630",
        "og:image:alt": page.title.string,
        "twitter:image": url,
        "twitter:image:alt": page.title.string,
    }
    assert page.find("meta", attrs={"name": "twitter:card"})["content"] == "summary_large_image"
    assert share_image(client, path).size == (1200, 630)


@pytest.mark.shared_app
def test_home_and_case_studies_show_their_own_illustration_other_pages_the_brand(client):
    """The illustrations are drawn on light backgrounds; a branded card is night blue. Each page
    and locale has its own card; only public pages have one."""
    pictured = ["/", "/en", *(f"/projects/{p.values[0][1]}" for p in DECLARED if p.values)]
    assert len(pictured) == 6
    branded = ["/privacy", "/en/privacy", "/services", "/en/services", "/en/aboutus"]
    images = {path: share_image(client, path) for path in [*pictured, *branded]}
    brightness = {
        path: ImageStat.Stat(right_side(image).convert("L")).mean[0]
        for path, image in images.items()
    }
    assert {path for path, value in brightness.items() if value > 180} == set(pictured)
    assert all(value < 90 for path, value in brightness.items() if path not in pictured)
    assert len({images[path].tobytes() for path in branded}) == len(branded)
    panels = {path: right_side(images[path]) for path in [*pictured, "/privacy"]}
    assert len({panel.tobytes() for panel in panels.values()}) == 6, (
        "each case study its own picture; home's the same in both locales"
    )
    difference = ImageChops.difference(panels["/projects/kuzu"], panels["/privacy"]).convert("L")
    assert ImageStat.Stat(difference).mean[0] > 100, "a case study and a branded card differ"
    for path in ("/test", "/en/missing"):  # noindex, error
        assert soup_of(client.get(path)).find("meta", property="og:image") is None, path
    for url in ("/_img/share/fr/index.png", "/_img/share/en/test.png", "/_img/share/en/nope.png"):
        assert client.get(url).status_code == 404, url


@pytest.mark.shared_app
def test_every_declared_picture_is_an_svg_the_card_can_draw(app):
    pictured = [page for page in DECLARED if page.picture is not None]
    assert [page.path for page in pictured][:2] == ["/", "/projects/ads"] and len(pictured) == 5
    for page in pictured:
        path = sources.resolve(app.static_folder, page.picture.file("es"))
        drawn = vector.rasterise(path.read_text(encoding="utf-8"), 300, 300)
        assert sources.is_vector(path) and drawn.image.size == (300, 300)


def test_share_images_are_drawn_once_in_the_brand_typeface(app, tmp_path, monkeypatch):
    app.config["IMAGE_CACHE_DIR"] = str(tmp_path / "cache")  # drawn now, not read from disk
    loaded, drawn = [], []
    truetype, draw = ImageFont.truetype, share.draw
    monkeypatch.setattr(
        ImageFont, "truetype", lambda *a, **k: loaded.append(truetype(*a, **k)) or loaded[-1]
    )
    monkeypatch.setattr(share, "draw", lambda *a, **k: drawn.append(a) or draw(*a, **k))
    client = app.test_client()
    for path in ("/projects/ads", "/en/privacy"):
        assert share_image(client, path).size == (1200, 630)
    fonts = {(font.path, font.getname()[0].split()[0]) for font in loaded}
    assert [family for _path, family in fonts] == ["Figtree"]
    ((path, _family),) = fonts
    assert path.startswith(app.static_folder) and path.endswith(".woff2")
    again = [client.get("/_img/share/en/projects/vc.png").data for _ in range(3)]
    assert len(drawn) == 3 and len(set(again)) == 1, "drawn once, then read from the cache"
    assert len(list((tmp_path / "cache" / "share").iterdir())) == 3


def test_healthz_counts_the_queued_requests(app, tmp_path):
    app.config["OUTBOX_PATH"] = str(tmp_path / "outbox.sqlite3")
    client = app.test_client()
    assert client.get("/healthz").get_json() == HEALTHY
    store = open_outbox(app.config)
    for index in range(3):
        store.add(locale="en", name=f"N{index}", email="a@example.com", description="A app.")
    store.mark_sent(store.claim_next())
    response = client.get("/healthz")
    assert response.status_code == 200
    answer = response.get_json()
    assert answer.pop("oldest_unsent_seconds") in (0, 1)  # whole seconds
    assert answer == {"status": "ok", "queued": 2, "uncertain": 0, "failed": 0}


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
    response = app.test_client().get("/healthz")  # from the machine itself
    assert response.status_code == 503
    assert response.get_json()["status"] == "unavailable"
    assert not (tmp_path / "gone").exists(), "the health check never creates the outbox"
    public = app.test_client().get("/healthz", environ_base={"REMOTE_ADDR": "203.0.113.5"})
    assert (public.status_code, public.get_json()) == (503, {"status": "error"}), "that alone"


def test_healthz_never_writes(app, tmp_path):
    path = tmp_path / "outbox.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE outbox (id INTEGER PRIMARY KEY, status TEXT, created_at TEXT)")
        db.execute(
            "INSERT INTO outbox (status, created_at) VALUES ('queued', ?), ('sent', ?)",
            ("2020-01-01T00:00:00+00:00", "2000-01-01T00:00:00+00:00"),
        )
    path.chmod(0o444)
    app.config["OUTBOX_PATH"] = str(path)
    answer = app.test_client().get("/healthz").get_json()
    queued_at = datetime(2020, 1, 1, tzinfo=UTC).timestamp()  # the queued row's, not the sent
    assert abs(answer.pop("oldest_unsent_seconds") - (time.time() - queued_at)) < 5
    assert answer == {"status": "ok", "queued": 1, "uncertain": 0, "failed": 0}


def test_healthz_answers_within_a_second_while_something_holds_the_outbox(app, tmp_path):
    """The documented clean-up holds the write lock: 503 within a second, not after 3 s."""
    path = tmp_path / "outbox.sqlite3"
    app.config.update(OUTBOX_PATH=str(path), OUTBOX_LOCK_TIMEOUT=3)
    client = app.test_client()
    assert client.get("/healthz").status_code == 200
    open_outbox(app.config).add(locale="en", name="N", email="a@example.com", description="An app.")
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        holder.execute("DELETE FROM outbox WHERE status = 'sent'")
        started = time.monotonic()
        response = client.get("/healthz")
        took = time.monotonic() - started
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert response.status_code == 503 and response.get_json()["status"] == "unavailable"
    assert took < 1.0, took


# --- Who sees the figures: the machine itself and HEALTH_FIGURES_FROM, not the public ----------

FIGURES = {"queued", "uncertain", "failed", "oldest_unsent_seconds"}
MONITOR = [ip_network("198.51.100.7")]


@pytest.mark.parametrize(
    ("peer", "forwarded", "settings", "figures"),
    [
        ("127.0.0.1", None, {}, True),  # the machine itself, straight to gunicorn
        ("::1", None, {}, True),
        ("203.0.113.5", None, {}, False),  # the public, straight
        # Through nginx (PROXY_FIX_HOPS=1): nginx appends the peer it saw.
        ("127.0.0.1", "127.0.0.1", {"PROXY_FIX_HOPS": 1}, True),  # curl on the machine
        ("127.0.0.1", "203.0.113.5", {"PROXY_FIX_HOPS": 1}, False),
        ("127.0.0.1", "127.0.0.1, 203.0.113.5", {"PROXY_FIX_HOPS": 1}, False),  # forged
        ("127.0.0.1", "::1, 203.0.113.5", {"PROXY_FIX_HOPS": 1}, False),
        # A proxy the app was not told of: every peer would look like the machine.
        ("127.0.0.1", "203.0.113.5", {}, False),
        ("127.0.0.1", "127.0.0.1", {}, False),
        # A monitoring host the setting lists, by address or network.
        ("127.0.0.1", "198.51.100.7", {"PROXY_FIX_HOPS": 1, "HEALTH_FIGURES_FROM": MONITOR}, True),
        ("198.51.100.9", None, {"HEALTH_FIGURES_FROM": [ip_network("198.51.100.0/24")]}, True),
        ("198.51.101.9", None, {"HEALTH_FIGURES_FROM": [ip_network("198.51.100.0/24")]}, False),
    ],
)
def test_healthz_shows_its_figures_only_to_the_machine_and_listed_addresses(
    tmp_path, peer, forwarded, settings, figures
):
    app = create_app(config_with(OUTBOX_PATH=str(tmp_path / "outbox.sqlite3"), **settings))
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    response = app.test_client().get(
        "/healthz", headers=headers, environ_base={"REMOTE_ADDR": peer}
    )
    assert response.status_code == 200
    answer = response.get_json()
    if figures:
        assert set(answer) == {"status", *FIGURES} and answer["status"] == "ok"
    else:
        assert answer == {"status": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("value", ["198.51.100.0/33", "monitoring.example", "10.0.0.1;10.0.0.2"])
def test_an_address_list_that_is_not_one_is_refused_in_one_line(monkeypatch, value):
    monkeypatch.setenv("HEALTH_FIGURES_FROM", value)
    with pytest.raises(config.SettingError, match="HEALTH_FIGURES_FROM must list addresses"):
        config.Config()
