# ruff: noqa: E501 - SVG path data reads best on one line
"""KuZu, fault reporting on the test track: the app's new fault beside the back office's
card (the hero), the VIN scanned, the fault marked on the car, and the fault followed."""

from __future__ import annotations

from motorlab.build.drawings import canvas as ui
from motorlab.build.drawings.figtree import BOLD, REGULAR, SEMIBOLD
from motorlab.build.drawings.language import _l

# The car seen from above, 120 x 200, the fault's marker on it (car_top).
CAR_TOP = "M18 0h84q18 0 18 22v156q0 22-18 22H18q-18 0-18-22V22Q0 0 18 0z"
KUZU_VIN = "WVWZZZ3CZPE041187"
VEHICLE, ZONE, SUPPLIER = _l("Vehicle"), _l("Zone"), _l("Supplier")
REAR_LEFT_DOOR = _l("Rear left door")
SEVERITY = _l("Severity")
MINOR, MAJOR, CRITICAL = _l("Minor"), _l("Major"), _l("Critical")
SEND_FAULT = _l("Send fault")
WIND_NOISE = _l("Wind noise at 90 km/h")
MARK_THE_AREA = _l("Mark the area")
CRITICAL_COLOURS = (ui.ACCENT, ui.ACCENT_TINT)  # the fault's severity, chosen
SEVERITIES = (
    (MINOR, ui.MUTED, ui.SURFACE),
    (MAJOR, ui.MUTED, ui.SURFACE),
    (CRITICAL, *CRITICAL_COLOURS),
)
FAULT_STEPS = (  # what happened to the fault, when and by whom; the last one still to come
    (_l("Reported"), "09:42 · A. Ruiz"),
    (_l("Assigned to %(supplier)s", supplier="Trimtec"), "11:15 · M. Laine"),
    (_l("Fix confirmed on a car"), _l("Waiting for the supplier")),
)


def car_top(c: ui.Canvas, x, y, scale) -> None:
    """The car seen from above, the fault's marker on its rear left door."""
    c.add(
        f'<g class="car" transform="translate({x} {y}) scale({scale})">'
        f'<path d="{CAR_TOP}" fill="{ui.SURFACE}" stroke="{ui.INK}" stroke-width="3"/>'
        f'<path d="M20 52q40-14 80 0l-6 30H26zM24 150h72l6 24q-42 10-84 0z" fill="{ui.BLUE_TINT}" stroke="{ui.INK}" stroke-width="2"/>'
        f'<path d="M0 96h120M0 134h120" stroke="{ui.LINE}" stroke-width="2"/>'
        f'<circle cx="24" cy="150" r="18" fill="{ui.ACCENT}" opacity=".2"/>'
        f'<circle cx="24" cy="150" r="8" fill="{ui.ACCENT}" stroke="{ui.PAPER}" stroke-width="3"/></g>'
    )


def door_photo(c: ui.Canvas, x, y, shot, w=50) -> None:
    """A photo of the fault (50 x 36 unless `w` says): the rear left door close up (its
    window, handle and seal), the scratch ringed, each shot from a little further back."""
    zoom = (1.0, 0.8, 0.64)[shot]
    c.add(
        f'<svg class="photo" x="{x}" y="{y}" width="{w}" height="{w * 0.72:g}" viewBox="-25 -18 50 36">'
        f'<rect x="-25" y="-18" width="50" height="36" fill="{ui.NIGHT}"/><g transform="scale({zoom})">'
        f'<path d="M-30 -24h54q8 0 8 8v40h-62z" fill="{ui.BLUE}"/>'
        f'<path d="M-24 -19h44q5 0 5 5v10h-49z" fill="{ui.BLUE_TINT}"/>'
        f'<path d="M-30 -1h62" stroke="{ui.NIGHT}" stroke-width="1.5"/>'
        f'<rect x="10" y="3" width="12" height="3.5" rx="1.75" fill="{ui.PAPER}"/>'
        f'<path d="M-14 10l9 -3 6 2" fill="none" stroke="{ui.PAPER}" stroke-width="1.6" stroke-linecap="round"/>'
        f'<circle cx="-7" cy="9" r="8" fill="none" stroke="{ui.ACCENT}" stroke-width="2"/></g></svg>'
    )


