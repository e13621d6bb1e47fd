# ruff: noqa: E501 - SVG path data reads best on one line
"""ViewBox, the brands' content management system: a dealer's open-day page in the editor
(the hero), the templates, the brand's review and the page published with its visits."""

from __future__ import annotations

from motorlab.build.drawings import canvas as ui
from motorlab.build.drawings.figtree import BOLD, REGULAR, SEMIBOLD, width
from motorlab.build.drawings.language import _l, euros, format_decimal

VIOLET, VIOLET_TINT = "#5b3fc4", "#ece8fb"
BLOCKS = (_l("Header"), _l("Text"), _l("Gallery"), _l("Form"), _l("Map"))
OPEN_DAY = _l("Open day")
OPEN_DAY_WHEN = _l("Saturday 18 May · 10:00 to 14:00")
BOOK_A_TEST_DRIVE = _l("Book a test drive")
DEALER = "Autos Rivera · Sevilla"
# The dealer's offers on its page: models (names, not words) with their prices and colours.
DEALER_OFFERS = (
    ("Ardentia S", 24900, ui.ACCENT),
    ("Nordvik E5", 38500, ui.NIGHT),
    ("Idrena 300", 19990, ui.BLUE),
)
TEMPLATES = (
    (_l("Launch"), ui.NIGHT, ui.ACCENT),
    (OPEN_DAY, ui.ACCENT, ui.NIGHT),
    (_l("Dealer page"), ui.BLUE, ui.PAPER),
    (_l("Event"), VIOLET, ui.ACCENT),
    (_l("Offer"), ui.SUCCESS, ui.PAPER),
    (_l("After-sales"), ui.AMBER, ui.PAPER),
)
THREAD = (  # the brand's review: who wrote, from where, what, in which colour
    ("Marta", _l("Brand team"), _l("Please use the spring campaign photo in the header."), VIOLET),
    ("Luis", DEALER.split(" · ")[0], _l("Done, photo changed. Ready to publish?"), ui.BLUE),
)
WEEK_VISITS = (120, 146, 138, 171, 190, 236, 283)  # a day each, to Saturday's open day


def padlock(c: ui.Canvas, x, y) -> None:
    c.add(
        f'<path d="M{x + 2} {y}v-3a4 4 0 0 1 8 0v3" fill="none" stroke="{ui.MUTED}" stroke-width="1.6"/>'
        f'<rect x="{x}" y="{y}" width="12" height="9" rx="2" fill="{ui.MUTED}"/>'
    )


def dealer_band(c: ui.Canvas, x, y, w, band, r, scale=1.0, flat=True) -> None:
    """The top of the dealer's open-day page: the dealer, the headline (as large as the width
    lets it be) and when, on the night band; `flat`, the band goes on into the page below."""
    c.rect(x, y, w, band, ui.NIGHT, 8)
    if flat:
        c.rect(x, y + band - 8, w, 8, ui.NIGHT)
    c.add(f'<path d="M{x + w} {y + band - r}a{r} {r} 0 0 0-{r} {r}h{r}z" fill="{ui.ACCENT}"/>')
    title = 26 * scale
    while width(str(OPEN_DAY), title, BOLD) > w - 32:
        title -= 1
    c.text(x + 16, y + 26 * scale, DEALER, 10 * scale, SEMIBOLD, ui.PAPER, limit=w - 32)
    c.text(x + 16, y + 62 * scale, OPEN_DAY, title, BOLD, ui.PAPER, limit=w - 32)
    c.lines(x + 16, y + 84 * scale, OPEN_DAY_WHEN, 11 * scale, w - 32, 15 * scale, fill=ui.PAPER)


def offer(c: ui.Canvas, x, y, w, h, model, price, body, size, car) -> None:
    """One of the dealer's offers: the car, from (x, y) `car` px wide, its model and price."""
    c.add('<g class="offer">')
    c.rect(round(x, 1), round(y, 1), round(w, 1), round(h, 1), ui.SURFACE, 6)
    place = f"translate({x + 6:.1f} {y + 4:.1f}) scale({car / 285:.3f}) translate(-72 -100)"
    c.add(ui.car(place, body))
    text = (x + 6, y + h - 22) if car > w / 2 else (x + car + 12, y + h / 2 - 3)
    c.text(*text, model, size, BOLD, ui.INK, limit=w - 20)
    price = euros(price, cents=False)
    c.text(text[0], text[1] + 13 * size / 9, price, size, SEMIBOLD, ui.ACCENT, limit=w - 20)
    c.add("</g>")


