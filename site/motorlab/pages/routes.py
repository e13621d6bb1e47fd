from __future__ import annotations

from flask import after_this_request, redirect, render_template, url_for
from flask_babel import gettext as _

from motorlab.content import home as home_content
from motorlab.content.brands import BRANDS
from motorlab.extensions import cache
from motorlab.i18n import DEFAULT_LOCALE, LOCALE_ARG, current_locale
from motorlab.language.detection import detected_locale, remember_locale
from motorlab.layouts import uses_layout
from motorlab.pages import bp

# The root answers differently by browser language and cookie: say so to every cache.
ROOT_VARY = ("Accept-Language", "Cookie")


@bp.route("/")
@uses_layout("mainPage")
def home():
    if current_locale() == DEFAULT_LOCALE:
        response = _detect_language_on_root()
        if response is not None:
            return response
    return _render_home()


@cache.cached(key_prefix=lambda: f"page:{current_locale()}:home")
def _render_home() -> str:
    return render_template(
        "pages/home.html",
        title=_("Software for car brands"),
        description=_(
            "Motorlab Digital designs and builds websites, apps and platforms for a group of "
            "car brands, their dealers and their workshops."
        ),
        home=home_content,
        brands=BRANDS,
    )


def _detect_language_on_root():
    """First visit to `/`: send English browsers to `/en`, and remember the outcome."""

    @after_this_request
    def vary(response):
        response.vary.update(ROOT_VARY)
        return response

    locale = detected_locale()
    if locale is None:
        return None
    if locale != DEFAULT_LOCALE:
        return remember_locale(redirect(url_for("pages.home", **{LOCALE_ARG: locale})), locale)

    @after_this_request
    def remember(response):
        return remember_locale(response, locale)

    return None
