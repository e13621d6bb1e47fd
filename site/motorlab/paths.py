"""Where the project's files are. Imports nothing of ours, so any module may import it
(config and i18n both do)."""

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# What the app writes by default: the secret key, the outbox, the image cache (Config).
INSTANCE = PROJECT_ROOT / "instance"
