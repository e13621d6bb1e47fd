"""The spec's image breakpoints (px), by name: the widths the image service resizes pictures
to (images/resize.py) and that the guideline page lists. xxl and 2xl are the same width.
A module of its own, so the guideline's content reads them without importing the image
service's blueprint."""

BREAKPOINTS: tuple[tuple[str, int], ...] = (
    ("xs", 320),
    ("sm", 640),
    ("md", 768),
    ("lg", 1024),
    ("xl", 1280),
    ("xxl", 1536),
    ("2xl", 1536),
)
