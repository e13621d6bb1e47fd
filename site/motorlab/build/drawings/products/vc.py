# ruff: noqa: E501 - SVG path data reads best on one line
"""VC, the commercial-vehicle website: the catalogue (the hero), the configurator, the
dealer locator and a service booking on a phone."""

from __future__ import annotations

from motorlab.build.drawings import canvas as ui
from motorlab.build.drawings.figtree import BOLD, REGULAR, SEMIBOLD
from motorlab.build.drawings.language import _l, euros, format_decimal

# A panel van, side view, facing left, in a 166 x 82 box: a short bonnet, the cab's windows,
# the sliding door, lamps, bumpers and wheels in their arches.
VAN = "M2 66V40q0-6 4-9l8-6 14-19q3-4 8-4h124q6 0 6 6v58q0 4-4 4H6q-4 0-4-4z"
VC_NAV = (_l("Vans"), _l("Light trucks"), _l("Configure"), _l("Dealers"))
BODY_TYPES = (_l("Panel van"), _l("Crew van"), _l("Chassis cab"))
PAYLOAD, LOAD_VOLUME, FROM = _l("Payload"), _l("Load volume"), _l("From")
VC_MODELS = (  # name, payload kg, volume m3, price
    ("Cargo L2H2", 1250, 10.3, 29900),
    ("Cargo L3H2", 1180, 13.0, 32400),
)
WHEELBASE = _l("Wheelbase")
SEE_DEALERS = _l("Find a dealer")
# The nearest commercial-vehicle centres: name, km away, and where its pin is on the map.
VC_DEALERS = (("Corvane Pro · Getafe", 2.4, (148, 52)), ("Corvane Pro · Leganés", 6.1, (58, 120)))
REPLACEMENT_VAN = _l("Replacement van")
LATE_SLOTS = ("16:30", "18:00", "19:30", "20:30")
DAYS = (_l("Mon"), _l("Tue"), _l("Wed"), _l("Thu"), _l("Fri"))
OPEN_LATE = _l("Open until 21:00")


def van(c: ui.Canvas, x, y, scale) -> None:
    thin = f"{1.6 / scale:.1f}"
    c.add(
        f'<g class="van" transform="translate({x} {y}) scale({scale})">'
        f'<path d="{VAN}" fill="{ui.PAPER}" stroke="{ui.INK}" stroke-width="{2.4 / scale:.1f}"/>'
        f'<path d="M14 30l16-20q2-2 5-2h9v22z" fill="{ui.BLUE_TINT}" stroke="{ui.INK}" stroke-width="{thin}"/>'
        f'<rect x="50" y="8" width="30" height="22" rx="3" fill="{ui.BLUE_TINT}" stroke="{ui.INK}" stroke-width="{thin}"/>'
        f'<path d="M46 8v60M86 8v60M160 8v60" fill="none" stroke="{ui.LINE_STRONG}" stroke-width="{thin}"/>'
        f'<rect x="90" y="36" width="12" height="4" rx="2" fill="{ui.INK}"/><rect x="36" y="36" width="8" height="3" rx="1.5" fill="{ui.INK}"/>'
        f'<rect x="2" y="44" width="164" height="6" fill="{ui.ACCENT}"/>'
        f'<path d="M10 30h-6v6h4z" fill="{ui.INK}"/>'
        f'<rect x="2" y="38" width="8" height="5" rx="2" fill="{ui.AMBER_TINT}" stroke="{ui.INK}" stroke-width="{thin}"/>'
        f'<rect x="160" y="16" width="6" height="10" rx="2" fill="{ui.ACCENT}"/>'
        f'<g fill="{ui.INK}"><rect x="0" y="60" width="22" height="8" rx="3"/><rect x="150" y="60" width="18" height="8" rx="3"/>'
        f'<path d="M16 70a16 16 0 0 1 32 0zM120 70a16 16 0 0 1 32 0z" opacity=".85"/></g>'
        f'<g fill="{ui.INK}" stroke="{ui.PAPER}" stroke-width="{thin}"><circle cx="32" cy="70" r="12"/><circle cx="136" cy="70" r="12"/></g>'
        f'<g fill="{ui.SURFACE}"><circle cx="32" cy="70" r="5"/><circle cx="136" cy="70" r="5"/></g></g>'
    )


def vc_header(c: ui.Canvas, x, top, w, items=VC_NAV) -> None:
    c.rect(x + 20, top + 14, 20, 20, ui.NIGHT, 4)
    c.text(x + 46, top + 29, "VC", 15, BOLD, ui.NIGHT)
    at = x + w - 20
    for label in reversed(items):
        at -= c.text(at, top + 28, label, 12, SEMIBOLD, ui.INK, "end") + 18
    c.rect(x, top + 48, w, 1, ui.LINE)


