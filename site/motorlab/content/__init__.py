"""Page content as typed data with lazily translated strings (see types.py)."""
