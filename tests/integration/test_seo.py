"""SEO basics on every page: title, description, canonical, hreflang, Open Graph locale."""

import io
import json

import pytest
from PIL import Image

from motorlab.i18n import DEFAULT_LOCALE, LOCALES, OG_LOCALES
from tests.support.app import SITE, soup_of
from tests.support.pages import localized


def structured_data(soup) -> list[dict]:
    return [json.loads(s.string) for s in soup.find_all("script", type="application/ld+json")]


@pytest.mark.parametrize(("locale", "words"), [("es", "diseña"), ("en", "designs")])
def test_the_home_pages_head_and_the_agency_in_json_ld(client, locale, words):
    """Canonical (no query string), hreflang and Open Graph locales (title and description:
    tests/test_every_page.py); the agency as a schema.org Organization in the page's language."""
    path = localized("/", locale)
    soup = soup_of(client.get(path + "?utm_source=x"))
    assert soup.find("link", rel="canonical")["href"] == SITE + path
    alternates = {link["hreflang"]: link["href"] for link in soup.find_all("link", rel="alternate")}
    homes = {code: SITE + localized("/", code) for code in LOCALES}
    assert alternates == {**homes, "x-default": homes[DEFAULT_LOCALE]}
    assert soup.find("meta", property="og:locale")["content"] == OG_LOCALES[locale]
    og_alternates = [
        tag["content"] for tag in soup.find_all("meta", property="og:locale:alternate")
    ]
    assert og_alternates == [OG_LOCALES[code] for code in LOCALES if code != locale]

    (org,) = structured_data(soup)
    assert org["@context"] == "https://schema.org" and org["@type"] == "Organization"
    assert org["name"] == "Motorlab Digital" and org["foundingDate"] == "2012"
    assert words in org["description"]
    point = org["contactPoint"]
    assert point["@type"] == "ContactPoint" and point["email"] == "hola@motorlab.example"
    assert point["telephone"] and point["contactType"]
    assert "sameAs" not in org  # no profile set (test_footer sets them)


def test_one_organization_node_with_the_sites_root_and_a_raster_logo(client):
    """One agency node in every language; the canonical link never from the Host header."""
    (es,), (en,) = (structured_data(soup_of(client.get(path))) for path in ("/", "/en"))
    for key in ("@id", "url", "logo", "name"):
        assert es[key] == en[key], key
    assert es["@id"] == SITE + "/#organization" and es["url"] == SITE + "/"
    logo = client.get(es["logo"].removeprefix(SITE))
    assert logo.status_code == 200 and logo.mimetype == "image/png"
    image = Image.open(io.BytesIO(logo.data))
    assert image.format == "PNG" and image.width == image.height >= 112
    # The mark itself: the accent colour in a corner's inside, white in the M.
    assert image.convert("RGB").getpixel((image.width // 8, image.height // 2)) == (200, 16, 46)
    assert image.convert("RGB").getpixel((image.width // 4, image.height // 2)) == (255, 255, 255)
    (work,) = structured_data(soup_of(client.get("/en/projects/ads")))
    assert work["creator"]["@id"] == es["@id"]
    assert structured_data(soup_of(client.get("/en/services"))) == [], "other pages carry none"
    # 127.0.0.1 is one of TestConfig's EXTRA_HOSTS: answered, but never named in links.
    soup = soup_of(client.get("/en", headers={"Host": "127.0.0.1:8000"}))
    assert soup.find("link", rel="canonical")["href"] == SITE + "/en"


def meta(soup, key: str) -> str | None:
    tag = soup.find("meta", attrs={"property": key}) or soup.find("meta", attrs={"name": key})
    return tag["content"] if tag else None


@pytest.mark.parametrize(
    ("path", "og_type"),
    [
        ("/", "website"),
        ("/en/services", "website"),
        ("/projects/ads", "article"),
        ("/en/projects/kuzu", "article"),
        ("/en/portfolio", "website"),
    ],
)
def test_og_type_and_the_same_title_and_description_for_every_reader(client, path, og_type):
    # The image tags and the card: test_share_and_health, on every page.
    soup = soup_of(client.get(path))
    assert meta(soup, "og:type") == og_type
    assert meta(soup, "twitter:title") == meta(soup, "og:title") == soup.title.string
    description = meta(soup, "description")
    assert meta(soup, "twitter:description") == meta(soup, "og:description") == description