def vc() -> str:
    """The catalogue: vans by body type with the figures fleet buyers compare first."""
    c, top = ui.screen_window(ui.SURFACE, "vc-vans", ui.HERO)
    vc_header(c, 24, top, 592)
    c.text(44, top + 88, VC_NAV[0], 28, BOLD, ui.NIGHT)
    first, *others = BODY_TYPES
    body_types = [(first, ui.PAPER, ui.NIGHT), *((label, ui.INK, ui.SURFACE) for label in others)]
    c.chips(44, top + 102, body_types, 13, 8)
    for index, (name, payload, volume, price) in enumerate(VC_MODELS):
        x, y = 44 + 282 * index, top + 144
        c.rect(x, y, 268, 230, ui.PAPER, 12, ui.EDGE)
        c.rect(x, y, 268, 80, ui.SURFACE, 12)
        c.rect(x, y + 68, 268, 12, ui.SURFACE)
        van(c, x + 62 + 6 * index, y + 6, 0.82 + 0.05 * index)
        c.text(x + 16, y + 110, name, 19, BOLD, ui.INK)
        volume = f"{format_decimal(volume, '0.0')} m³"
        facts = ((PAYLOAD, f"{format_decimal(payload)} kg"), (LOAD_VOLUME, volume))
        for column, (label, value) in enumerate(facts):
            c.text(x + 16 + 126 * column, y + 138, label, 13, REGULAR, ui.MUTED, limit=118)
            c.text(x + 16 + 126 * column, y + 162, value, 18, BOLD, ui.INK)
        c.text(x + 16, y + 194, FROM, 13, REGULAR, ui.MUTED)
        c.text(x + 252, y + 196, euros(price, cents=False), 19, BOLD, ui.ACCENT, "end")
    return c.svg()


def vc_configurator() -> str:
    c, top = ui.screen_window(ui.SURFACE, "vc-vans")
    vc_header(c, 16, top, 368, (VC_NAV[0], VC_NAV[2], VC_NAV[3]))
    c.text(36, top + 84, "Cargo L3H2", 20, BOLD, ui.NIGHT)
    c.add(f'<ellipse cx="200" cy="{top + 184}" rx="104" ry="6" fill="{ui.NIGHT}" opacity=".1"/>')
    van(c, 109, top + 96, 1.1)
    c.add(
        f'<path d="M144 {top + 198}h115" stroke="{ui.BLUE}" stroke-width="2"/><path d="M144 {top + 192}v12M259 {top + 192}v12" stroke="{ui.BLUE}" stroke-width="2"/>'
    )
    c.text(201, top + 220, f"{WHEELBASE}: 4 035 mm", 12, SEMIBOLD, ui.BLUE, "middle")
    options = (
        (WHEELBASE, (_l("Short"), _l("Medium"), _l("Long")), 2),
        (_l("Roof height"), ("H1", "H2", "H3"), 1),
        (_l("Conversion"), (_l("Shelving"), _l("Refrigerated")), 0),
    )
    for row, (label, values, chosen) in enumerate(options):  # a segmented control each
        y, cell = top + 248 + 58 * row, 328 / len(values)
        c.text(36, y, label, 12, BOLD, ui.INK)
        c.rect(36, y + 10, 328, 32, ui.SURFACE, 8)
        c.rect(round(39 + cell * chosen, 1), y + 13, round(cell - 6, 1), 26, ui.PAPER, 6, ui.EDGE)
        for index, value in enumerate(values):
            style = ui.choice(index == chosen)
            c.text(36 + cell * (index + 0.5), y + 31, value, 12, *style, "middle", cell - 8)
    c.rule(36, top + 418, 328)
    c.text(36, top + 440, _l("Your van"), 12, REGULAR, ui.MUTED)
    c.text(36, top + 464, euros(34650, cents=False), 20, BOLD, ui.INK)
    c.button(204, top + 434, 160, 36, SEE_DEALERS, ui.ACCENT, ui.PAPER, 13)
    return c.svg()


