"""The four case studies (/projects/<slug>) in both locales: every section with its data, the
exact figures, the story, the previous/next cycle, the images and the JSON-LD."""

import json
from urllib.parse import urlsplit

import pytest

from motorlab.content.case_study import BY_SLUG
from tests.support.app import SITE, soup_of, visible_text
from tests.support.pages import localized

ORDER = ("ads", "kuzu", "vc", "viewbox")
HEADINGS = {
    "es": ["Resumen", "Módulos", "Metodología", "Pantallas", "Tecnologías", "Resultados"],
    "en": ["Overview", "Modules", "Methodology", "Screens", "Technologies", "Results"],
}
# Each figure and its words, as the spec gives them (VC has none).
RESULTS = {
    "es": {
        "ads": ["4 marcas implementadas", "2 concesionarios en piloto", "3 procesos digitalizados"],
        "viewbox": ["+70 espacios", "5 plantillas de marca", "+15 formaciones"],
        "kuzu": ["+500 averías reportadas", "+30 coches probados", "+50 usuarios registrados"],
    },
    "en": {
        "ads": ["4 brands implemented", "2 dealers in pilot", "3 processes digitised"],
        "viewbox": ["+70 spaces", "5 brand templates", "+15 trainings"],
        "kuzu": ["+500 faults reported", "+30 cars tested", "+50 registered users"],
    },
}
PAGER = {
    "es": ("Proyecto anterior", "Proyecto siguiente"),
    "en": ("Previous project", "Next project"),
}
NAMES = {"ads": "ADS", "kuzu": "KuZu", "vc": "VC", "viewbox": "ViewBox"}
# The number of modules each study's text states, as it states it (ADS lists 14 of its 15).
MODULES_STATED = {
    "ads": (15, "15"),
    "kuzu": (5, "five"),
    "vc": (4, "four"),
    "viewbox": (5, "five"),
}
FACT_LABELS = {"es": ["Marcas", "Módulos"], "en": ["Brands", "Modules"]}
# The group's brands each product serves (ADS: its "4 brands implemented").
BRANDS = {
    "ads": ["Valdora", "Nordvik", "Corvane", "Solmar"],
    "kuzu": ["Nordvik", "Idrena", "Ardentia"],
    "vc": ["Corvane"],
    "viewbox": ["Valdora", "Nordvik", "Corvane", "Solmar", "Idrena", "Ardentia"],
}
CASES = pytest.mark.parametrize(
    ("slug", "locale"), [(slug, locale) for slug in ORDER for locale in ("es", "en")]
)


def path_of(slug: str, locale: str) -> str:
    return localized(f"/projects/{slug}", locale)


# The story each page tells in Spanish: the challenge and what was built (their first words),
# the brands' quote with who said it, and beside each figure what it meant (first words).
STORY_ES = {
    "ads": (
        "Cuatro marcas, cuatro maneras",
        "Un back office para toda la posventa",
        "Inés Carrasco, Directora de posventa del grupo",
        ["Cuatro marcas citan", "Cada marca arrancó", "Las citas, las órdenes"],
    ),
    "kuzu": (
        "Una avería encontrada en la pista",
        "Una app para el móvil",
        "Mikko Laine, Responsable de calidad de vehículo, Nordvik",
        ["Cada una con el VIN", "Coches de preserie", "Ingenieros de pruebas"],
    ),
    "vc": (
        "Las furgonetas se vendían",
        "Una web pública",
        "Rafael Ibarra, Responsable de vehículos comerciales, Corvane",
        [],
    ),
    "viewbox": (
        "Cada lanzamiento o jornada",
        "Una plataforma de contenidos",
        "Claire Dumont, Responsable de comunicación de marca, Valdora",
        ["Lanzamientos, eventos", "La guía de marca va", "Los editores de marcas"],
    ),
}
STORY_HEADINGS = {"es": ["El reto", "Qué construimos"], "en": ["The challenge", "What we built"]}


def section(soup, name):
    node = soup.find("section", id=name)
    assert node is not None, name
    heading = node.find("h2")
    assert node["aria-labelledby"] == heading["id"]
    return node


