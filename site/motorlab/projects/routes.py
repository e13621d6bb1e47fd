"""The case studies: four fixed routes (the spec's routes have no parameters), one helper."""

from __future__ import annotations

from flask import render_template
from flask_babel import gettext as _

from motorlab.content.projects import BY_SLUG, neighbours
from motorlab.extensions import cache
from motorlab.i18n import current_locale
from motorlab.layouts import uses_layout
from motorlab.projects import bp


@bp.route("/projects/ads")
@uses_layout("default")
def ads():
    return _render_case_study("ads", current_locale())


@bp.route("/projects/kuzu")
@uses_layout("default")
def kuzu():
    return _render_case_study("kuzu", current_locale())


@bp.route("/projects/vc")
@uses_layout("default")
def vc():
    return _render_case_study("vc", current_locale())


@bp.route("/projects/viewbox")
@uses_layout("default")
def viewbox():
    return _render_case_study("viewbox", current_locale())


@cache.memoize()
def _render_case_study(slug: str, locale: str) -> str:
    """`locale` is part of the cache key: each language is rendered and cached apart."""
    study = BY_SLUG[slug]
    previous, following = neighbours(slug)
    return render_template(
        f"pages/projects/{slug}.html",
        # TRANSLATORS: page title of a case study, e.g. "ADS: Multi-brand after-sales system".
        title=_("%(name)s: %(kind)s", name=study.name, kind=study.kind),
        description=study.description,
        study=study,
        previous=previous,
        following=following,
    )
