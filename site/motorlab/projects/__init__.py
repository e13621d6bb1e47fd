"""Blueprint "projects": the four case-study pages, each served in both locales."""

from motorlab.i18n import LocalizedBlueprint

bp = LocalizedBlueprint("projects", __name__)

from motorlab.projects import routes  # noqa: E402,F401
