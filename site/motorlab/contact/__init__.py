"""The contact form (routes.py), its outbox and the `flask outbox` commands."""
