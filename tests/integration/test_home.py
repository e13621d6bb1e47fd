"""The home page, in both locales: every section, in order, with its texts."""

from urllib.parse import urlsplit

import pytest

from tests.support.app import soup_of, visible_text

SPANISH = {
    "slides": ["Tecnología", "Productos Digitales", "Experiencias digitales"],
    "services_button": "NUESTROS SERVICIOS",
    "reasons": [
        "Enfoque User-Driven",
        "Know-How",
        "Procesos transparentes",
        "Recursos disponibles",
    ],
    "cta": "Estoy listo",
    "proof": [
        "2012 año de nuestra creación",
        "6 marcas de coches para las que trabajamos",
        "4 productos en nuestro portfolio",
    ],
    "words": "Construimos",
}
ENGLISH = {
    "slides": ["Technology", "Digital Products", "Digital experiences"],
    "services_button": "OUR SERVICES",
    "reasons": ["User-Driven approach", "Know-How", "Transparent processes", "Available resources"],
    "cta": "I'm ready",
    "proof": [
        "2012 year we were created",
        "6 car brands we work for",
        "4 products in our portfolio",
    ],
    "words": "We build",
}
HOMES = [("/", "es", SPANISH), ("/en", "en", ENGLISH)]


@pytest.mark.parametrize(("path", "locale", "texts"), HOMES)
def test_home_sections_in_spec_order_and_the_intros_figures(client, path, locale, texts):
    response = client.get(path)
    assert response.status_code == 200
    soup = soup_of(response)
    assert soup.html["lang"] == locale
    prefix = path.rstrip("/")
    found = soup.find("main").find_all("section", recursive=False)
    intro, agency, projects, services, reasons, cta = found  # six sections
    logos = intro.find("ul", class_="c-logo-list").find_all("li")
    assert 5 <= len(logos) <= 8
    assert all(li.img["alt"] for li in logos)

    assert agency["id"] == "product"
    # The founding year once on the page: the intro's first figure (not the agency's text).
    assert visible_text(soup.find("main")).count("2012") == 1
    assert "2012" in visible_text(intro)

    # Each card one link (its title), its call a part of the card, not a second link (the
    # card's other parts: test_projects, on the portfolio's cards of the same macro and data).
    links = [card.find_all("a") for card in projects.find_all("article")]
    assert [[urlsplit(a["href"]).path for a in found] for found in links] == [
        [f"{prefix}/projects/{slug}"] for slug in ("ads", "kuzu", "viewbox")
    ]

    slide_titles = [h.get_text(strip=True) for h in services.find_all("h3")]
    assert slide_titles == texts["slides"]
    service_buttons = [
        a for a in services.find_all("a") if a.get_text(strip=True) == texts["services_button"]
    ]
    assert len(service_buttons) == 3
    assert {a["href"] for a in service_buttons} == {prefix + "/services"}

    assert [h.get_text(strip=True) for h in reasons.find_all("h3")] == texts["reasons"]

    cta_link = cta.find("a")
    assert cta_link.get_text(strip=True) == texts["cta"]
    assert cta_link["href"] == prefix + "/contact"

    assert texts["words"] in visible_text(soup)  # each locale its own text

    # The proof line counts what the site states elsewhere (the founding year, the brands of
    # the logo row, the portfolio's case studies).
    items = intro.select(".c-intro__proof > li")
    assert [" ".join(li.get_text(" ", strip=True).split()) for li in items] == texts["proof"]
    assert items[1].strong.get_text() == str(len(intro.select(".c-logo-list > li")))
    portfolio = soup_of(client.get(prefix + "/portfolio"))
    assert items[2].strong.get_text() == str(len(portfolio.select("main .c-card")))
    # The visual beside it: decorative, sized in the markup, a source from 64 rem only and lazy
    # (a phone fetches nothing, no inline placeholder either), preloaded by the head from 64 rem.
    visual = intro.select_one("picture > img.c-intro__visual")
    assert visual["alt"] == ""
    assert (visual["width"], visual["height"]) == ("560", "460")
    assert visual["loading"] == "lazy"
    source = visual.find_previous_sibling("source")
    assert source["media"] == "(min-width: 64rem)"
    assert source["srcset"].split("?")[0].endswith("/img/hero.svg")
    assert visual["src"] == source["srcset"]
    preloads = soup.select('head link[rel="preload"][as="image"]')
    assert [(link["href"], link["media"], link["fetchpriority"]) for link in preloads] == [
        (source["srcset"], source["media"], "high")
    ]
