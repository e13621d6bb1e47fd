"""The design tokens of styles/tokens.css (their one source) for what cannot say `var(--…)`:
the guideline, images drawn with Pillow, the SVG pictures, the staff mail."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

STYLESHEET = Path(__file__).resolve().parents[1] / "styles" / "tokens.css"

_ROOT = re.compile(r"^:root\s*\{(?P<body>[^}]*)\}", re.MULTILINE)
_DECLARATION = re.compile(r"--(?P<name>[\w-]+)\s*:\s*(?P<value>[^;]+);")
_HEX = re.compile(r"#[0-9a-fA-F]{3,8}")


@cache
def root_tokens() -> dict[str, str]:
    """The custom properties of the first `:root` block of tokens.css, name -> value."""
    body = _ROOT.search(STYLESHEET.read_text(encoding="utf-8"))["body"]
    return {m["name"]: " ".join(m["value"].split()) for m in _DECLARATION.finditer(body)}


def colour(name: str) -> str:
    """A colour of tokens.css by its name, e.g. colour("color-accent"): its hex value."""
    value = root_tokens().get(name, "")
    if not _HEX.fullmatch(value):
        raise ValueError(f"--{name} is not a hex colour in {STYLESHEET}")
    return value


def palette() -> dict[str, str]:
    """Every colour token, name -> hex value."""
    return {name: value for name, value in root_tokens().items() if _HEX.fullmatch(value)}
