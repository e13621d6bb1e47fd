"""Error pages: 404 and every other error, in the locale of the path's prefix.

If the error page itself cannot be rendered, a minimal built-in page answers instead,
so a visitor never sees a traceback.
"""

from motorlab.errors.handlers import init_app

__all__ = ["init_app"]
