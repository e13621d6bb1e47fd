"""The footer's way onward (sections, contact, legal, profiles only when set) and the error
pages' sections, in both languages, as the app serves them and as the export writes them."""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup

from motorlab import create_app
from motorlab.build.export import ERROR_PAGE_PATH, ERROR_PAGES, PREFIXES
from motorlab.config import SOCIAL_PROFILES, Config
from motorlab.web.self_request import error_page
from tests.support.app import config_with, soup_of
from tests.support.pages import LOCALES, localized

BOTH = pytest.mark.parametrize("locale", LOCALES)

SECTIONS = {
    "es": [
        ("Inicio", "/"),
        ("Servicios", "/services"),
        ("Portfolio", "/portfolio"),
        ("Nosotros", "/aboutus"),
        ("Contacto", "/contact"),
    ],
    "en": [
        ("Home", "/en"),
        ("Services", "/en/services"),
        ("Portfolio", "/en/portfolio"),
        ("About", "/en/aboutus"),
        ("Contact", "/en/contact"),
    ],
}
PRIVACY = {
    "es": ("Privacidad y condiciones", "/privacy"),
    "en": ("Privacy and terms", "/en/privacy"),
}
CONTACT = [
    ("hola@motorlab.example", "mailto:hola@motorlab.example"),
    ("+34 900 000 000", "tel:+34900000000"),
]
LEGAL = {
    "es": "Hecho con cariño © 2022 MLD Todos los derechos reservados",
    "en": "With love © 2022 MLD All rights reserved",
}
PROFILES = {
    "COMPANY_LINKEDIN": "https://www.linkedin.com/company/motorlab-example",
    "COMPANY_GITHUB": "https://github.com/motorlab-example",
    "COMPANY_INSTAGRAM": "https://www.instagram.com/motorlab.example",
    "COMPANY_X": "https://x.com/motorlab_example",
}


def links(node) -> list[tuple[str, str]]:
    return [(a.get_text(" ", strip=True), a["href"]) for a in node.find_all("a")]


def get(app, path: str):
    client = app.test_client()
    client.set_cookie("i18n_redirected", "es")
    return soup_of(client.get(path))


@BOTH
def test_the_footer_leads_to_every_section_contact_and_privacy_and_no_profile_by_default(
    client, locale
):
    for path in (localized("/services", locale), localized("/no-such-page", locale)):
        response = client.get(path)
        assert response.status_code in (200, 404), path
        footer = soup_of(response).find("footer")
        assert links(footer) == SECTIONS[locale] + CONTACT + [PRIVACY[locale]], path
        # The sections are a navigation landmark named by its visible title.
        nav = footer.find("nav")
        assert footer.find_all("nav") == [nav]
        title = footer.find(id=nav["aria-labelledby"]).get_text()
        assert title == {"es": "Secciones", "en": "Sections"}[locale]
        assert links(nav) == SECTIONS[locale]
        assert not footer.select("[aria-current]")  # the header marks the page
        assert not footer.find("a", href=lambda h: h.startswith("http")), "no profile"
        legal = " ".join(footer.find(class_="c-footer__legal").get_text(" ").split())
        assert legal == LEGAL[locale]


@BOTH
def test_profiles_and_the_legal_notice_appear_when_their_settings_are_set(locale):
    app = create_app(config_with(**PROFILES, COMPANY_LEGAL_NAME="Motorlab Digital S.L."))
    soup = get(app, localized("/", locale))
    footer = soup.find("footer")
    notice = {"es": "Aviso legal", "en": "Legal notice"}[locale]
    assert links(footer) == (
        SECTIONS[locale]
        + CONTACT
        + [PRIVACY[locale], (notice, PRIVACY[locale][1] + "#legal-notice")]
        + list(zip(("LinkedIn", "GitHub", "Instagram", "X"), PROFILES.values(), strict=True))
    )
    profiles = footer.find_all("a", href=lambda h: h.startswith("https://"))
    assert {a["rel"][0] for a in profiles} == {"me"}
    # The same profiles are the agency's sameAs for search engines.
    data = [json.loads(s.string) for s in soup.find_all("script", type="application/ld+json")]
    (agency,) = (d for d in data if d.get("@type") == "Organization")
    assert agency["sameAs"] == list(PROFILES.values())
    # One profile: only its link.
    only = create_app(config_with(COMPANY_GITHUB=PROFILES["COMPANY_GITHUB"]))
    footer = get(only, localized("/", locale)).find("footer")
    assert links(footer)[-2:] == [PRIVACY[locale], ("GitHub", PROFILES["COMPANY_GITHUB"])]


def test_profile_settings_are_read_from_the_environment_and_must_be_absolute(monkeypatch):
    for name in SOCIAL_PROFILES:
        monkeypatch.delenv(name, raising=False)
    assert all(getattr(Config(), name) == "" for name in SOCIAL_PROFILES)
    monkeypatch.setenv("COMPANY_LINKEDIN", " https://www.linkedin.com/company/x ")
    assert Config().COMPANY_LINKEDIN == "https://www.linkedin.com/company/x"
    monkeypatch.setenv("COMPANY_X", "x.com/motorlab")  # would be a relative link
    with pytest.raises(ValueError, match="COMPANY_X"):
        Config()


@BOTH
def test_every_error_page_keeps_its_way_home_and_adds_the_other_sections(app, client, locale):
    """The 404 the app answers and the pages the export writes for nginx (400, 404, 414,
    431): the spec's link home first, then every other section of the header."""
    home = {"es": "Volver a la página de inicio", "en": "Back to the home page"}[locale]
    others = SECTIONS[locale][1:]
    main = soup_of(client.get(localized("/no-such-page", locale))).find("main")
    assert links(main) == [(home, SECTIONS[locale][0][1])] + others
    for status in ERROR_PAGES:
        html = error_page(app, PREFIXES[locale] + ERROR_PAGE_PATH, status).decode()
        main = BeautifulSoup(html, "html.parser").find("main")
        assert links(main)[1:] == others, status
        assert links(main)[0][1] == SECTIONS[locale][0][1], status
