"""Deployment: nginx's configuration, the systemd units, the release command and gunicorn's
settings."""
