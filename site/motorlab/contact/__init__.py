"""Blueprint "contact": the contact form, its outbox and the `flask outbox` commands."""

from motorlab.i18n import LocalizedBlueprint

bp = LocalizedBlueprint("contact", __name__)

from motorlab.contact import routes  # noqa: E402,F401
