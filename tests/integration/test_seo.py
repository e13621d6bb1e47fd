"""SEO basics on every page: title, description, canonical, hreflang, Open Graph locale."""

import pytest

from tests.conftest import soup_of

SITE = "https://www.motorlab.example"
PAGES = [("/", "es"), ("/en", "en")]


@pytest.mark.parametrize(("path", "locale"), PAGES)
def test_head_metadata(client, path, locale):
    soup = soup_of(client.get(path + "?utm_source=x"))
    assert soup.title.string.endswith("Motorlab")
    assert soup.find("meta", attrs={"name": "description"})["content"].strip()
    canonical = soup.find("link", rel="canonical")["href"]
    assert canonical == SITE + path  # no query string
    alternates = {link["hreflang"]: link["href"] for link in soup.find_all("link", rel="alternate")}
    assert alternates == {"es": SITE + "/", "en": SITE + "/en", "x-default": SITE + "/"}
    og_locale = soup.find("meta", property="og:locale")["content"]
    og_alternate = soup.find("meta", property="og:locale:alternate")["content"]
    assert (og_locale, og_alternate) == (
        ("es_ES", "en_US") if locale == "es" else ("en_US", "es_ES")
    )


def test_titles_differ_between_locales(client):
    titles = {soup_of(client.get(path)).title.string for path, _ in PAGES}
    assert len(titles) == 2


def test_canonical_never_comes_from_the_host_header(client):
    # 127.0.0.1 is one of TestConfig's EXTRA_HOSTS: answered, but never named in links.
    soup = soup_of(client.get("/en", headers={"Host": "127.0.0.1:8000"}))
    assert soup.find("link", rel="canonical")["href"] == SITE + "/en"
