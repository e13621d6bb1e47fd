"""The pages: what one is (page.py), every one (registry.py), their blueprint (routes.py)."""