@CASES
def test_each_case_study_shows_its_sections_story_and_neighbours(client, slug, locale):
    """Every section with its data (VC, without figures, has no results section); the facts
    panel beside the overview states the brands served and the module count, so the type,
    technologies and results each appear once. Previous and next cycle through the four; every
    picture is the drawing of the size the page gives it, in the page's language."""
    response = client.get(path_of(slug, locale))
    assert response.status_code == 200
    page = soup_of(response)
    assert page.html["lang"] == locale
    assert page.h1.get_text(strip=True) == NAMES[slug]
    title = page.title.string  # unique on the site: tests/test_every_page.py
    assert title.startswith(NAMES[slug] + ": ") and title.endswith(" | Motorlab")
    headings = [h.get_text(strip=True) for h in page.find("main").find("article").find_all("h2")]
    assert headings == (HEADINGS[locale] if slug != "vc" else HEADINGS[locale][:-1])
    closing = page.find("main").find_all("section")[-1]
    assert closing["class"] == ["c-band", "c-band--night", "c-cta"]

    assert len(section(page, "overview").find_all("p")) >= 2
    assert len(section(page, "modules").find_all("li")) >= 4
    phases = section(page, "methodology").find("ol").find_all("li", recursive=False)
    assert len(phases) >= 3 and all(li.h3 and li.p for li in phases)
    figures = section(page, "screens").find_all("figure")
    assert len(figures) >= 3  # #44: at least three screens of each product
    for figure in figures:
        assert figure.img["alt"].strip() and figure.figcaption.get_text(strip=True)
    modules = section(page, "modules")
    count, as_written = MODULES_STATED[slug]
    assert BY_SLUG[slug].module_count == count
    if locale == "en":
        assert f"{as_written} modules" in visible_text(modules.find("p"))
    if slug == "ads":  # 14 of its 15 modules listed, each with its icon, decorative
        text = visible_text(modules.find("p"))
        assert "15" in text and {"en": "modules", "es": "módulos"}[locale] in text
        items = modules.find("ul").find_all("li", recursive=False)
        assert len({item.get_text(strip=True) for item in items}) == len(items) == 14
        assert len({item.img["src"] for item in items}) == 14
        for item in items:
            assert item.img["alt"] == "" and item.get_text(strip=True)
            assert urlsplit(item.img["src"]).path.startswith("/static/img/projects/ads/modules/")
        # ADS serves as many brands as its headline figure says.
        assert BY_SLUG[slug].headline.figure == str(len(BY_SLUG[slug].brands)) == "4"
    badges = [li.get_text(strip=True) for li in section(page, "technologies").find_all("li")]
    assert len(badges) >= 5 and all(badges)
    assert not section(page, "technologies").find("img")  # names as text, no logos

    panel = section(page, "overview").find(class_="c-facts")
    heading = {"es": "De un vistazo", "en": "At a glance"}[locale]
    assert panel.find("h3").get_text(strip=True) == heading
    facts = [
        (dt.get_text(strip=True), visible_text(dd))
        for dt, dd in zip(panel.find_all("dt"), panel.find_all("dd"), strict=True)
    ]
    expected = [", ".join(BRANDS[slug]), str(MODULES_STATED[slug][0])]
    assert facts == list(zip(FACT_LABELS[locale], expected, strict=True))
    text = visible_text(page.find("main"))
    for name in BY_SLUG[slug].technologies:
        assert text.count(name) == 1, name
    if slug == "vc":
        assert page.find(id="results") is None and page.find(class_="c-results") is None
    else:
        assert text.count(RESULTS[locale][slug][0]) == 1
        found = [
            li.strong.get_text(strip=True)
            + " "
            + li.find(class_="c-results__text").get_text(strip=True)
            for li in section(page, "results").find_all("li")
        ]
        assert found == RESULTS[locale][slug], "the figures, word for word"

    # The story: the challenge and what was built; what each figure meant for the brands; a
    # quote from the brands' side (English from the content, Spanish as written).
    study = BY_SLUG[slug]
    story = section(page, "overview").find(class_="c-story")
    parts = story.find_all(class_="c-story__part")
    assert [p.h3.get_text(strip=True) for p in parts] == STORY_HEADINGS[locale]
    texts = [p.p.get_text(strip=True) for p in parts]
    quote = page.find("figure", class_="c-quote")
    said, by = quote.blockquote.get_text(strip=True), " ".join(quote.figcaption.get_text().split())
    meanings = [m.get_text(strip=True) for m in page.select("#results .c-results__meaning")]
    if locale == "en":
        assert texts == [str(study.challenge), str(study.built)]
        assert said == str(study.quote.text) and by == f"{study.quote.name}, {study.quote.role}"
        assert meanings == [str(r.meaning) for r in study.results]
    else:
        challenge, built, who, firsts = STORY_ES[slug]
        assert texts[0].startswith(challenge) and texts[1].startswith(built)
        assert by == who and said
        assert [m[: len(f)] for m, f in zip(meanings, firsts, strict=True)] == firsts
    # For search engines: a CreativeWork in the page's language.
    (work,) = [json.loads(s.string) for s in page.find_all("script", type="application/ld+json")]
    assert work["@type"] == "CreativeWork" and work["inLanguage"] == locale
    assert work["url"] == SITE + path_of(slug, locale) and work["name"] and work["description"]
    assert work["creator"]["name"] == "Motorlab Digital"
    index = ORDER.index(slug)
    previous, following = ORDER[index - 1], ORDER[(index + 1) % len(ORDER)]
    nav = page.find("nav", class_="c-pager")
    prev_link, next_link = nav.find("a", rel="prev"), nav.find("a", rel="next")
    assert prev_link["href"] == path_of(previous, locale)
    assert next_link["href"] == path_of(following, locale)
    assert visible_text(prev_link) == f"{PAGER[locale][0]} {NAMES[previous]}"
    assert visible_text(next_link) == f"{PAGER[locale][1]} {NAMES[following]}"
    images = page.find("main").find_all("img")
    assert len(images) >= 3
    for img in images:
        if "/modules/" not in img["src"]:
            assert img["alt"].strip(), img  # hero and screens say what they show
            assert f".{locale}.svg?" in img["src"], img  # in the page's language
        with client.get(img["src"]) as response:
            assert response.status_code == 200 and response.mimetype == "image/svg+xml"
            body = response.get_data(as_text=True)
        # The box the page keeps for it is the drawing's own size (no reflow, no distortion);
        # what the file holds: tests/unit/test_content.py, file by file.
        assert f'width="{img["width"]}" height="{img["height"]}"' in body.split(">")[0], img


