"""What the tests share, one module per concern (each says what it holds); tests/conftest.py
registers its fixtures. Test modules import helpers from here, never from each other."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout
