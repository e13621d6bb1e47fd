"""Content of the privacy and terms page (/privacy), which the contact form links to.
The template fills %(email)s, %(addresses)s, %(name)s and %(consent_name)s in its sentences."""

from datetime import date

from flask_babel import lazy_gettext as _l

from motorlab import i18n
from motorlab.content.types import Text
from motorlab.rendering import analytics

# The cookie and the storage entry the text names, as the app names them.
LANGUAGE_COOKIE = i18n.COOKIE_NAME
CONSENT_NAME = analytics.STORAGE_KEY


class Paragraph:
    """Sentences shown as one paragraph, each its own message for translators."""

    def __init__(self, *sentences: Text, with_analytics: bool | None = None) -> None:
        self.sentences = sentences
        self.with_analytics = with_analytics  # see Topic


class Bullets:
    with_analytics = None

    def __init__(self, *items: Text) -> None:
        self.items = items


class Topic:
    """`with_analytics`: shown only with ANALYTICS_ID set (True) or unset (False)."""

    def __init__(self, title: Text, *blocks, anchor="", with_analytics=None) -> None:
        self.title, self.blocks, self.anchor = title, blocks, anchor  # anchor: others link to it
        self.with_analytics = with_analytics


class LegalSection:
    def __init__(self, anchor: str, title: Text, *topics: Topic) -> None:
        self.anchor, self.title, self.topics = anchor, title, topics


PAGE_TITLE = _l("Privacy and terms")
PAGE_DESCRIPTION = _l(
    "What the Motorlab Digital website collects, why, for how long, and your rights."
)

TITLE = _l("Privacy and terms")
INTRO = _l(
    "What personal data this website collects, why, and what rights you have; followed by the "
    "terms of use of the site."
)
UPDATED_LABEL = _l("Last updated:")
UPDATED = date(2026, 11, 23)

# The privacy policy's last topic when ANALYTICS_ID is set, with the consent_banner widget's
# block that shows and changes the choice where JavaScript runs.
ANALYTICS = Topic(
    _l("Visit statistics"),
    Paragraph(
        _l(
            "If you accept them in the banner, and only then, your browser loads Google "
            "Analytics, a service of Google Ireland Limited."
        ),
        _l(
            "It records which pages you visit and when, the page you came from, your browser, "
            "your device and your approximate location, and it sets its _ga cookies for up to "
            "two years."
        ),
        _l(
            "We use these statistics only to count visits and to see which pages are useful; we "
            "never use them to identify you."
        ),
        _l("If you decline, no analytics script is loaded and no analytics cookie is set."),
        _l("%(consent_name)s remembers your choice for one year."),
        _l(
            "Without JavaScript none of this happens: the banner does not appear, no script "
            "loads and nothing is collected."
        ),
    ),
    anchor="analytics",
    with_analytics=True,
)
CHANGE_CHOICE = _l("You can change your choice at any time:")

