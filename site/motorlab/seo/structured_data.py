"""JSON-LD (schema.org): the agency on the home page, each case study as a CreativeWork, in
the page's language (templates/partials/_structured_data.html)."""

from __future__ import annotations

from flask import current_app, url_for
from flask_babel import gettext as _

from motorlab.config import social_profiles
from motorlab.content import home
from motorlab.content.types import CaseStudy
from motorlab.i18n import DEFAULT_LOCALE, LOCALE_ARG, LOCALES, absolute_url, current_locale
from motorlab.identity import AGENCY
from motorlab.images.share import LOGO_SIZE

CONTEXT = "https://schema.org"
# One node for the agency: the same id, url (the site's root) and logo on the home page of
# every language, so each case study's creator points at it.
ORGANIZATION_ID = "/#organization"


def _url(endpoint: str, **values) -> str:
    return absolute_url(url_for(endpoint, **values))


def organization() -> dict:
    """The agency (home page)."""
    config = current_app.config
    data = {
        "@context": CONTEXT,
        "@type": "Organization",
        "@id": absolute_url(ORGANIZATION_ID),
        "name": AGENCY.name,
        "alternateName": AGENCY.short_name,
        "url": _url("pages.home", **{LOCALE_ARG: DEFAULT_LOCALE}),
        "logo": _url("images.logo", size=LOGO_SIZE),
        "foundingDate": str(AGENCY.founding_year),
        "description": str(home.PAGE_DESCRIPTION),
        "email": config["CONTACT_EMAIL"],
        "telephone": config["CONTACT_PHONE"],
        "contactPoint": {
            "@type": "ContactPoint",
            "contactType": _("New projects"),
            "email": config["CONTACT_EMAIL"],
            "telephone": config["CONTACT_PHONE"],
            "url": _url("pages.contact"),
            "availableLanguage": list(LOCALES),
        },
    }
    # The agency's profiles elsewhere (COMPANY_LINKEDIN…), when any is set.
    profiles = [address for _name, address in social_profiles(config)]
    return {**data, "sameAs": profiles} if profiles else data


def creative_work(study: CaseStudy) -> dict:
    """A case study (/projects/<slug>)."""
    return {
        "@context": CONTEXT,
        "@type": "CreativeWork",
        "name": f"{study.name}: {study.kind}",
        "headline": study.name,
        "description": str(study.description),
        "genre": str(study.kind),
        "url": _url("pages.case_study", slug=study.slug),
        "image": _url("static", filename=study.hero.file(current_locale())),
        "inLanguage": current_locale(),
        "keywords": ", ".join(study.technologies),
        "creator": {
            "@type": "Organization",
            "@id": absolute_url(ORGANIZATION_ID),
            "name": AGENCY.name,
        },
    }
