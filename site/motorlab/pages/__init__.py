"""The pages: what one is (page.py), every one of them (registry.py) and the blueprint that
serves them (routes.py; create_app registers it)."""
