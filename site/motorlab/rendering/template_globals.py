"""Every name templates see besides their own context, as globals (component macros, imported
without context, see them too), and the one filter."""

from __future__ import annotations

from flask import Flask
from markupsafe import Markup, escape

from motorlab import i18n, icons, identity
from motorlab.config import legal_notice_shown, social_profiles
from motorlab.content.home import CONTACT_CTA
from motorlab.content.navigation import MAIN_NAVIGATION
from motorlab.images import routes as image_urls
from motorlab.pages.registry import current_section, own_paths
from motorlab.rendering import assets, widget_props
from motorlab.seo import structured_data


def register(app: Flask) -> None:
    app.jinja_env.globals.update(
        current_locale=i18n.current_locale,
        twin_url=i18n.twin_url,
        absolute_url=i18n.absolute_url,
        LOCALES=i18n.LOCALES,
        LANGUAGE_NAMES=i18n.LANGUAGE_NAMES,
        OG_LOCALES=i18n.OG_LOCALES,
        DEFAULT_LOCALE=i18n.DEFAULT_LOCALE,
        AGENCY=identity.AGENCY,
        page_title=identity.page_title,
        asset_url=assets.asset_url,
        inline_stylesheet=assets.inline_stylesheet,
        inline_boot_script=assets.inline_boot_script,
        font_preload=assets.font_preload,
        widget_entry=assets.widget_entry,
        widget_preloads=assets.widget_preloads,
        # The pages the navigation never prefetches (each visitor's own).
        own_paths=own_paths,
        responsive_image=image_urls.responsive,
        share_image_url=image_urls.share_image_url,
        MAIN_NAVIGATION=MAIN_NAVIGATION,
        current_section=current_section,
        CONTACT_CTA=CONTACT_CTA,
        social_profiles=social_profiles,
        legal_notice_shown=legal_notice_shown,
        widget_labels=widget_props.widget_labels,
        carousel_props=widget_props.carousel_props,
        consent_props=widget_props.consent_props,
        organization_data=structured_data.organization,
        creative_work_data=structured_data.creative_work,
        THEME_COLOR=icons.theme_color(),
        logo_mark=icons.logo_mark,
        wordmark=icons.wordmark,
        wordmark_copy=icons.wordmark_copy,
    )
    app.jinja_env.filters["last_words_together"] = last_words_together


def last_words_together(text) -> Markup:
    """`text`, escaped, its last two words in one `u-together` span (an inline block), so a
    heading that wraps never leaves its last word alone ("¿Listo para" over "empezar?").
    Fewer than three words (kept whole it could not wrap) and markup are left as they are."""
    words = str(text).rsplit(None, 2)
    if isinstance(text, Markup) or len(words) < 3:
        return escape(text)
    head, before_last, last = words
    return Markup('{} <span class="u-together">{} {}</span>').format(head, before_last, last)
