"""What every page of the site must have, in both locales: served by the test client and by
gunicorn with several workers (in Chromium: tests/browser/test_every_page_in_chromium.py)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from bs4 import BeautifulSoup

from motorlab import config, create_app, icons
from tests.support.app import SITE, soup_of, visible_text
from tests.support.clients import ServerClient
from tests.support.pages import (
    LOCALES,
    NOINDEX_ROUTES,
    PAGES,
    ROUTES,
    SECTION_ROUTES,
    localized,
    path_of,
)

pytestmark = pytest.mark.shared_app
# The page's own HTML (the inline stylesheet has its budget in tests/unit/test_styles.py).
HTML_BUDGET = 60 * 1024


def local_urls(soup: BeautifulSoup, tags=("a", "img", "source", "script", "link", "form")):
    """Every address of this site the page's `tags` link to, load or post to."""
    urls = set()
    for tag in soup.find_all(tags):
        for attribute in ("href", "src", "srcset", "action"):
            value = tag.get(attribute) or ""
            # Only a srcset is a list (a data: URL in a src holds a comma of its own).
            for url in value.split(",") if attribute == "srcset" else [value]:
                url = url.strip().split(" ")[0]
                parts = urlsplit(url)
                if url and not (parts.scheme or parts.netloc or url.startswith("#")):
                    urls.add(url)
    return urls


def links_in_wrong_language(client, order) -> dict[str, list[str]]:
    """Every page in the locales of `order`, in turn: the links of each to the other language."""
    client.set_cookie("i18n_redirected", "es")
    wrong = {}
    for locale in order:
        for route in ROUTES:
            path = localized(route, locale)
            response = client.get(path)
            assert response.status_code == 200, path
            english = locale == "en"
            # The pages it links or posts to; the switcher leads to the other language on purpose.
            links = {urlsplit(url).path for url in local_urls(soup_of(response), ("a", "form"))}
            links = {p for p in links if not p.startswith(("/language/", "/static/"))}
            if found := [p for p in links if (p == "/en" or p.startswith("/en/")) != english]:
                wrong[path] = found
    return wrong


# The pages of the header's sections end with the contact band; the contact page does not.
CONTACT_ROUTES = tuple(route for route in SECTION_ROUTES if route != path_of("contact"))


@pytest.mark.parametrize(("path", "locale"), PAGES)
def test_page_is_complete(client, path, locale):
    response = client.get(path)
    assert response.status_code == 200
    soup = soup_of(response)
    assert len(response.get_data()) - len(soup.style.string.encode()) < HTML_BUDGET
    assert soup.html["lang"] == locale
    assert soup.title.string.endswith("Motorlab")
    assert soup.find("meta", attrs={"name": "description"})["content"].strip()
    assert len(soup.find_all("h1")) == 1
    assert soup.find("header") and soup.find("main") and soup.find("footer")
    head = soup.head  # the icons, app manifest and theme colour: test_icons.py
    assert head.select_one('link[rel=icon][href="/favicon.ico"]')
    assert head.select_one('link[rel=icon][type="image/svg+xml"]')
    assert head.select_one('link[rel=apple-touch-icon][href="/apple-touch-icon.png"]')
    assert head.select_one('link[rel=manifest][href="/manifest.webmanifest"]')
    assert head.select_one("meta[name=theme-color]")["content"] == icons.theme_color()
    hreflangs = {link["hreflang"] for link in soup.find_all("link", rel="alternate")}
    assert hreflangs == {*LOCALES, "x-default"}
    route = urlsplit(path).path.removeprefix("/en") or "/"
    if route not in NOINDEX_ROUTES:
        assert soup.find("link", rel="canonical")["href"] == SITE + path
    for image in soup.find_all("img"):
        # Meaningful alt text, or alt="" for a decorative image.
        assert image.has_attr("alt"), image
        assert image.get("width") and image.get("height"), image
    # `#fragment` links (the skip link, tables of contents) point to an element of the page.
    ids = {tag["id"] for tag in soup.find_all(id=True)}
    fragments = {a["href"] for a in soup.find_all("a", href=True) if a["href"].startswith("#")}
    assert fragments and {href for href in fragments if href[1:] not in ids} == set()
    if locale == "en":  # its visible text differs from its Spanish twin's
        english = visible_text(soup_of(response).main)
        spanish = visible_text(soup_of(client.get(localized(route, "es"))).main)
        assert english and spanish and english != spanish
    if route in CONTACT_ROUTES:
        contact = localized(path_of("contact"), locale)
        assert soup.main.select(f'a[href="{contact}"]'), "no link to the contact page in <main>"
        band = soup.main.select(".c-cta")
        assert len(band) == 1 and band[0].select_one(f'a.c-button[href="{contact}"]')
        last_section = soup.main.find_all("section", recursive=True)[-1]
        assert "c-cta" in last_section["class"], "the contact band closes the page"


def test_every_link_and_image_of_every_page_answers_and_titles_are_unique(client):
    """Each address once (pages share most of theirs), named with a page that uses it."""
    linked_from: dict[str, str] = {}
    titles: dict[str, list[str]] = {}
    for page in PAGES:
        path = page.values[0]
        soup = soup_of(client.get(path))
        titles.setdefault(soup.title.string, []).append(path)
        urls = local_urls(soup)
        assert urls, path
        for url in urls:
            linked_from.setdefault(url, path)
    assert {title: paths for title, paths in titles.items() if len(paths) > 1} == {}
    broken = {}
    for url, page in sorted(linked_from.items()):
        with client.get(url) as response:
            if response.status_code not in (200, 303):
                broken[url] = (page, response.status_code)
    assert broken == {}


@pytest.mark.parametrize("order", [("es", "en", "es"), ("en", "es", "en")], ids="-".join)
def test_links_stay_in_the_page_language_whatever_the_order(order):
    """One app serves every page in mixed-language order, as one worker does: a link that
    Jinja evaluated once at compile time would keep the language of the first page."""
    assert links_in_wrong_language(create_app(config.TestConfig()).test_client(), order) == {}


def test_links_stay_in_the_page_language_under_gunicorn(app_server):
    """Each worker serves both languages in turn (new connections go to whichever worker
    accepts first): no page may carry links in the other language."""
    assert links_in_wrong_language(ServerClient(app_server), ("es", "en") * 3) == {}