def dealer_page(c: ui.Canvas, x, y, w, h, scale=1.0) -> None:
    """The page being made: a dealer's open day on the brand's template."""
    c.rect(x, y, w, h, ui.PAPER, 8, ui.EDGE)
    dealer_band(c, x, y, w, round(h * 0.52), round(h * 0.36), scale)
    foot = y + h * 0.52  # the band's
    c.button(x + 16, foot + 14, 150 * scale, 28 * scale, BOOK_A_TEST_DRIVE, size=11 * scale)
    cell = (w - 32) / 3
    top, tall = foot + 56 * scale, h * 0.48 - 70 * scale
    for index, (model, price, body) in enumerate(DEALER_OFFERS):
        left = x + 16 + cell * index
        offer(c, left, top, cell - 8, tall, model, price, body, 9 * scale, cell - 20)


def viewbox() -> str:
    c, top = ui.screen_window(VIOLET_TINT, "viewbox.studio", ui.HERO)
    # The blocks to add, the page, and the brand's locked settings.
    c.rect(24, top, 120, 364, ui.SURFACE)
    c.text(38, top + 28, _l("Blocks"), 13, BOLD, ui.INK)
    for index, label in enumerate(BLOCKS):
        c.rect(36, top + 40 + 38 * index, 96, 30, ui.PAPER, 6, ui.EDGE)
        c.rect(44, top + 50 + 38 * index, 10, 10, VIOLET, 2, ' opacity=".7"')
        c.text(60, top + 60 + 38 * index, label, 12.5, SEMIBOLD, ui.INK, limit=68)
    c.text(160, top + 28, OPEN_DAY, 14, BOLD, ui.INK, limit=140)
    c.chip(596, top + 12, _l("Publish"), ui.PAPER, VIOLET, 12, "end")
    for index in range(3):
        c.rect(318 + 28 * index, top + 12, 22, 20, VIOLET_TINT if index == 0 else ui.SURFACE, 5)
    c.add(
        f'<g fill="none" stroke="{VIOLET}" stroke-width="1.5"><rect x="322" y="{top + 17}" width="14" height="10" rx="1"/><rect x="352" y="{top + 16}" width="10" height="12" rx="1"/><rect x="382" y="{top + 16}" width="6" height="12" rx="1"/></g>'
    )
    dealer_page(c, 160, top + 44, 300, 300)
    c.add(
        f'<rect x="158" y="{top + 42}" width="304" height="{160}" rx="9" fill="none" stroke="{VIOLET}" stroke-width="2" stroke-dasharray="5 4"/>'
    )
    x = 476
    c.text(x, top + 62, _l("Headline"), 13, BOLD, ui.INK)
    c.rect(x, top + 72, 120, 28, ui.PAPER, 6, f' stroke="{VIOLET}"')
    c.text(x + 8, top + 91, OPEN_DAY, 13, REGULAR, ui.INK, limit=104)
    c.text(x, top + 128, _l("Locked by the brand"), 12, BOLD, ui.MUTED, limit=120)
    for index, label in enumerate((_l("Typeface"), _l("Colours"), _l("Logo"))):
        y = top + 144 + 40 * index
        c.rect(x, y, 120, 32, ui.SURFACE, 6)
        c.text(x + 8, y + 21, label, 12, SEMIBOLD, ui.INK, limit=70)
        padlock(c, x + 102, y + 14)
        if index == 1:
            for swatch, fill in enumerate((ui.NIGHT, ui.ACCENT, ui.PAPER)):
                c.dot(x + 76 + 9 * swatch, y + 16, 5, fill, ui.EDGE)
    return c.svg()


