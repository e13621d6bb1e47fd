"""Blueprint "language": the language switcher and the one-time browser-language detection."""

from motorlab.language.routes import bp

__all__ = ["bp"]  # create_app registers it
