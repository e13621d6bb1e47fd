# ruff: noqa: E501 - SVG path data reads best on one line
"""A drawing under way (shapes and Figtree text as one small SVG), the brand's palette
(styles/tokens.css) and the interface parts the product screens share."""

from __future__ import annotations

from motorlab.build.drawings.figtree import BOLD, REGULAR, SEMIBOLD, width, words  # noqa: F401
from motorlab.rendering.tokens import colour

INK = colour("color-ink")
ACCENT_DARK = colour("color-accent-dark")
ACCENT_LIGHT = colour("color-accent-light")
MUTED = colour("color-muted")
LINE = colour("color-line")
LINE_STRONG = colour("color-line-strong")
SURFACE = colour("color-surface")
NIGHT = colour("color-night")
ACCENT = colour("color-accent")
BLUE = colour("color-blue")
SUCCESS = colour("color-success")
SUCCESS_SURFACE = colour("color-success-surface")
ACCENT_TINT = colour("color-accent-tint")
PAPER = colour("color-paper")
BLUE_TINT = "#dce7fd"  # the illustrations' light blue (not a token: drawings only)
AMBER, AMBER_TINT = "#9a5b00", "#fdf0d8"
# A saloon, side view, in a 72..285 x 116..192 box, then its windows: the home page's car.
CAR_SIDE = (
    "M72 176v-14q0-8 8-10l40-10 32-22q7-4 15-4h44q8 0 15 5l26 20q22 3 28 8q5 3 5 11v16z",
    "M158 140l15-13q3-2 7-2h17v15zM204 140v-15h10q5 0 8 3l15 12z",
)


def car(place: str, body: str, rims: str = "") -> str:
    """The saloon placed by the transform `place`; `rims`, its wheels ringed with hubcaps."""
    wheels = f' stroke="{rims}" stroke-width="4"' if rims else ""
    hubs = '<g fill="#fff"><circle cx="116" cy="176" r="6"/><circle cx="240" cy="176" r="6"/></g>'
    return (
        f'<g transform="{place}"><path d="{CAR_SIDE[0]}" fill="{body}"/><path d="{CAR_SIDE[1]}" fill="{BLUE_TINT}"/>'
        f'<g fill="{INK}"{wheels}><circle cx="116" cy="176" r="17"/><circle cx="240" cy="176" r="17"/></g>'
        f"{hubs if rims else ''}</g>"
    )


