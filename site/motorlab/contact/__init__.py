"""The contact form (its view: routes.py, a page of the registry), its outbox and the
`flask outbox` commands."""