def zone(c: ui.Canvas, left, tops, sizes, step, room) -> None:
    """The fault's zone beside the car: its label, number and name (`tops` and `sizes` each)."""
    c.text(left, tops[0], ZONE, sizes[0], SEMIBOLD, ui.MUTED)
    c.text(left, tops[1], "4", sizes[1], BOLD, ui.ACCENT)
    c.lines(left, tops[2], REAR_LEFT_DOOR, sizes[2], room, step, SEMIBOLD)


def facts(c: ui.Canvas, x, y, w, step, sizes, value_x) -> None:
    """The fault's vehicle, zone and supplier, a rule over each row (label, then value)."""
    rows = ((VEHICLE, KUZU_VIN), (ZONE, f"4 · {REAR_LEFT_DOOR}"), (SUPPLIER, "Trimtec"))
    for index, (label, value) in enumerate(rows):
        top = y + step * index
        c.rule(x, top, w)
        c.text(x, top + 20, label, sizes[0], REGULAR, ui.MUTED)
        c.text(value_x, top + 20, value, sizes[1], SEMIBOLD, ui.INK, limit=x + w - value_x)


def kuzu() -> str:
    c = ui.Canvas(*ui.HERO, ui.BLUE_TINT)
    x, y, w = c.phone(56, 14, 224, 400, _l("New fault"))
    c.text(x + 14, y + 76, VEHICLE, 11, SEMIBOLD, ui.MUTED)
    c.text(x + 14, y + 95, KUZU_VIN, 14, BOLD, ui.INK)
    c.text(x + 14, y + 112, "Prototype X2 · PT-118", 11, REGULAR, ui.MUTED)
    c.rect(x + 14, y + 124, w - 28, 132, ui.SURFACE, 10)
    car_top(c, x + 30, y + 134, 0.56)
    zone(c, x + 112, (y + 150, y + 168, y + 188), (11, 22, 12), 15, w - 126)
    c.text(x + 14, y + 282, SEVERITY, 11, SEMIBOLD, ui.MUTED)
    c.chips(x + 14, y + 290, SEVERITIES, 11)
    c.button(x + 14, y + 330, w - 28, 34, SEND_FAULT, size=14)
    # The quality team's side: the fault as it arrives in the back office.
    c.panel(318, 74, 282, 250, 14)
    c.text(338, 104, "KZ-0512", 13, BOLD, ui.MUTED)
    c.chip(580, 90, CRITICAL, *CRITICAL_COLOURS, 11, "end")
    c.text(338, 134, WIND_NOISE, 19, BOLD, ui.INK, limit=248)
    facts(c, 338, 156, 242, 34, (12, 13), 432)
    for index in range(3):
        door_photo(c, 338 + 58 * index, 272, index)
    c.check(528, 290, 10)
    c.text(544, 294, _l("Fault sent"), 11, SEMIBOLD, ui.SUCCESS, limit=60)
    return c.svg()


def kuzu_scan() -> str:
    """Identifying the car on the track: the camera reads the VIN, the car's details follow."""
    c, x, y, w = ui.app_phone(ui.BLUE_TINT, _l("Scan the VIN"), ui.NIGHT)
    c.rect(x, y + 52, w, 240, ui.INK)
    left, right, top, foot = x + 40, x + w - 40, y + 88, y + 240
    c.add(
        f'<path d="M{left} {top + 22}v-22h22M{right - 22} {top}h22v22M{left} {foot - 22}v22h22M{right - 22} {foot}h22v-22" fill="none" stroke="{ui.PAPER}" stroke-width="3"/>',
        f'<g fill="{ui.PAPER}">'
        + "".join(
            f'<rect x="{left + 18 + 5 * i}" y="{top + 44}" width="{1 + i % 3}" height="64"/>'
            for i in range(32)
        )
        + "</g>",
        f'<path d="M{left + 6} {top + 76}h{right - left - 12}" stroke="{ui.ACCENT}" stroke-width="2"/>',
    )
    c.text(
        x + w / 2, y + 274, _l("Point at the VIN plate"), 12, SEMIBOLD, ui.LINE, "middle", w - 28
    )
    c.check(x + 24, y + 322, 10)
    c.text(x + 42, y + 327, _l("VIN read"), 14, BOLD, ui.SUCCESS)
    c.text(x + 14, y + 358, KUZU_VIN, 18, BOLD, ui.INK)
    c.text(x + 14, y + 380, "Prototype X2 · PT-118", 13, REGULAR, ui.MUTED)
    c.rect(x + 14, y + 402, w - 28, 92, ui.SURFACE, 10)
    plant = ((_l("Plant"), _l("North plant")), (_l("Open faults"), "2"))
    for index, (label, value) in enumerate(plant):
        c.text(x + 28, y + 434 + 38 * index, label, 12, REGULAR, ui.MUTED)
        c.text(x + w - 28, y + 434 + 38 * index, value, 13, SEMIBOLD, ui.INK, "end")
    c.rule(x + 28, y + 448, w - 56)
    c.button(x + 14, y + 528, w - 28, 40, MARK_THE_AREA, ui.BLUE, size=14)
    return c.svg()


