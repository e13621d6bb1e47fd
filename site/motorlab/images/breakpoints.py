"""The spec's image breakpoints (px), by name: the widths the image service resizes to and
the guideline lists (a module of its own, so content need not import the blueprint)."""

BREAKPOINTS: tuple[tuple[str, int], ...] = (
    ("xs", 320),
    ("sm", 640),
    ("md", 768),
    ("lg", 1024),
    ("xl", 1280),
    ("xxl", 1536),
    ("2xl", 1536),
)