def vc_dealers() -> str:
    """The dealer locator on a phone: commercial-vehicle centres only, nearest first."""
    c, x, y, w = ui.screen_phone(ui.SURFACE, SEE_DEALERS)
    c.rect(x + 12, y + 64, w - 24, 34, ui.SURFACE, 17)
    c.add(
        f'<g fill="none" stroke="{ui.MUTED}" stroke-width="2"><circle cx="{x + 31}" cy="{y + 80}" r="6"/><path d="M{x + 35} {y + 85}l5 5"/></g>'
    )
    c.text(x + 46, y + 86, "28901 Getafe", 12, SEMIBOLD, ui.INK)
    c.chip(x + 12, y + 106, _l("Commercial-vehicle centres"), ui.BLUE, ui.BLUE_TINT, 11)
    top = y + 138
    c.add(
        f'<svg class="map" x="{x}" y="{top}" width="{w}" height="168" viewBox="0 0 224 168">'
        f'<rect width="224" height="168" fill="{ui.SURFACE}"/>'
        f'<rect x="150" y="96" width="60" height="56" rx="8" fill="{ui.SUCCESS_SURFACE}"/>'
        f'<path d="M-4 40q60 10 100 60t132 40" fill="none" stroke="{ui.BLUE_TINT}" stroke-width="12"/>'
        f'<path d="M0 70h224M40 0v168M120 0l30 168M0 130l224-40" fill="none" stroke="{ui.PAPER}" stroke-width="7"/>'
        f'<path d="M0 20h224M80 0v168M190 0v168M0 160h224" fill="none" stroke="{ui.PAPER}" stroke-width="3"/>'
        f'<path d="M-4 98l232-58" fill="none" stroke="{ui.AMBER_TINT}" stroke-width="9"/></svg>'
    )
    c.dot(x + 104, top + 92, 14, ui.BLUE_TINT)
    c.dot(x + 104, top + 92, 6, ui.BLUE)
    for index, (name, km, (px, py)) in enumerate(VC_DEALERS):  # a pin, its number in its head
        c.add(
            f'<g class="pin"><path d="M{x + px} {top + py}c-4-8-12-13-12-21a12 12 0 0 1 24 0c0 8-8 13-12 21z" fill="{ui.ACCENT}" stroke="{ui.PAPER}" stroke-width="2"/>'
        )
        c.text(x + px, top + py - 17, str(index + 1), 11, BOLD, ui.PAPER, "middle")
        c.add("</g>")
        y0 = y + 318 + 76 * index
        c.rect(x + 12, y0, w - 24, 66, ui.PAPER, 10, ui.EDGE)
        c.dot(x + 32, y0 + 22, 10, ui.ACCENT)
        c.text(x + 32, y0 + 26, str(index + 1), 11, BOLD, ui.PAPER, "middle")
        c.text(x + 48, y0 + 26, name, 13, BOLD, ui.INK, limit=w - 72)
        c.text(x + 48, y0 + 43, OPEN_LATE, 11, REGULAR, ui.MUTED, limit=w - 106)
        c.text(x + w - 22, y0 + 43, f"{format_decimal(km, '0.0')} km", 11, SEMIBOLD, ui.INK, "end")
        c.text(x + 48, y0 + 58, _l("Replacement vans"), 11, SEMIBOLD, ui.SUCCESS, limit=w - 72)
    return c.svg()


def vc_booking() -> str:
    c, x, y, w = ui.screen_phone(ui.SURFACE, _l("Book a service"), 56)
    c.text(x + 14, y + 78, "Cargo L2H2 · 5291 MXB", 12, SEMIBOLD, ui.INK)
    c.text(x + 14, y + 96, OPEN_LATE, 11, REGULAR, ui.MUTED)
    cell = (w - 28) / 5
    for index, day in enumerate(DAYS):
        cx = x + 14 + cell * index
        back, name, date = (
            (ui.NIGHT, ui.PAPER, ui.PAPER) if index == 2 else (ui.SURFACE, ui.MUTED, ui.INK)
        )
        c.rect(round(cx + 2, 1), y + 110, round(cell - 4, 1), 50, back, 8)
        c.text(cx + cell / 2, y + 129, day, 11, SEMIBOLD, name, "middle")
        c.text(cx + cell / 2, y + 150, str(13 + index), 15, BOLD, date, "middle")
    half = (w - 28) / 2
    for index, slot in enumerate(LATE_SLOTS):
        sx, sy = x + 14 + (index % 2) * half, y + 176 + 40 * (index // 2)
        chosen, right = index == 1, index % 2
        back, edge = (ui.BLUE_TINT, ui.BLUE) if chosen else (ui.PAPER, ui.LINE)
        left = round(sx + (4 if right else 0), 1)
        c.rect(left, sy, round(half - 4, 1), 32, back, 8, f' stroke="{edge}"')
        weight, fill = (BOLD, ui.BLUE) if chosen else (REGULAR, ui.INK)
        c.text(sx + half / 2 + (2 if right else -2), sy + 21, slot, 13, weight, fill, "middle")
    c.rect(x + 14, y + 268, w - 28, 44, ui.SURFACE, 10)
    c.text(x + 24, y + 295, REPLACEMENT_VAN, 12, SEMIBOLD, ui.INK, limit=w - 84)
    c.rect(x + w - 54, y + 280, 30, 20, ui.SUCCESS, 10)
    c.dot(x + w - 34, y + 290, 7, ui.PAPER)
    c.button(x + 14, y + 330, w - 28, 34, _l("Confirm booking"), ui.ACCENT, ui.PAPER, 14)
    # Over the phone's foot: the confirmation the fleet manager receives.
    c.panel(172, 404, 212, 92, 12)
    c.check(194, 430, 10)
    c.text(210, 435, _l("Booked"), 13, BOLD, ui.SUCCESS)
    c.text(188, 460, f"{DAYS[2]} 15 · 18:00", 13, BOLD, ui.INK)
    c.text(188, 480, REPLACEMENT_VAN, 11, REGULAR, ui.MUTED, limit=180)
    return c.svg()
