"""Build time: the static export and the site's font subset (never imported by the running app)."""
