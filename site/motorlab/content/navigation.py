"""The header's main navigation, in the order it is shown."""

from flask_babel import lazy_gettext as _l

from motorlab.content.types import Link, NavItem

MAIN_NAVIGATION: tuple[NavItem, ...] = (
    # TRANSLATORS: main navigation entry that leads to the home page.
    NavItem(_l("Home"), Link("pages.home")),
    # TRANSLATORS: main navigation entry that leads to the list of services.
    NavItem(_l("Services"), Link("pages.services")),
    # TRANSLATORS: main navigation entry and page title: the agency's past projects.
    NavItem(_l("Portfolio"), Link("pages.portfolio")),
    # TRANSLATORS: main navigation entry that leads to the "about us" page.
    NavItem(_l("About"), Link("pages.team")),
    # TRANSLATORS: main navigation entry (a noun) that leads to the contact form.
    NavItem(_l("Contact"), Link("pages.contact")),
)
