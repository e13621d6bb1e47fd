"""sitemap.xml lists every indexable page in both locales with its alternates; robots.txt
points at it."""

import xml.etree.ElementTree as ET

from tests.conftest import NOINDEX_ROUTES, ROUTES, SITE, localized

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def test_sitemap_lists_every_indexable_page_in_both_locales(client):
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    assert response.mimetype == "application/xml"
    root = ET.fromstring(response.data)
    locs = [url.find("s:loc", NS).text for url in root.findall("s:url", NS)]
    built = [r for r in ROUTES if r not in NOINDEX_ROUTES]
    expected = {SITE + localized(route, locale) for route in built for locale in ("es", "en")}
    assert set(locs) >= expected
    assert len(locs) == len(set(locs))
    assert not any(loc.endswith("/test") for loc in locs)
    for url in root.findall("s:url", NS):
        links = {link.get("hreflang"): link.get("href") for link in url.findall("x:link", NS)}
        assert set(links) == {"es", "en", "x-default"}
        assert url.find("s:loc", NS).text in links.values()


def test_every_sitemap_url_answers(client):
    root = ET.fromstring(client.get("/sitemap.xml").data)
    for url in root.findall("s:url", NS):
        path = url.find("s:loc", NS).text.removeprefix(SITE) or "/"
        assert client.get(path).status_code == 200, path


def test_robots_points_at_the_sitemap(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert f"Sitemap: {SITE}/sitemap.xml" in response.get_data(as_text=True)
