"""Blueprint "pages": the content pages, each served in both locales."""

from motorlab.i18n import LocalizedBlueprint

bp = LocalizedBlueprint("pages", __name__)

from motorlab.pages import routes  # noqa: E402,F401
