"""Blueprint "projects": the four case-study pages, each served in both locales."""

from motorlab.projects.routes import bp

__all__ = ["bp"]  # create_app registers it
