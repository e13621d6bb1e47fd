# ruff: noqa: E501 - SVG path data reads best on one line
"""What every product's drawings are drawn on: a case study's hero (its project card's
picture, 640 x 400) and its screens' tiles, each on the product's tint."""

from __future__ import annotations

from motorlab.build.drawings.canvas import BLUE, PAPER, Canvas, phone, window
from motorlab.build.drawings.figtree import BOLD

W, H = 640, 400


def backdrop(c: Canvas, tint: str) -> None:
    w, h = c.size
    c.rect(0, 0, w, h, tint)
    c.add(f'<circle cx="{w - 40}" cy="40" r="120" fill="{PAPER}" opacity=".35"/>')


def hero_tile(tint: str) -> Canvas:
    """A case study's hero, on its tint: large enough to read on a project card."""
    c = Canvas(W, H)
    backdrop(c, tint)
    return c


# A case study's screens are drawn to be read on a 375 px phone, one a row (343 px wide: their
# smallest words, 11 px, show at 9 px or more), and three a row on a wide screen: a detail of
# an application in a narrow window, or a phone; a phone app's screens are phones at phone size.
SCREEN = (400, 520)
PHONE_SCREEN = (320, 640)


def screen_window(tint: str, address: str) -> tuple[Canvas, int]:
    """A screen's tile: the application's window, cut by the tile's foot; returns the canvas
    and the top of the window's page (its content from x 36 to 364)."""
    c = Canvas(*SCREEN)
    backdrop(c, tint)
    return c, window(c, 16, 16, 368, 520, address, 11)


def screen_phone(tint: str, x=80) -> tuple[Canvas, tuple]:
    """A screen's tile holding a phone (a public site on a phone), its foot cut by the tile's;
    returns the canvas and the phone's screen box (224 px wide)."""
    c = Canvas(*SCREEN)
    backdrop(c, tint)
    return c, phone(c, x, 16, 240, 540)


def app_phone(tint: str) -> tuple[Canvas, tuple]:
    """A phone app's screen at phone size: the whole phone, its screen 276 x 596 px."""
    c = Canvas(*PHONE_SCREEN)
    backdrop(c, tint)
    return c, phone(c, 14, 14, 292, 612)


def phone_header(c: Canvas, box, title, fill=BLUE) -> None:
    """A phone app's bar over the screen `box`: a back arrow and the screen's title."""
    x, y, w, _h = box
    c.add(
        f'<path d="M{x} {y + 23}a23 23 0 0 1 23-23h{w - 46}a23 23 0 0 1 23 23v29H{x}z" fill="{fill}"/>'
    )
    c.add(
        f'<path d="M{x + 20} {y + 30}l-6 6 6 6" fill="none" stroke="{PAPER}" stroke-width="2.4" stroke-linecap="round"/>'
    )
    c.text(x + 32, y + 41, title, 15, BOLD, PAPER)
