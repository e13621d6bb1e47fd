"""Blueprint "images": the image service under /_img (resized rasters, share images)."""

from flask import Blueprint

bp = Blueprint("images", __name__, url_prefix="/_img")

from motorlab.images import routes  # noqa: E402,F401
