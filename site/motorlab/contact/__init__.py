"""Blueprint "contact": the contact form, its outbox and the `flask outbox` commands."""

from motorlab.contact.routes import bp

__all__ = ["bp"]  # create_app registers it