# VC has no figures: its card leads with its modules.
VC_CARD = {
    "es": "4 módulos compartidos por venta y posventa",
    "en": "4 modules shared by sales and after-sales",
}


@pytest.mark.parametrize(
    ("locale", "heading", "button"),
    [("es", "Nuestros Clientes", "IR AL PROYECTO"), ("en", "Our Clients", "GO TO PROJECT")],
)
def test_portfolio_shows_our_clients_as_four_cards(client, locale, heading, button):
    """Each card: its type, title, picture, headline figure (the study's first result) and the
    brands it serves; one link, the title's, named by the call and the title."""
    soup = soup_of(client.get(localized("/portfolio", locale)))
    assert soup.h1.get_text(strip=True)
    (title,) = [h for h in soup.find("main").find_all("h2") if h.get_text(strip=True) == heading]
    cards = title.find_parent("section").find_all("article", class_="c-card")
    links, facts = [], []
    for card in cards:
        assert card.find(class_="c-card__kind").get_text(strip=True)
        assert card.h3.get_text(strip=True)
        assert card.img["alt"]
        (link,) = card.find_all("a")
        assert link.parent is card.h3
        call = card.find(class_="c-card__call")
        assert call.name == "span" and call.get_text(strip=True) == button
        label = [soup.find(id=ref).get_text(strip=True) for ref in link["aria-labelledby"].split()]
        assert label == [button, card.h3.get_text(strip=True)]
        links.append(urlsplit(link["href"]).path)
        result = " ".join(card.find(class_="c-card__result").get_text(" ", strip=True).split())
        brands = [li.get_text(strip=True) for li in card.select(".c-card__brand-list > li")]
        facts.append((result, brands))
    assert links == [path_of(slug, locale) for slug in ORDER]
    results = {**{slug: found[0] for slug, found in RESULTS[locale].items()}, "vc": VC_CARD[locale]}
    assert facts == [(results[slug], BRANDS[slug]) for slug in ORDER]
