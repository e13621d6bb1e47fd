from motorlab.seo.routes import bp

__all__ = ["bp"]  # create_app registers it
