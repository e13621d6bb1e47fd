"""Where the project's files are. Imports nothing of ours, so any module may import it
(config and i18n both do)."""

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# What the app writes by default: the secret key, the outbox, the image cache (Config).
INSTANCE = PROJECT_ROOT / "instance"
# The brand typeface as npm brings it (@fontsource-variable/figtree: Latin, variable weight),
# the source of the site's own subset (motorlab.build.font_subset) and of the drawings' outlines.
FIGTREE = (
    PROJECT_ROOT
    / "node_modules/@fontsource-variable/figtree/files"
    / "figtree-latin-wght-normal.woff2"
)
