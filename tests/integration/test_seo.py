"""SEO basics on every page: title, description, canonical, hreflang, Open Graph locale."""

import io
import json

import pytest
from PIL import Image

from motorlab.i18n import DEFAULT_LOCALE, LOCALES, OG_LOCALES
from tests.support.app import SITE, soup_of
from tests.support.pages import localized

PAGES = [(localized("/", locale), locale) for locale in LOCALES]


@pytest.mark.parametrize(("path", "locale"), PAGES)
def test_head_metadata(client, path, locale):
    soup = soup_of(client.get(path + "?utm_source=x"))
    assert soup.title.string.endswith("Motorlab")
    assert soup.find("meta", attrs={"name": "description"})["content"].strip()
    canonical = soup.find("link", rel="canonical")["href"]
    assert canonical == SITE + path  # no query string
    alternates = {link["hreflang"]: link["href"] for link in soup.find_all("link", rel="alternate")}
    homes = {code: SITE + localized("/", code) for code in LOCALES}
    assert alternates == {**homes, "x-default": homes[DEFAULT_LOCALE]}
    og_locale = soup.find("meta", property="og:locale")["content"]
    og_alternates = [
        tag["content"] for tag in soup.find_all("meta", property="og:locale:alternate")
    ]
    assert og_locale == OG_LOCALES[locale]
    assert og_alternates == [OG_LOCALES[code] for code in LOCALES if code != locale]


def test_titles_differ_between_locales_and_canonical_never_comes_from_the_host_header(client):
    titles = {soup_of(client.get(path)).title.string for path, _ in PAGES}
    assert len(titles) == len(LOCALES)
    # 127.0.0.1 is one of TestConfig's EXTRA_HOSTS: answered, but never named in links.
    soup = soup_of(client.get("/en", headers={"Host": "127.0.0.1:8000"}))
    assert soup.find("link", rel="canonical")["href"] == SITE + "/en"


def structured_data(client, path: str) -> list[dict]:
    soup = soup_of(client.get(path))
    return [json.loads(s.string) for s in soup.find_all("script", type="application/ld+json")]


@pytest.mark.parametrize(("path", "words"), [("/", "diseña"), ("/en", "designs")])
def test_home_describes_the_agency_in_json_ld(client, path, words):
    (org,) = structured_data(client, path)
    assert org["@context"] == "https://schema.org" and org["@type"] == "Organization"
    assert org["name"] == "Motorlab Digital" and org["foundingDate"] == "2012"
    assert words in org["description"]
    point = org["contactPoint"]
    assert point["@type"] == "ContactPoint" and point["email"] == "hola@motorlab.example"
    assert point["telephone"] and point["contactType"]
    assert "sameAs" not in org  # no profile set (test_footer sets them)


@pytest.mark.parametrize("slug", ["ads", "kuzu", "vc", "viewbox"])
@pytest.mark.parametrize("locale", ["es", "en"])
def test_each_case_study_is_a_creative_work_in_its_language(client, slug, locale):
    path = ("/en" if locale == "en" else "") + f"/projects/{slug}"
    (work,) = structured_data(client, path)
    assert work["@type"] == "CreativeWork" and work["inLanguage"] == locale
    assert work["url"] == SITE + path and work["name"] and work["description"]
    assert work["creator"]["name"] == "Motorlab Digital"


def test_one_organization_node_with_the_sites_root_and_a_raster_logo(client):
    (es,) = structured_data(client, "/")
    (en,) = structured_data(client, "/en")
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
    (work,) = structured_data(client, "/en/projects/ads")
    assert work["creator"]["@id"] == es["@id"]
    assert structured_data(client, "/en/services") == [], "other pages carry none"


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
def test_og_type_and_twitter_card_tags(client, path, og_type):
    soup = soup_of(client.get(path))
    assert meta(soup, "og:type") == og_type
    assert meta(soup, "twitter:card") == "summary_large_image"
    assert meta(soup, "twitter:title") == meta(soup, "og:title") == soup.title.string
    description = meta(soup, "description")
    assert meta(soup, "twitter:description") == meta(soup, "og:description") == description
    assert meta(soup, "twitter:image") == meta(soup, "og:image")
    assert meta(soup, "twitter:image").startswith(SITE + "/_img/share/")
    assert client.get(meta(soup, "twitter:image").removeprefix(SITE)).status_code == 200
