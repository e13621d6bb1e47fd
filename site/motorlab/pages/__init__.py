"""Blueprint "pages": the content pages, each served in both locales."""

from motorlab.pages.routes import bp

__all__ = ["bp"]  # create_app registers it
