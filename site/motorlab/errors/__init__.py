"""Error pages in the locale of the path's prefix; a built-in page if that one fails."""

from motorlab.errors.handlers import init_app

__all__ = ["init_app"]