def svg(w, h, body: str) -> str:
    """A drawing's file: its size in px, its view box the same."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
        f'height="{h}">{body}</svg>\n'
    )


class Canvas:
    """A drawing under way, and the interface parts the product screens share."""

    def __init__(self, width: int, height: int, tint: str = ""):
        """`tint`: a product's drawing, on its tint with a light disc in the top right corner."""
        self.size = (width, height)
        self.parts: list[str] = []
        if tint:
            self.rect(0, 0, width, height, tint)
            self.add(f'<circle cx="{width - 40}" cy="40" r="120" fill="{PAPER}" opacity=".35"/>')

    def add(self, *parts: str) -> None:
        self.parts += parts

    def svg(self) -> str:
        return svg(*self.size, "".join(self.parts))

    def rect(self, x, y, w, h, fill, rx=0, extra="") -> None:
        radius = f' rx="{rx}"' if rx else ""
        self.add(f'<rect x="{x}" y="{y}" width="{w}" height="{h}"{radius} fill="{fill}"{extra}/>')

    def dot(self, x, y, r, fill, extra="") -> None:
        self.add(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}"{extra}/>')

    def rule(self, x, y, length, stroke=LINE, extra="", direction="h") -> None:
        """A hairline from (x, y), `length` px across (or down: `direction` "v")."""
        self.add(f'<path d="M{x} {y}{direction}{length}" stroke="{stroke}"{extra}/>')

    def text(self, x, y, text, size, weight=REGULAR, fill=INK, anchor="start", limit=None):
        """Set `text` (a lazy string in the current locale), cut with an ellipsis where it
        would run wider than `limit`; returns the width set."""
        text = str(text)
        if limit and width(text, size, weight) > limit:
            while text and width(text + "…", size, weight) > limit:
                text = text[:-1]
            text = text.rstrip() + "…"
        self.add(words(x, y, text, size, weight, fill, anchor))
        return width(text, size, weight)

    def lines(self, x, y, text, size, room, step, weight=REGULAR, fill=INK) -> int:
        """`text` wrapped to `room` px, a line every `step` px; returns how many lines."""
        wrapped = wrap(str(text), size, room)
        for row, line in enumerate(wrapped):
            self.text(x, y + step * row, line, size, weight, fill)
        return len(wrapped)

    def panel(self, x, y, w, h, rx=12, fill=PAPER, drop=6) -> None:
        """A raised panel: a soft shadow `drop` px under it (no filter to render), an edge."""
        self.rect(x, y + drop, w, h, NIGHT, rx, ' opacity=".08"')
        self.rect(x, y, w, h, fill, rx, EDGE)

    def window(self, x, y, w, h, address: str, size=10) -> int:
        """A browser window, its address set at `size` px; returns the top of its page."""
        self.panel(x, y, w, h, 10)
        self.add(
            f'<path class="window" d="M{x} {y + 10}a10 10 0 0 1 10-10h{w - 20}a10 10 0 0 1 10 10v18H{x}z" fill="{SURFACE}"/>',
            f'<g fill="{LINE}"><circle cx="{x + 14}" cy="{y + 14}" r="4"/><circle cx="{x + 27}" cy="{y + 14}" r="4"/><circle cx="{x + 40}" cy="{y + 14}" r="4"/></g>',
        )
        self.rect(x + 60, y + 6, min(220, w - 80), 16, PAPER, 8)
        self.text(x + 70, y + 12 + size * 0.6, address, size, REGULAR, MUTED)
        return y + 28

    def phone(self, x, y, w, h, title=None, bar=BLUE) -> tuple[int, int, int]:
        """A phone, `title` on its bar; returns its screen's left, top and width."""
        self.rect(x + 4, y + 8, w, h, NIGHT, 30, ' opacity=".1"')
        self.rect(x, y, w, h, INK, 30, ' class="phone"')
        x, y, w = x + 8, y + 8, w - 16
        self.rect(x, y, w, h - 16, PAPER, 23)
        self.rect(x + w / 2 - 22, y + 6, 44, 8, INK, 4)
        if title is not None:
            self.add(
                f'<path d="M{x} {y + 23}a23 23 0 0 1 23-23h{w - 46}a23 23 0 0 1 23 23v29H{x}z" fill="{bar}"/>',
                f'<path d="M{x + 20} {y + 30}l-6 6 6 6" fill="none" stroke="{PAPER}" stroke-width="2.4" stroke-linecap="round"/>',
            )
            self.text(x + 32, y + 41, title, 15, BOLD, PAPER)
        return x, y, w

    def chip(self, x, y, text, fg, bg, size=11, anchor="start") -> float:
        """A pill sized to its text, `y` its top; returns its width."""
        text = str(text)
        w = width(text, size, SEMIBOLD) + size * 1.4
        left = x - w if anchor == "end" else x
        self.rect(round(left, 1), y, round(w, 1), round(size * 1.8), bg, round(size * 0.9))
        self.text(left + size * 0.7, y + size * 1.28, text, size, SEMIBOLD, fg)
        return w

    def chips(self, x, y, items, size=11, gap=6) -> None:
        """Pills side by side from `x`: each item (text, foreground, background)."""
        for text, fg, bg in items:
            x += self.chip(x, y, text, fg, bg, size) + gap

    def button(self, x, y, w, h, text, fill=ACCENT, fg=PAPER, size=13) -> None:
        self.rect(x, y, w, h, fill, h / 2 if h < 40 else 10)
        self.text(x + w / 2, y + h / 2 + size * 0.36, text, size, BOLD, fg, "middle")

    def check(self, x, y, r=9, fill=SUCCESS) -> None:
        """A done mark: a tick in a disc centred on (x, y)."""
        self.dot(x, y, r, fill)
        s = r / 9
        self.add(
            f'<path d="M{x - 4.5 * s:.1f} {y:.1f}l{3 * s:.1f} {3 * s:.1f} {6 * s:.1f}-{6.5 * s:.1f}" fill="none" stroke="{PAPER}" stroke-width="{2.4 * s:.1f}" stroke-linecap="round" stroke-linejoin="round"/>'
        )

    def ring(self, x, y, r=9) -> None:
        """A step still to come: an open ring centred on (x, y)."""
        self.dot(x, y, r - 1, PAPER, f' stroke="{LINE_STRONG}" stroke-width="2"')


EDGE = f' stroke="{LINE}"'  # a hairline edge, as `extra` attributes


def choice(chosen: bool) -> tuple[int, str]:
    """The weight and colour of an option, chosen or not."""
    return (SEMIBOLD, INK) if chosen else (REGULAR, MUTED)


def wrap(text: str, size: float, limit: float) -> list[str]:
    """`text` in lines no wider than `limit` at `size` px (regular weight)."""
    lines: list[str] = []
    for word in text.split():
        if lines and width(f"{lines[-1]} {word}", size) <= limit:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


HERO = (640, 400)  # a case study's hero: its project card's picture
# A case study's screens, read on a 375 px phone one a row (11 px words show at 9 px or more);
# a phone app's screens are phones at phone size.
SCREEN = (400, 520)
PHONE_SCREEN = (320, 640)


def screen_window(tint: str, address: str, size=SCREEN) -> tuple[Canvas, int]:
    """A tile holding the application's window (a screen's cut by the tile's foot); returns
    the canvas and the top of the window's page (a screen's content from x 36 to 364)."""
    c = Canvas(*size, tint)
    if size == HERO:
        return c, c.window(24, 24, 592, 392, address)
    return c, c.window(16, 16, 368, 520, address, 11)


def screen_phone(tint: str, title, x=80) -> tuple[Canvas, int, int, int]:
    """A screen's tile: a public site on a phone cut by the tile's foot, its screen 224 px."""
    c = Canvas(*SCREEN, tint)
    return c, *c.phone(x, 16, 240, 540, title, NIGHT)


def app_phone(tint: str, title, bar=BLUE) -> tuple[Canvas, int, int, int]:
    """A phone app's screen at phone size, its screen 276 px wide."""
    c = Canvas(*PHONE_SCREEN, tint)
    return c, *c.phone(14, 14, 292, 612, title, bar)
