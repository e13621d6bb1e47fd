"""The content pages in both locales: each section is there with its data (that every picture
answers: tests/test_every_page.py)."""

import pytest

from motorlab import create_app
from tests.support.app import config_with, soup_of, visible_text
from tests.support.pages import localized, path_of

BOTH = pytest.mark.parametrize("locale", ["es", "en"])


def page(client, name: str, locale: str):
    """The page the registry names `name`, in `locale`."""
    response = client.get(localized(path_of(name), locale))
    assert response.status_code == 200
    return soup_of(response)


# --- Services -------------------------------------------------------------------------

TECH_GROUPS = {
    "es": ["Front-End", "Back-End", "Bases de datos", "Desarrollo móvil"],
    "en": ["Front-End", "Back-End", "Databases", "Mobile development"],
}
SERVICE_TITLES = {
    "es": ["Tecnología", "Productos Digitales", "Experiencias digitales"],
    "en": ["Technology", "Digital Products", "Digital experiences"],
}
METHODOLOGY = {
    "es": [
        "Gestión de proyectos al estilo de un grupo automovilístico",
        "Agile",
        "SCRUM",
        "DevOps",
    ],
    "en": ["Project management in the style of a car group", "Agile", "SCRUM", "DevOps"],
}


@BOTH
def test_services_shows_its_groups_technologies_and_methodology(client, locale):
    soup = page(client, "services", locale)
    services = soup.find_all("article", class_="c-service")
    assert [s.h3.get_text(strip=True) for s in services] == SERVICE_TITLES[locale]
    for service in services:
        assert len(service.find("p").get_text(strip=True)) > 80
        assert len(service.find("ul").find_all("li")) >= 3

    groups = soup.find_all("section", class_="c-tech")
    assert [g.h3.get_text(strip=True) for g in groups] == TECH_GROUPS[locale]
    assert all(len(group.find_all("li")) >= 3 for group in groups)
    items = [item for group in groups for item in group.find_all("li")]
    names = [item.get_text(strip=True) for item in items]
    # Each name is read once: as text, while the icon beside it is decorative.
    assert all(names) and all(item.img["alt"] == "" for item in items)
    assert len(set(names)) == len(names)
    assert {"Vue.js", "PostgreSQL", "Flutter", "Node.js"} <= set(names)

    steps = soup.find("section", id="methodology").find_all("li")
    assert [s.h3.get_text(strip=True) for s in steps] == METHODOLOGY[locale]
    assert all(len(s.p.get_text(strip=True)) > 60 for s in steps)


# --- About ----------------------------------------------------------------------------

TEAMS = {
    "es": ["Dirección", "Desarrolladores", "Diseñadores UI/UX", "Scrum masters"],
    "en": ["Leadership", "Developers", "UI/UX Designers", "Scrum masters"],
}


@BOTH
def test_about_shows_the_four_teams_the_team_photo_and_the_brand_logos(client, locale):
    soup = page(client, "team", locale)
    teams = soup.find_all("section", class_="c-team")
    assert [t.h3.get_text(strip=True) for t in teams] == TEAMS[locale]
    people = 0
    for team in teams:
        members = team.find_all("figure", class_="c-member")
        assert len(members) >= 3
        for member in members:
            name = member.find(class_="c-member__name").get_text(strip=True)
            position = member.find(class_="c-member__position").get_text(strip=True)
            assert name and position and name != position
            assert name in member.img["alt"]
            assert member.img["width"] == member.img["height"] == "160"
            people += 1
    assert 12 <= people <= 16
    assert len({img["src"] for img in soup.select(".c-member img")}) == people
    ceo = soup.find("figure", class_="c-member").find(class_="c-member__position").get_text()
    assert ceo.startswith({"es": "Consejera delegada", "en": "Chief executive officer"}[locale])

    # The team photo: a desktop and a mobile crop.
    (picture,) = soup.find("main").find_all("picture")
    source, img = picture.find("source"), picture.find("img")
    assert source["media"] == "(min-width: 41rem)"
    assert "photo-desktop.svg" in source["srcset"] and "photo-mobile.svg" in img["src"]
    assert (source["width"], source["height"]) == ("1200", "500")
    assert (img["width"], img["height"]) == ("600", "600")
    assert img["alt"]

    logos = soup.find("main").find("ul", class_="c-logo-list").find_all("img")
    assert 5 <= len(logos) <= 8
    assert all(logo["alt"] for logo in logos)


# --- Privacy and terms ----------------------------------------------------------------

PRIVACY = {
    "es": ["i18n_redirected", "12 meses", "AEPD", "23 de noviembre de 2026", "RGPD"],
    "en": ["i18n_redirected", "12 months", "AEPD", "November 23, 2026", "GDPR"],
}


@BOTH
def test_privacy_covers_data_purpose_retention_recipients_rights_and_terms(client, locale):
    soup = page(client, "privacy", locale)
    main = soup.find("main")
    for anchor in ("collected", "purpose", "retention", "recipients", "cookies", "rights", "terms"):
        assert main.find(id=anchor), anchor
    assert len(main.find(id="collected").find_next("ul").find_all("li")) == 4
    assert len(main.find(id="rights").find_next("ul").find_all("li")) >= 6
    text = visible_text(main)
    for words in PRIVACY[locale]:
        assert words in text, words
    assert main.find("time")["datetime"] == "2026-11-23"
    assert not main.find(id="legal-notice"), "no legal notice until its settings are set"


COMPANY = {
    "COMPANY_LEGAL_NAME": "Motorlab Digital S.L.",
    "COMPANY_TAX_ID": "B12345678",
    "COMPANY_ADDRESS": "Calle Mayor 1, 28013 Madrid",
    "COMPANY_REGISTRY": "Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3",
    "COMPANY_EMAIL": "legal@motorlab.example",
}
NOTICE_LABELS = {
    "es": [
        "Razón social",
        "NIF",
        "Domicilio social",
        "Inscripción registral",
        "Correo electrónico",
    ],
    "en": ["Company name", "Tax ID (NIF)", "Registered address", "Registry entry", "Email"],
}


def company_client(**settings):
    client = create_app(config_with(**settings)).test_client()
    client.set_cookie("i18n_redirected", "es")
    return client


@BOTH
def test_privacy_shows_the_legal_notice_with_the_settings_that_are_set(locale):
    addresses = ["ventas@motorlab.example", "equipo@motorlab.example"]
    configured = company_client(
        **COMPANY, CONTACT_EMAIL="privacidad@motorlab.example", CONTACT_RECIPIENTS=addresses
    )
    main = page(configured, "privacy", locale).find("main")
    notice = main.find(id="legal-notice")
    assert notice.find("h2").get_text() == {"es": "Aviso legal", "en": "Legal notice"}[locale]
    labels = [dt.get_text(strip=True) for dt in notice.find_all("dt")]
    assert labels == NOTICE_LABELS[locale]
    values = [dd.get_text(strip=True) for dd in notice.find_all("dd")]
    assert values == list(COMPANY.values())
    assert notice.find("a", href="mailto:legal@motorlab.example")
    # The privacy text names the configured addresses.
    assert main.find("a", href="mailto:privacidad@motorlab.example")
    assert "ventas@motorlab.example, equipo@motorlab.example" in visible_text(main)

    some = COMPANY | {"COMPANY_TAX_ID": "", "COMPANY_REGISTRY": ""}  # only those set
    notice = page(company_client(**some), "privacy", locale).find(id="legal-notice")
    assert [dt.get_text(strip=True) for dt in notice.find_all("dt")] == [
        NOTICE_LABELS[locale][i] for i in (0, 2, 4)
    ]