def kuzu_report() -> str:
    """The fault reported: its area marked on the car, its severity, photos and a voice note."""
    c, x, y, w = ui.app_phone(ui.BLUE_TINT, MARK_THE_AREA)
    c.rect(x + 14, y + 66, w - 28, 200, ui.SURFACE, 12)
    car_top(c, x + 30, y + 76, 0.9)
    zone(c, x + 150, (y + 110, y + 142, y + 166), (12, 30, 14), 18, w - 170)
    c.text(x + 14, y + 294, SEVERITY, 12, SEMIBOLD, ui.MUTED)
    c.chips(x + 14, y + 304, SEVERITIES, 12)
    c.text(x + 14, y + 362, _l("%(count)s photos", count=3), 12, SEMIBOLD, ui.MUTED)
    for index in range(3):
        door_photo(c, x + 14 + 86 * index, y + 372, index, 76)
    c.rect(x + 14, y + 446, w - 28, 48, ui.SURFACE, 10)
    c.dot(x + 38, y + 470, 11, ui.ACCENT)
    bars = "".join(
        f"M{x + 60 + 6 * i} {y + 470 - h / 2}v{h}"
        for i, h in enumerate((6, 14, 10, 18, 8, 12, 16, 6, 10, 14, 8, 12, 18, 10, 6, 12))
    )
    c.add(f'<path d="{bars}" stroke="{ui.MUTED}" stroke-width="2" stroke-linecap="round"/>')
    c.text(x + w - 28, y + 475, "0:12", 12, SEMIBOLD, ui.MUTED, "end")
    c.button(x + 14, y + 528, w - 28, 40, SEND_FAULT, size=14)
    return c.svg()


def kuzu_fault() -> str:
    """The fault followed on the phone: its photos, car and supplier, and where the fix is."""
    c, x, y, w = ui.app_phone(ui.BLUE_TINT, "KZ-0512")
    c.lines(x + 14, y + 84, WIND_NOISE, 18, w - 28, 22, BOLD)
    chips = ((CRITICAL, *CRITICAL_COLOURS), (_l("Assigned"), ui.BLUE, ui.BLUE_TINT))
    c.chips(x + 14, y + 100, chips)
    for index in range(3):
        door_photo(c, x + 14 + 86 * index, y + 134, index, 76)
    facts(c, x + 14, y + 206, w - 28, 30, (11, 12), x + 90)
    c.text(x + 14, y + 316, _l("Status"), 12, BOLD, ui.MUTED)
    c.rule(x + 24, y + 336, 84, ui.LINE_STRONG, ' stroke-width="2"', "v")
    for index, (label, note) in enumerate(FAULT_STEPS):
        top = y + 336 + 42 * index
        done = index < 2
        (c.check if done else c.ring)(x + 24, top, 10)
        c.text(x + 44, top + 4, label, 13, SEMIBOLD, ui.INK if done else ui.MUTED, limit=w - 58)
        c.text(x + 44, top + 21, note, 11, REGULAR, ui.MUTED, limit=w - 58)
    supplier_note = _l("New seal fitted on PT-121. Please check it on the track.")
    note = ui.wrap(str(supplier_note), 12, w - 56)
    c.rect(x + 14, y + 462, w - 28, 44 + 17 * len(note), ui.BLUE_TINT, 10)
    c.text(x + 28, y + 484, "Trimtec · 16:05", 11, SEMIBOLD, ui.BLUE)
    c.lines(x + 28, y + 504, supplier_note, 12, w - 56, 17)
    return c.svg()
