"""What every page of the site must have, in both locales."""

from urllib.parse import urlsplit

import pytest

from tests.conftest import soup_of, visible_text
from tests.site_pages import PENDING, ROUTES, localized, page_params

SITE = "https://www.motorlab.example"


@pytest.mark.parametrize(("path", "locale"), page_params())
def test_page_is_complete(client, path, locale):
    response = client.get(path)
    assert response.status_code == 200
    soup = soup_of(response)
    assert soup.html["lang"] == locale
    assert soup.title.string.endswith("Motorlab")
    assert soup.find("meta", attrs={"name": "description"})["content"].strip()
    assert len(soup.find_all("h1")) == 1
    assert soup.find("header") and soup.find("main") and soup.find("footer")
    hreflangs = {link["hreflang"] for link in soup.find_all("link", rel="alternate")}
    assert hreflangs == {"es", "en", "x-default"}
    canonical = soup.find("link", rel="canonical")
    robots = soup.find("meta", attrs={"name": "robots"})
    if robots is None or "noindex" not in robots["content"]:
        assert canonical["href"] == SITE + path
    for image in soup.find_all("img"):
        # Meaningful alt text, or alt="" for a decorative image.
        assert image.has_attr("alt"), image
        assert image.get("width") and image.get("height"), image


@pytest.mark.parametrize(("path", "locale"), page_params())
def test_page_links_and_images_answer(client, path, locale):
    response = client.get(path)
    assert response.status_code == 200
    soup = soup_of(response)
    urls = set()
    for tag in soup.find_all(["a", "img", "source", "script", "link"]):
        for attribute in ("href", "src", "srcset"):
            for url in (tag.get(attribute) or "").split(","):
                url = url.strip().split(" ")[0]
                parts = urlsplit(url)
                if url and not (parts.scheme or parts.netloc or url.startswith("#")):
                    urls.add(url)
    for url in sorted(urls):
        route = urlsplit(url).path.removeprefix("/en") or "/"
        if route in PENDING:
            continue  # its own test above is marked expected to fail until it exists
        with client.get(url) as response:
            assert response.status_code in (200, 303), url


@pytest.mark.parametrize("route", ROUTES)
def test_visible_text_differs_between_locales(client, route):
    with client.get(localized(route, "es")) as es, client.get(localized(route, "en")) as en:
        if es.status_code != 200 or en.status_code != 200:
            pytest.xfail("built by a later issue")
        main_es = visible_text(soup_of(es).find("main"))
        main_en = visible_text(soup_of(en).find("main"))
    assert main_es != main_en


def test_titles_are_unique(client):
    titles = {}
    for route in ROUTES:
        for locale in ("es", "en"):
            response = client.get(localized(route, locale))
            if response.status_code == 200:
                titles.setdefault(soup_of(response).title.string, []).append(route)
    duplicates = {title: routes for title, routes in titles.items() if len(routes) > 1}
    assert duplicates == {}