def viewbox_templates() -> str:
    c, top = ui.screen_window(VIOLET_TINT, "viewbox.studio")
    c.text(36, top + 36, _l("Choose a template"), 17, BOLD, ui.INK, limit=328)
    for index, (name, fill, accent) in enumerate(TEMPLATES):
        x, y = 36 + 170 * (index % 2), top + 54 + 124 * (index // 2)
        chosen = index == 1
        edge = f' stroke="{VIOLET}" stroke-width="2.5"' if chosen else ui.EDGE
        c.rect(x, y, 158, 114, ui.PAPER, 10, edge)
        # The template's first screen: its band in its colours, with the car it launches.
        c.add('<g class="template">')
        c.rect(x + 8, y + 8, 142, 58, fill, 6)
        c.add(f'<path d="M{x + 150} {y + 26}a40 40 0 0 0-40 40h40z" fill="{accent}"/>')
        c.add(ui.car(f"translate({x + 16} {y + 20}) scale(.33) translate(-72 -100)", ui.PAPER))
        c.add("</g>")
        c.text(x + 10, y + 86, name, 13, BOLD, ui.INK, limit=118)
        c.text(x + 10, y + 104, _l("%(count)s blocks", count=4 + index % 3), 11, REGULAR, ui.MUTED)
        if chosen:
            c.check(x + 140, y + 94, 10, VIOLET)
    c.chip(364, top + 432, _l("Use this template"), ui.PAPER, VIOLET, 12, "end")
    return c.svg()


def viewbox_approval() -> str:
    c, top = ui.screen_window(VIOLET_TINT, "viewbox.studio")
    c.text(36, top + 36, OPEN_DAY, 17, BOLD, ui.INK, limit=180)
    c.chip(364, top + 20, _l("Waiting for approval"), ui.AMBER, ui.AMBER_TINT, 11, "end")
    dealer_band(c, 36, top + 54, 328, 118, 84, 1.1, flat=False)
    x = 36
    c.text(x, top + 204, _l("Comments"), 14, BOLD, ui.INK)
    y = top + 216
    for name, where, words, fill in THREAD:
        c.dot(x + 12, y + 14, 12, fill)
        c.text(x + 12, y + 18, name[0], 12, BOLD, ui.PAPER, "middle")
        c.text(x + 32, y + 12, name, 12, BOLD, ui.INK)
        c.text(x + 32, y + 27, where, 11, REGULAR, ui.MUTED, limit=290)
        rows = len(ui.wrap(str(words), 12, 308))
        c.rect(x, y + 36, 328, 12 + 17 * rows, ui.SURFACE, 8)
        c.lines(x + 10, y + 53, words, 12, 308, 17)
        y += 60 + 17 * rows
    c.button(x, top + 424, 156, 36, _l("Approve"), ui.SUCCESS)
    c.rect(x + 166, top + 424, 162, 36, ui.PAPER, 18, ui.EDGE)
    c.text(x + 247, top + 447, _l("Ask for changes"), 12, BOLD, ui.INK, "middle", 150)
    return c.svg()


def viewbox_published() -> str:
    """The dealer's open day as published, on a phone at its own address, and its visits."""
    c = ui.Canvas(*ui.SCREEN, VIOLET_TINT)
    x, y, w = c.phone(24, 16, 240, 540)
    c.rect(x + 12, y + 20, w - 24, 26, ui.SURFACE, 13)
    padlock(c, x + 24, y + 34)
    c.text(x + 42, y + 38, "autosrivera.es", 11, REGULAR, ui.MUTED)
    dealer_band(c, x, y + 56, w, 160, 104, 1.1)
    c.button(x + 16, y + 230, w - 32, 34, BOOK_A_TEST_DRIVE)
    for index, (model, price, body) in enumerate(DEALER_OFFERS):
        offer(c, x + 12, y + 278 + 58 * index, w - 24, 50, model, price, body, 12, 66)
    # Beside the phone: what the space's statistics say since it went live.
    c.panel(236, 300, 152, 196, 12)
    c.chip(250, 314, _l("Published"), ui.SUCCESS, ui.SUCCESS_SURFACE, 11)
    c.text(250, 362, _l("Visits this week"), 11, SEMIBOLD, ui.MUTED, limit=126)
    c.text(250, 390, format_decimal(sum(WEEK_VISITS)), 24, BOLD, ui.INK)
    bars = "".join(
        f'<rect x="{250 + 18 * i}" y="{452 - v / 5:.0f}" width="12" height="{v / 5:.0f}" rx="2" fill="{VIOLET if i == 6 else VIOLET_TINT}"/>'
        for i, v in enumerate(WEEK_VISITS)
    )
    c.add(f'<g class="chart">{bars}</g>')
    c.text(250, 478, _l("Test drives booked"), 11, REGULAR, ui.MUTED, limit=102)
    c.text(374, 479, "37", 15, BOLD, ui.INK, "end")
    return c.svg()
