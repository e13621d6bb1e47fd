"""Where the project's files are (imports nothing of ours: any module may import it)."""

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# What the app writes by default: the secret key, the outbox, the image cache (Config).
INSTANCE = PROJECT_ROOT / "instance"
# The brand typeface from npm: the source of the site's subset and of the drawings' outlines.
FIGTREE = (
    PROJECT_ROOT
    / "node_modules/@fontsource-variable/figtree/files"
    / "figtree-latin-wght-normal.woff2"
)
