"""WSGI entry point: `gunicorn wsgi:app` or `flask --app wsgi ...`."""

from motorlab import create_app_or_exit

app = create_app_or_exit()
