"""Blueprint "images": the image service under /_img (resized rasters, share images)."""

from motorlab.images.routes import bp

__all__ = ["bp"]  # create_app registers it
