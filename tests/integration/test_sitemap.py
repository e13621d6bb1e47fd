"""sitemap.xml lists every indexable page in both locales with its alternates; robots.txt
points at it."""

import subprocess
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

from tests.support.app import ROOT, SITE
from tests.support.pages import LOCALES

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def test_sitemap_lists_each_page_once_with_its_alternates(client):
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    assert response.mimetype == "application/xml"
    root = ET.fromstring(response.data)
    # Exactly the listed pages: test_page_registry; here each once, with its alternates.
    locs = [url.find("s:loc", NS).text for url in root.findall("s:url", NS)]
    assert len(locs) == len(set(locs))
    for url in root.findall("s:url", NS):
        links = {link.get("hreflang"): link.get("href") for link in url.findall("x:link", NS)}
        assert set(links) == {*LOCALES, "x-default"}
        assert url.find("s:loc", NS).text in links.values()


def test_robots_points_at_the_sitemap(client):
    # Each sitemap URL answers: test_page_registry (exactly the listed pages, each answering).
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert f"Sitemap: {SITE}/sitemap.xml" in response.get_data(as_text=True)


def git_date(*paths: str) -> str:
    """The newest commit date of `paths`; each must exist (git names no date for a path that
    has gone, so a moved file would silently leave the check to the others)."""
    assert [path for path in paths if not (ROOT / path).is_file()] == []
    command = ["git", "log", "-1", "--format=%cI", "--", *paths]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True).stdout.strip()


def test_each_page_has_the_date_its_content_last_changed_in_git(client):
    root = ET.fromstring(client.get("/sitemap.xml").data)
    dates = {}
    for url in root.findall("s:url", NS):
        lastmod = url.find("s:lastmod", NS)
        assert lastmod is not None, url.find("s:loc", NS).text
        dates[url.find("s:loc", NS).text.removeprefix(SITE) or "/"] = lastmod.text
    assert datetime.fromisoformat(dates["/"]) < datetime.now(UTC)  # never "now"
    content = "site/motorlab/content"
    assert dates["/"] == dates["/en"] == git_date(f"{content}/home.py", "templates/pages/home.html")
    ads = git_date(f"{content}/case_study/ads.py", "templates/pages/case_study.html")
    assert dates["/projects/ads"] == dates["/en/projects/ads"] == ads
    privacy = git_date(f"{content}/privacy.py", "templates/pages/privacy.html")
    assert dates["/en/privacy"] == privacy
    # The tags sit where the sitemaps.org schema wants them: right after <loc>.
    first = root.find("s:url", NS)
    assert [child.tag.rsplit("}", 1)[1] for child in first][:3] == ["loc", "lastmod", "link"]


def test_outside_a_git_checkout_the_sitemap_leaves_lastmod_out(client, monkeypatch):
    from motorlab.seo import routes

    routes.git_date.cache_clear()
    monkeypatch.setattr(routes, "PROJECT_ROOT", ROOT / "no-such-checkout")
    try:
        root = ET.fromstring(client.get("/sitemap.xml").data)
    finally:
        routes.git_date.cache_clear()
    assert root.findall("s:url/s:lastmod", NS) == []
