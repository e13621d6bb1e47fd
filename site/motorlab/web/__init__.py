"""The request's path through the app: WSGI layers, hooks and the headers of every answer."""