PRIVACY = LegalSection(
    "privacy",
    _l("Privacy policy"),
    Topic(
        _l("Who is responsible"),
        Paragraph(
            _l("Motorlab Digital is responsible for the personal data collected on this website."),
            _l("You can write to us about anything on this page at %(email)s."),
        ),
    ),
    Topic(
        _l("What the contact form collects"),
        Bullets(
            _l("Your name."),
            _l("Your e-mail address."),
            _l("The description of your project."),
            _l("The language of the page and the date and time you sent the form."),
        ),
        Paragraph(
            _l("Only browsing this site collects no personal data at all."),
            with_analytics=False,
        ),
        anchor="collected",
    ),
    Topic(
        _l("Why we use it"),
        Paragraph(
            _l(
                "We use these data only to answer your request and, if you ask for it, to "
                "prepare a proposal."
            ),
            _l(
                "The legal basis is your consent, which you give when you send the form, "
                "and the steps you ask us to take before a possible contract (article 6.1 a "
                "and b of the GDPR)."
            ),
        ),
        anchor="purpose",
    ),
    Topic(
        _l("How long we keep it"),
        Paragraph(
            _l("We keep your request for 12 months after our last exchange, and then delete it."),
            _l(
                "We hold the IP address of a visitor who sends the form for one day at most, "
                "only to limit abuse of the form."
            ),
        ),
        anchor="retention",
    ),
    Topic(
        _l("Who receives it"),
        Paragraph(
            _l(
                "Your request reaches the Motorlab Digital staff who answer contact requests "
                "(%(addresses)s) through our mail provider, which handles it on our behalf."
            ),
            _l(
                "We do not sell your data, and we do not pass it on to anyone else without "
                "your permission."
            ),
        ),
        anchor="recipients",
    ),
    Topic(
        _l("Cookies"),
        Paragraph(_l("This site needs two cookies to work:")),
        Bullets(
            _l("%(name)s remembers the language you chose, for one year."),
            _l(
                "A session cookie keeps the security token of the contact form and ends "
                "when you close the browser."
            ),
        ),
        Paragraph(_l("We use no advertising or tracking cookies."), with_analytics=False),
        anchor="cookies",
    ),
    Topic(
        _l("Your rights"),
        Paragraph(_l("Under the General Data Protection Regulation (GDPR) you have the right to:")),
        Bullets(
            _l("access the data we hold about you;"),
            _l("have them rectified if they are wrong;"),
            _l("have them erased;"),
            _l("restrict their processing;"),
            _l("object to their processing;"),
            _l("receive them in a portable format;"),
            _l("withdraw your consent at any time."),
        ),
        Paragraph(
            _l(
                "To exercise any of these rights, write to %(email)s and we will answer "
                "within one month."
            ),
            _l(
                "If you are not satisfied with our answer, you can complain to the Spanish "
                "Data Protection Agency (AEPD)."
            ),
        ),
        anchor="rights",
    ),
    ANALYTICS,
)


TERMS = LegalSection(
    "terms",
    _l("Terms of use"),
    Topic(
        _l("Content"),
        Paragraph(
            _l("The texts, illustrations and code of this site belong to Motorlab Digital."),
            _l("You may quote them if you link to the page you quote."),
        ),
    ),
    Topic(
        _l("Brands"),
        Paragraph(
            _l(
                "The car brands on this site, their names and their logos are fictional and "
                "were drawn for it; any resemblance to real brands is a coincidence."
            ),
        ),
    ),
    Topic(
        _l("No warranty"),
        Paragraph(
            _l(
                "We take care to keep this site accurate and available, but we provide it as "
                "it is, without any warranty."
            ),
            _l("The figures of the case studies describe past projects and are not an offer."),
        ),
    ),
    Topic(
        _l("Applicable law"),
        Paragraph(
            _l("These terms are governed by Spanish law."),
            _l(
                "Any dispute goes to the courts of Madrid, unless the law lets you, as a "
                "consumer, go to the courts where you live."
            ),
        ),
    ),
)

SECTIONS: tuple[LegalSection, ...] = (PRIVACY, TERMS)


# The legal notice (LSSI art. 10), shown when at least one COMPANY_* setting is set: each
# setting with its label, in this order (config.LEGAL_NOTICE_SETTINGS).
LEGAL_NOTICE_TITLE = _l("Legal notice")
LEGAL_NOTICE_INTRO = _l(
    "The owner of this website, as Spanish law on information society services requires "
    "(LSSI, article 10):"
)
LEGAL_NOTICE = (
    ("COMPANY_LEGAL_NAME", _l("Company name")),
    # TRANSLATORS: the company's Spanish tax identification number (NIF).
    ("COMPANY_TAX_ID", _l("Tax ID (NIF)")),
    ("COMPANY_ADDRESS", _l("Registered address")),
    # TRANSLATORS: the company's entry in the commercial registry (volume, sheet, page...).
    ("COMPANY_REGISTRY", _l("Registry entry")),
    ("COMPANY_EMAIL", _l("Email")),
)
