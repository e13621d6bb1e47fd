"""WSGI entry point: `gunicorn wsgi:app` or `flask --app wsgi ...`."""

from motorlab import create_app

app = create_app()
