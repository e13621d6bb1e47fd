"""The four case studies, in the order the previous/next buttons walk them (cycling)."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from motorlab.content.case_study.ads import ADS
from motorlab.content.case_study.kuzu import KUZU
from motorlab.content.case_study.vc import VC
from motorlab.content.case_study.viewbox import VIEWBOX
from motorlab.content.types import Card, CaseStudy

CASE_STUDIES: tuple[CaseStudy, ...] = (ADS, KUZU, VC, VIEWBOX)
BY_SLUG: dict[str, CaseStudy] = {study.slug: study for study in CASE_STUDIES}


def neighbours(slug: str) -> tuple[CaseStudy, CaseStudy]:
    """The previous and next case studies of `slug`; the first and last wrap around."""
    index = CASE_STUDIES.index(BY_SLUG[slug])
    count = len(CASE_STUDIES)
    return CASE_STUDIES[(index - 1) % count], CASE_STUDIES[(index + 1) % count]


def project_card(slug: str) -> Card:
    """The card that leads to a case study (home and portfolio), drawn from the study itself."""
    study = BY_SLUG[slug]
    return Card(
        study.name,
        study.kind,
        study.hero,
        _l("GO TO PROJECT"),
        study.link,
        brands=study.brands,
        result=study.headline,
    )


def page_title(study: CaseStudy) -> str:
    """A case study's <title> (and its share image's), in the current locale."""
    # TRANSLATORS: page title of a case study, e.g. "ADS: Multi-brand after-sales system".
    return _("%(name)s: %(kind)s", name=study.name, kind=study.kind)
