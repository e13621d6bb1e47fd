"""Blueprint "seo": /sitemap.xml (every indexable page in both locales) and /robots.txt."""

from motorlab.seo.routes import bp

__all__ = ["bp"]  # create_app registers it
