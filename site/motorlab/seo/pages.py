"""The pages listed in /sitemap.xml, by endpoint and URL values (each in every locale).

/test is left out on purpose: it is a page for the team and carries `noindex`. A test checks
that every other localized page is listed, so a new page cannot be forgotten here.
"""

from motorlab.content.projects import CASE_STUDIES
from motorlab.content.types import Link

SITEMAP_PAGES: tuple[Link, ...] = (
    Link("pages.home"),
    Link("pages.services"),
    Link("pages.aboutus"),
    Link("pages.portfolio"),
    *(study.link for study in CASE_STUDIES),
    Link("contact.form"),
    Link("pages.guideline"),
    Link("pages.privacy"),
)
