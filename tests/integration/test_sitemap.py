"""sitemap.xml lists exactly the indexable pages in every locale, each once, with its alternates
and the date its sources last changed in git; robots.txt points at it."""

import subprocess
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

from motorlab.pages.registry import PAGES, listed_pages
from tests.support.app import ROOT, SITE
from tests.support.pages import LOCALES, localized

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def git_date(*paths: str) -> str:
    """The newest commit date of `paths`; each must exist (git names no date for a path that
    has gone, so a moved file would silently leave the check to the others)."""
    assert [path for path in paths if not (ROOT / path).is_file()] == []
    command = ["git", "log", "-1", "--format=%cI", "--", *paths]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True).stdout.strip()


def test_sitemap_lists_each_listed_page_once_with_its_alternates_and_date(client):
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    assert response.mimetype == "application/xml"
    root = ET.fromstring(response.data)
    dates = {}
    for url in root.findall("s:url", NS):
        loc = url.find("s:loc", NS).text
        links = {link.get("hreflang"): link.get("href") for link in url.findall("x:link", NS)}
        assert set(links) == {*LOCALES, "x-default"} and loc in links.values()
        path = loc.removeprefix(SITE) or "/"
        assert path not in dates, "each page once"
        dates[path] = url.find("s:lastmod", NS).text
    paths = {localized(page.path, locale) for page in listed_pages() for locale in LOCALES}
    assert set(dates) == paths
    assert len(listed_pages()) < len(PAGES)  # the noindex page is left out
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

    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert f"Sitemap: {SITE}/sitemap.xml" in response.get_data(as_text=True)


def test_outside_a_git_checkout_the_sitemap_leaves_lastmod_out(client, monkeypatch):
    from motorlab.seo import routes

    routes.git_date.cache_clear()
    monkeypatch.setattr(routes, "PROJECT_ROOT", ROOT / "no-such-checkout")
    try:
        root = ET.fromstring(client.get("/sitemap.xml").data)
    finally:
        routes.git_date.cache_clear()
    assert root.findall("s:url/s:lastmod", NS) == []
