"""Blueprint "seo": /sitemap.xml (every indexable page in both locales) and /robots.txt."""

from flask import Blueprint

bp = Blueprint("seo", __name__)

from motorlab.seo import routes  # noqa: E402,F401
