# ruff: noqa: E501 - SVG path data reads best on one line
"""The four products as they ship: each case study's hero and its three screens, with the
interface's words in the page's language (drawn once per locale by draw_pictures).

Names, codes and figures that a real screen would hold (a VIN, a plate, a time) are data,
not text to translate; every label is a lazy gettext string, set when the drawing is made.
"""

from __future__ import annotations

from datetime import date

from flask_babel import format_currency, format_date, format_decimal
from flask_babel import lazy_gettext as _l

from motorlab.content.case_study.ads import ADS
from motorlab.content.pictures.canvas import (
    ACCENT,
    ACCENT_TINT,
    AMBER,
    AMBER_TINT,
    BLUE,
    BLUE_TINT,
    BOLD,
    INK,
    LINE,
    LINE_STRONG,
    MUTED,
    NIGHT,
    PAPER,
    REGULAR,
    SEMIBOLD,
    SUCCESS,
    SUCCESS_SURFACE,
    SURFACE,
    Canvas,
    button,
    check,
    chip,
    dot,
    panel,
    phone,
    ring,
    width,
    window,
)

W, H = 640, 400


def euros(amount: float, cents: bool = True) -> str:
    """An amount in euros as the current locale writes it (a catalogue price without cents)."""
    text = format_currency(amount, "EUR")
    return text if cents else text.replace(".00", "").replace(",00", "")


# --- Shared shapes ----------------------------------------------------------------------------

# A panel van, side view, facing left, in a 166 x 82 box: a short bonnet, the cab's windows,
# the sliding door, lamps, bumpers and wheels in their arches.
VAN = "M2 66V40q0-6 4-9l8-6 14-19q3-4 8-4h124q6 0 6 6v58q0 4-4 4H6q-4 0-4-4z"
CAR_TOP = "M18 0h84q18 0 18 22v156q0 22-18 22H18q-18 0-18-22V22Q0 0 18 0z"  # 120 x 200


def van(c: Canvas, x, y, scale, body=PAPER, outline=INK) -> None:
    thin = f"{1.6 / scale:.1f}"
    c.add(
        f'<g class="van" transform="translate({x} {y}) scale({scale})">'
        f'<path d="{VAN}" fill="{body}" stroke="{outline}" stroke-width="{2.4 / scale:.1f}"/>'
        f'<path d="M14 30l16-20q2-2 5-2h9v22z" fill="{BLUE_TINT}" stroke="{outline}" stroke-width="{thin}"/>'
        f'<rect x="50" y="8" width="30" height="22" rx="3" fill="{BLUE_TINT}" stroke="{outline}" stroke-width="{thin}"/>'
        f'<path d="M46 8v60M86 8v60M160 8v60" fill="none" stroke="{LINE_STRONG}" stroke-width="{thin}"/>'
        f'<rect x="90" y="36" width="12" height="4" rx="2" fill="{outline}"/><rect x="36" y="36" width="8" height="3" rx="1.5" fill="{outline}"/>'
        f'<rect x="2" y="44" width="164" height="6" fill="{ACCENT}"/>'
        f'<path d="M10 30h-6v6h4z" fill="{outline}"/>'
        f'<rect x="2" y="38" width="8" height="5" rx="2" fill="{AMBER_TINT}" stroke="{outline}" stroke-width="{thin}"/>'
        f'<rect x="160" y="16" width="6" height="10" rx="2" fill="{ACCENT}"/>'
        f'<g fill="{outline}"><rect x="0" y="60" width="22" height="8" rx="3"/><rect x="150" y="60" width="18" height="8" rx="3"/>'
        f'<path d="M16 70a16 16 0 0 1 32 0zM120 70a16 16 0 0 1 32 0z" opacity=".85"/></g>'
        f'<g fill="{INK}" stroke="{body}" stroke-width="{thin}"><circle cx="32" cy="70" r="12"/><circle cx="136" cy="70" r="12"/></g>'
        f'<g fill="{SURFACE}"><circle cx="32" cy="70" r="5"/><circle cx="136" cy="70" r="5"/></g></g>'
    )


def backdrop(c: Canvas, tint: str) -> None:
    w, h = c.size
    c.rect(0, 0, w, h, tint)
    c.add(f'<circle cx="{w - 40}" cy="40" r="120" fill="{PAPER}" opacity=".35"/>')


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


# --- KuZu: fault reporting on the test track ----------------------------------------------------

KUZU_VIN = "WVWZZZ3CZPE041187"
NEW_FAULT = _l("New fault")
VEHICLE = _l("Vehicle")
ZONE = _l("Zone")
REAR_LEFT_DOOR = _l("Rear left door")
SEVERITY = _l("Severity")
MINOR, MAJOR, CRITICAL = _l("Minor"), _l("Major"), _l("Critical")
SEND_FAULT = _l("Send fault")
FAULT_SENT = _l("Fault sent")
WIND_NOISE = _l("Wind noise at 90 km/h")
SCAN_VIN = _l("Scan the VIN")
VIN_READ = _l("VIN read")
MARK_THE_AREA = _l("Mark the area")
STATUS = _l("Status")
ASSIGNED = _l("Assigned")
PLANT = _l("Plant")
NORTH_PLANT = _l("North plant")
SUPPLIER = _l("Supplier")
SEVERITY_COLOURS = ((SUCCESS, SUCCESS_SURFACE), (AMBER, AMBER_TINT), (ACCENT, ACCENT_TINT))


def car_top(c: Canvas, x, y, scale, mark=(24, 130)) -> None:
    """The car seen from above, with the fault's marker on it."""
    c.add(
        f'<g class="car" transform="translate({x} {y}) scale({scale})">'
        f'<path d="{CAR_TOP}" fill="{SURFACE}" stroke="{INK}" stroke-width="3"/>'
        f'<path d="M20 52q40-14 80 0l-6 30H26zM24 150h72l6 24q-42 10-84 0z" fill="{BLUE_TINT}" stroke="{INK}" stroke-width="2"/>'
        f'<path d="M0 96h120M0 134h120" stroke="{LINE}" stroke-width="2"/>'
        f'<circle cx="{mark[0]}" cy="{mark[1]}" r="18" fill="{ACCENT}" opacity=".2"/>'
        f'<circle cx="{mark[0]}" cy="{mark[1]}" r="8" fill="{ACCENT}" stroke="{PAPER}" stroke-width="3"/></g>'
    )


def door_photo(c: Canvas, x, y, shot, w=50) -> None:
    """A photo of the fault (50 x 36 unless `w` says): the rear left door close up (its
    window, handle and seal), the scratch ringed, each shot from a little further back."""
    zoom = (1.0, 0.8, 0.64)[shot]
    c.add(
        f'<svg class="photo" x="{x}" y="{y}" width="{w}" height="{w * 0.72:g}" viewBox="-25 -18 50 36">'
        f'<rect x="-25" y="-18" width="50" height="36" fill="{NIGHT}"/><g transform="scale({zoom})">'
        f'<path d="M-30 -24h54q8 0 8 8v40h-62z" fill="{BLUE}"/>'
        f'<path d="M-24 -19h44q5 0 5 5v10h-49z" fill="{BLUE_TINT}"/>'
        f'<path d="M-30 -1h62" stroke="{NIGHT}" stroke-width="1.5"/>'
        f'<rect x="10" y="3" width="12" height="3.5" rx="1.75" fill="{PAPER}"/>'
        f'<path d="M-14 10l9 -3 6 2" fill="none" stroke="{PAPER}" stroke-width="1.6" stroke-linecap="round"/>'
        f'<circle cx="-7" cy="9" r="8" fill="none" stroke="{ACCENT}" stroke-width="2"/></g></svg>'
    )


def phone_header(c: Canvas, box, title, fill=BLUE) -> None:
    x, y, w, _h = box
    c.add(
        f'<path d="M{x} {y + 23}a23 23 0 0 1 23-23h{w - 46}a23 23 0 0 1 23 23v29H{x}z" fill="{fill}"/>'
    )
    c.add(
        f'<path d="M{x + 20} {y + 30}l-6 6 6 6" fill="none" stroke="{PAPER}" stroke-width="2.4" stroke-linecap="round"/>'
    )
    c.text(x + 32, y + 41, title, 15, BOLD, PAPER)


def severity_row(c: Canvas, x, y, chosen=2, size=11) -> None:
    for index, label in enumerate((MINOR, MAJOR, CRITICAL)):
        fg, bg = SEVERITY_COLOURS[index] if index == chosen else (MUTED, SURFACE)
        x += chip(c, x, y, label, fg, bg, size) + 6


def kuzu() -> str:
    c = Canvas(W, H)
    backdrop(c, BLUE_TINT)
    box = phone(c, 56, 14, 224, 400)
    x, y, w, _h = box
    phone_header(c, box, NEW_FAULT)
    c.text(x + 14, y + 76, VEHICLE, 11, SEMIBOLD, MUTED)
    c.text(x + 14, y + 95, KUZU_VIN, 14, BOLD, INK)
    c.text(x + 14, y + 112, "Prototype X2 · PT-118", 11, REGULAR, MUTED)
    c.rect(x + 14, y + 124, w - 28, 132, SURFACE, 10)
    car_top(c, x + 30, y + 134, 0.56, (24, 150))
    c.text(x + 112, y + 150, ZONE, 11, SEMIBOLD, MUTED)
    c.text(x + 112, y + 168, "4", 22, BOLD, ACCENT)
    for row, line in enumerate(wrap(str(REAR_LEFT_DOOR), 12, w - 126)):
        c.text(x + 112, y + 188 + 15 * row, line, 12, SEMIBOLD, INK)
    c.text(x + 14, y + 282, SEVERITY, 11, SEMIBOLD, MUTED)
    severity_row(c, x + 14, y + 290, 2, 11)
    button(c, x + 14, y + 330, w - 28, 34, SEND_FAULT, ACCENT, PAPER, 14)
    # The quality team's side: the fault as it arrives in the back office.
    panel(c, 318, 74, 282, 250, 14)
    c.text(338, 104, "KZ-0512", 13, BOLD, MUTED)
    chip(c, 580, 90, CRITICAL, ACCENT, ACCENT_TINT, 11, "end")
    c.text(338, 134, WIND_NOISE, 19, BOLD, INK, limit=248)
    rows = ((VEHICLE, KUZU_VIN), (ZONE, f"4 · {REAR_LEFT_DOOR}"), (SUPPLIER, "Trimtec"))
    for index, (label, value) in enumerate(rows):
        top = 162 + 34 * index
        c.add(f'<path d="M338 {top - 6}h242" stroke="{LINE}"/>')
        c.text(338, top + 14, label, 12, REGULAR, MUTED)
        c.text(432, top + 14, value, 13, SEMIBOLD, INK, limit=148)
    for index in range(3):
        door_photo(c, 338 + 58 * index, 272, index)
    check(c, 528, 290, 10)
    c.text(544, 294, FAULT_SENT, 11, SEMIBOLD, SUCCESS, limit=60)
    return c.svg()


HOLD_OVER_VIN = _l("Point at the VIN plate")
OPEN_FAULTS = _l("Open faults")
PHOTOS = _l("%(count)s photos", count=3)


def kuzu_scan() -> str:
    """Identifying the car on the track: the camera reads the VIN, the car's details follow."""
    c, box = app_phone(BLUE_TINT)
    x, y, w, _h = box
    phone_header(c, box, SCAN_VIN, NIGHT)
    c.rect(x, y + 52, w, 240, INK)
    left, right, top, foot = x + 40, x + w - 40, y + 88, y + 240
    c.add(
        f'<path d="M{left} {top + 22}v-22h22M{right - 22} {top}h22v22M{left} {foot - 22}v22h22M{right - 22} {foot}h22v-22" fill="none" stroke="{PAPER}" stroke-width="3"/>',
        f'<g fill="{PAPER}">'
        + "".join(
            f'<rect x="{left + 18 + 5 * i}" y="{top + 44}" width="{1 + i % 3}" height="64"/>'
            for i in range(32)
        )
        + "</g>",
        f'<path d="M{left + 6} {top + 76}h{right - left - 12}" stroke="{ACCENT}" stroke-width="2"/>',
    )
    c.text(x + w / 2, y + 274, HOLD_OVER_VIN, 12, SEMIBOLD, LINE, "middle", w - 28)
    check(c, x + 24, y + 322, 10)
    c.text(x + 42, y + 327, VIN_READ, 14, BOLD, SUCCESS)
    c.text(x + 14, y + 358, KUZU_VIN, 18, BOLD, INK)
    c.text(x + 14, y + 380, "Prototype X2 · PT-118", 13, REGULAR, MUTED)
    c.rect(x + 14, y + 402, w - 28, 92, SURFACE, 10)
    for index, (label, value) in enumerate(((PLANT, NORTH_PLANT), (OPEN_FAULTS, "2"))):
        c.text(x + 28, y + 434 + 38 * index, label, 12, REGULAR, MUTED)
        c.text(x + w - 28, y + 434 + 38 * index, value, 13, SEMIBOLD, INK, "end")
    c.add(f'<path d="M{x + 28} {y + 448}h{w - 56}" stroke="{LINE}"/>')
    button(c, x + 14, y + 528, w - 28, 40, MARK_THE_AREA, BLUE, PAPER, 14)
    return c.svg()


def kuzu_report() -> str:
    """The fault reported: its area marked on the car, its severity, photos and a voice note."""
    c, box = app_phone(BLUE_TINT)
    x, y, w, _h = box
    phone_header(c, box, MARK_THE_AREA)
    c.rect(x + 14, y + 66, w - 28, 200, SURFACE, 12)
    car_top(c, x + 30, y + 76, 0.9, (24, 150))
    c.text(x + 150, y + 110, ZONE, 12, SEMIBOLD, MUTED)
    c.text(x + 150, y + 142, "4", 30, BOLD, ACCENT)
    for row, line in enumerate(wrap(str(REAR_LEFT_DOOR), 14, w - 170)):
        c.text(x + 150, y + 166 + 18 * row, line, 14, SEMIBOLD, INK)
    c.text(x + 14, y + 294, SEVERITY, 12, SEMIBOLD, MUTED)
    severity_row(c, x + 14, y + 304, 2, 12)
    c.text(x + 14, y + 362, PHOTOS, 12, SEMIBOLD, MUTED)
    for index in range(3):
        door_photo(c, x + 14 + 86 * index, y + 372, index, 76)
    c.rect(x + 14, y + 446, w - 28, 48, SURFACE, 10)
    dot(c, x + 38, y + 470, 11, ACCENT)
    bars = "".join(
        f"M{x + 60 + 6 * i} {y + 470 - h / 2}v{h}"
        for i, h in enumerate((6, 14, 10, 18, 8, 12, 16, 6, 10, 14, 8, 12, 18, 10, 6, 12))
    )
    c.add(f'<path d="{bars}" stroke="{MUTED}" stroke-width="2" stroke-linecap="round"/>')
    c.text(x + w - 28, y + 475, "0:12", 12, SEMIBOLD, MUTED, "end")
    button(c, x + 14, y + 528, w - 28, 40, SEND_FAULT, ACCENT, PAPER, 14)
    return c.svg()


FAULT_STEPS = (  # what happened to the fault, when and by whom; the last one still to come
    (_l("Reported"), "09:42 · A. Ruiz"),
    (_l("Assigned to %(supplier)s", supplier="Trimtec"), "11:15 · M. Laine"),
    (_l("Fix confirmed on a car"), _l("Waiting for the supplier")),
)
SUPPLIER_NOTE = _l("New seal fitted on PT-121. Please check it on the track.")


def kuzu_fault() -> str:
    """The fault followed on the phone: its photos, car and supplier, and where the fix is."""
    c, box = app_phone(BLUE_TINT)
    x, y, w, _h = box
    phone_header(c, box, "KZ-0512")
    for row, line in enumerate(wrap(str(WIND_NOISE), 18, w - 28)):
        c.text(x + 14, y + 84 + 22 * row, line, 18, BOLD, INK)
    at = x + 14
    for label, (fg, bg) in ((CRITICAL, SEVERITY_COLOURS[2]), (ASSIGNED, (BLUE, BLUE_TINT))):
        at += chip(c, at, y + 100, label, fg, bg, 11) + 6
    for index in range(3):
        door_photo(c, x + 14 + 86 * index, y + 134, index, 76)
    rows = ((VEHICLE, KUZU_VIN), (ZONE, f"4 · {REAR_LEFT_DOOR}"), (SUPPLIER, "Trimtec"))
    for index, (label, value) in enumerate(rows):
        top = y + 206 + 30 * index
        c.add(f'<path d="M{x + 14} {top}h{w - 28}" stroke="{LINE}"/>')
        c.text(x + 14, top + 20, label, 11, REGULAR, MUTED)
        c.text(x + 90, top + 20, value, 12, SEMIBOLD, INK, limit=w - 104)
    c.text(x + 14, y + 316, STATUS, 12, BOLD, MUTED)
    c.add(f'<path d="M{x + 24} {y + 336}v84" stroke="{LINE_STRONG}" stroke-width="2"/>')
    for index, (label, note) in enumerate(FAULT_STEPS):
        top = y + 336 + 42 * index
        done = index < 2
        (check if done else ring)(c, x + 24, top, 10)
        c.text(x + 44, top + 4, label, 13, SEMIBOLD, INK if done else MUTED, limit=w - 58)
        c.text(x + 44, top + 21, note, 11, REGULAR, MUTED, limit=w - 58)
    lines = wrap(str(SUPPLIER_NOTE), 12, w - 56)
    c.rect(x + 14, y + 462, w - 28, 44 + 17 * len(lines), BLUE_TINT, 10)
    c.text(x + 28, y + 484, "Trimtec · 16:05", 11, SEMIBOLD, BLUE)
    for row, line in enumerate(lines):
        c.text(x + 28, y + 504 + 17 * row, line, 12, REGULAR, INK)
    return c.svg()


def sidebar(c: Canvas, x, top, bottom, items, chosen, mark=ACCENT, width_=140, size=11.5) -> None:
    """An application's left column: its mark, then its sections, one of them open."""
    c.rect(x, top, width_, bottom - top, SURFACE)
    c.rect(x + 14, top + 14, 24, 24, mark, 6)
    for index, label in enumerate(items):
        y = top + 62 + round(size * 2.6) * index
        if index == chosen:
            c.rect(x + 8, y - size * 1.45, width_ - 16, round(size * 2.25), PAPER, 6)
        c.text(
            x + 16,
            y,
            label,
            size,
            SEMIBOLD if index == chosen else REGULAR,
            INK if index == chosen else MUTED,
            limit=width_ - 28,
        )


# --- ADS: the after-sales system of every dealer and workshop -------------------------------------

# The application's sections: the case study's first seven modules.
ADS_SECTIONS = tuple(module.title for module in ADS.modules[:7])
TODAY_AT = _l("Workshop · today")
ON_TIME = _l("Ready on time")
IN_THE_WORKSHOP = _l("Cars in the workshop")
IN_PROGRESS, WAITING_PARTS, READY = _l("In progress"), _l("Waiting for parts"), _l("Ready")
JOB_STATES = ((BLUE, BLUE_TINT), (AMBER, AMBER_TINT), (SUCCESS, SUCCESS_SURFACE))
SERVICE_30K = _l("30,000 km service")
BRAKE_PADS = _l("Front brake pads")
ENGINE_LIGHT = _l("Engine warning light")
TYRES = _l("Tyre change")
INSPECTION = _l("Pre-inspection check")
ADS_APPOINTMENTS = (  # time, plate, job, state
    ("08:30", "4821 LKM", SERVICE_30K, 2),
    ("09:15", "1067 MBZ", BRAKE_PADS, 0),
    ("10:00", "7730 KTR", ENGINE_LIGHT, 1),
    ("11:45", "2215 LXC", TYRES, 0),
)


def ads() -> str:
    """The workshop's day, large enough to read on a project card: the modules, today's
    figures and the appointments with their state."""
    c = Canvas(W, H)
    backdrop(c, ACCENT_TINT)
    top = window(c, 24, 24, 592, 392, "ads.aftersales")
    sidebar(c, 24, top, 416, ADS_SECTIONS[:6], 0, width_=150, size=13)
    left, right = 192, 600
    c.text(left, top + 36, TODAY_AT, 22, BOLD, INK, limit=300)
    figures = (
        (ADS_SECTIONS[0], "128", INK),
        (ON_TIME, format_decimal(0.94, "#%"), SUCCESS),
        (IN_THE_WORKSHOP, "12", INK),
    )
    for index, (label, figure, fill) in enumerate(figures):
        x = left + 138 * index
        c.rect(x, top + 52, 130, 78, SURFACE, 10)
        c.text(x + 12, top + 75, label, 12.5, SEMIBOLD, MUTED, limit=110)
        c.text(x + 12, top + 114, figure, 30, BOLD, fill)
    for index, (time, plate, job, state) in enumerate(ADS_APPOINTMENTS):
        y = top + 172 + 46 * index
        c.add(f'<path d="M{left} {y - 24}h{right - left}" stroke="{LINE}"/>')
        c.text(left, y, time, 14, SEMIBOLD, INK)
        c.text(left + 52, y, job, 14, SEMIBOLD, INK, limit=200)
        c.text(left + 52, y + 17, plate, 12, REGULAR, MUTED)
        fg, bg = JOB_STATES[state]
        chip(c, right, y - 15, (IN_PROGRESS, WAITING_PARTS, READY)[state], fg, bg, 12, "end")
    return c.svg()


OPERATIONS = _l("Operations")
LABOUR = _l("Labour")
PARTS = _l("Parts")
TOTAL = _l("Total")
WORK_ORDER = _l("Work order")
OIL_FILTER, PADS_SET, ENGINE_OIL = (
    _l("Oil filter"),
    _l("Brake pad set"),
    _l("Engine oil 5W-30, 5 l"),
)


def app_bar(c: Canvas, top, section, mark=ACCENT) -> None:
    """A screen's application bar: its mark and the section open."""
    c.rect(36, top + 14, 20, 20, mark, 5)
    c.text(64, top + 29, section, 12, SEMIBOLD, MUTED, limit=300)
    c.add(f'<path d="M16 {top + 48}h368" stroke="{LINE}"/>')


def ads_work_order() -> str:
    c, top = screen_window(ACCENT_TINT, "ads.aftersales")
    app_bar(c, top, ADS_SECTIONS[2])
    left, right = 36, 364
    c.text(left, top + 82, f"{WORK_ORDER} OT-24817", 17, BOLD, INK, limit=220)
    chip(c, right, top + 67, IN_PROGRESS, BLUE, BLUE_TINT, 11, "end")
    c.text(left, top + 102, "1067 MBZ · 41 236 km · R. Molina", 12, REGULAR, MUTED)
    rows = (
        (OPERATIONS, ((SERVICE_30K, 1.2), (BRAKE_PADS, 0.8), (ENGINE_LIGHT, 0.5)), LABOUR),
        (PARTS, ((OIL_FILTER, 1), (PADS_SET, 1), (ENGINE_OIL, 1)), None),
    )
    y = top + 138
    prices = iter((96.0, 64.0, 40.0, 18.9, 74.5, 54.0))
    for heading, items, unit in rows:
        c.text(left, y, heading, 12, BOLD, MUTED)
        y += 6
        for label, amount in items:
            y += 28
            c.add(f'<path d="M{left} {y - 20}h{right - left}" stroke="{LINE}"/>')
            c.text(left, y, label, 13, SEMIBOLD, INK, limit=190)
            shown = f"{format_decimal(amount, '0.0')} h" if unit else f"× {amount}"
            c.text(left + 252, y, shown, 12, REGULAR, MUTED, "end")
            c.text(right, y, euros(next(prices)), 13, SEMIBOLD, INK, "end")
        y += 34
    c.rect(left, y - 16, right - left, 44, SURFACE, 8)
    c.text(left + 12, y + 11, TOTAL, 14, BOLD, INK)
    c.text(right - 12, y + 11, euros(347.4), 16, BOLD, INK, "end")
    return c.svg()


PLANNER_JOBS = (  # bay, start hour, hours, label, colour
    (0, 8, 1.5, SERVICE_30K, BLUE),
    (0, 10, 2, ENGINE_LIGHT, ACCENT),
    (1, 8, 1.5, BRAKE_PADS, SUCCESS),
    (1, 10, 1.5, TYRES, BLUE),
    (2, 9, 3, _l("Warranty repair"), AMBER),
    (3, 8, 1.5, INSPECTION, SUCCESS),
    (3, 10.5, 1.5, SERVICE_30K, BLUE),
)
TECHNICIANS = ("R. Molina", "A. Prieto", "L. Sanz", "M. Vidal")


def ads_planning() -> str:
    c, top = screen_window(ACCENT_TINT, "ads.aftersales")
    app_bar(c, top, ADS_SECTIONS[3])
    left, right = 36, 364
    c.text(left, top + 82, _l("Tuesday 14"), 17, BOLD, INK)
    chip(c, right, top + 67, _l("%(count)s jobs", count=len(PLANNER_JOBS)), INK, SURFACE, 11, "end")
    grid, hour = 104, (right - 104) / 4  # 8:00 to 12:00
    for index in range(5):
        x = grid + hour * index
        c.add(f'<path d="M{x:.0f} {top + 104}v{352}" stroke="{LINE}"/>')
        if index < 4:
            c.text(x + 4, top + 118, f"{8 + index}:00", 11, SEMIBOLD, MUTED)
    for bay in range(4):
        y = top + 128 + 84 * bay
        c.add(f'<path d="M{left} {y}h{right - left}" stroke="{LINE}"/>')
        c.text(left, y + 32, _l("Bay %(number)s", number=bay + 1), 13, BOLD, INK)
        c.text(left, y + 50, TECHNICIANS[bay], 11, REGULAR, MUTED)
    for bay, start, hours, label, fill in PLANNER_JOBS:
        x, y = grid + hour * (start - 8) + 3, top + 128 + 84 * bay + 8
        w = hour * hours - 6
        c.rect(round(x, 1), y, round(w, 1), 68, fill, 8, ' opacity=".14"')
        c.rect(round(x, 1), y, 4, 68, fill, 2)
        lines = wrap(str(label), 11, w - 18)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        for row, line in enumerate(lines):
            c.text(x + 12, y + 19 + 14 * row, line, 11, SEMIBOLD, INK, limit=w - 18)
        c.text(x + 12, y + 58, f"{int(start)}:{'30' if start % 1 else '00'}", 11, REGULAR, MUTED)
    return c.svg()


VEHICLE_HISTORY = ADS.modules[8].title
WINDOW, UPDATE = _l("Window regulator"), _l("Software update")
# The car's visits, at any of the group's workshops: date, km, job, where, and what it cost
# (an amount) or who paid (warranty, the brand's campaign); the first is today's work order.
VISITS = (
    (date(2024, 5, 14), 41236, BRAKE_PADS, "Nordvik Sevilla", (IN_PROGRESS, JOB_STATES[0])),
    (date(2024, 3, 12), 30112, SERVICE_30K, "Nordvik Sevilla", 212.6),
    (date(2023, 10, 5), 22480, WINDOW, "Nordvik Málaga", (ADS.modules[5].title, JOB_STATES[1])),
    (date(2023, 6, 14), 15020, UPDATE, "Nordvik Málaga", (_l("Campaign"), JOB_STATES[2])),
)


def ads_history() -> str:
    """One car's history across the group's workshops: every visit, whichever dealer."""
    c, top = screen_window(ACCENT_TINT, "ads.aftersales")
    app_bar(c, top, VEHICLE_HISTORY)
    left, right = 36, 364
    c.text(left, top + 82, "1067 MBZ", 17, BOLD, INK)
    c.text(left, top + 102, "Nordvik E5 · Carmen Ortega", 12, REGULAR, MUTED)
    chip(c, right, top + 67, _l("%(count)s visits", count=len(VISITS)), INK, SURFACE, 11, "end")
    c.add(f'<path d="M{left + 8} {top + 140}v252" stroke="{LINE_STRONG}" stroke-width="2"/>')
    for index, (day, km, job, where, paid) in enumerate(VISITS):
        y = top + 140 + 84 * index
        if index:
            ring(c, left + 8, y, 7)
        else:
            dot(c, left + 8, y, 8, BLUE)
        c.text(left + 28, y + 4, format_date(day, "d MMM y"), 12, SEMIBOLD, INK)
        c.text(left + 28, y + 26, job, 14, BOLD, INK, limit=196)
        c.text(left + 28, y + 44, f"{format_decimal(km)} km · {where}", 11, REGULAR, MUTED)
        if isinstance(paid, float):
            c.text(right, y + 26, euros(paid), 13, SEMIBOLD, INK, "end")
        else:
            chip(c, right, y + 12, paid[0], *paid[1], 11, "end")
    return c.svg()


# --- VC: the commercial-vehicle website ---------------------------------------------------------

VC_NAV = (_l("Vans"), _l("Light trucks"), _l("Configure"), _l("Dealers"))
BODY_TYPES = (_l("Panel van"), _l("Crew van"), _l("Chassis cab"))
PAYLOAD, LOAD_VOLUME, FROM = _l("Payload"), _l("Load volume"), _l("From")
VC_MODELS = (  # name, payload kg, volume m3, price
    ("Cargo L2H2", 1250, 10.3, 29900),
    ("Cargo L3H2", 1180, 13.0, 32400),
)


def vc_header(c: Canvas, x, top, w, items=VC_NAV) -> None:
    c.rect(x + 20, top + 14, 20, 20, NIGHT, 4)
    c.text(x + 46, top + 29, "VC", 15, BOLD, NIGHT)
    at = x + w - 20
    for label in reversed(items):
        at -= c.text(at, top + 28, label, 12, SEMIBOLD, INK, "end") + 18


def vc() -> str:
    """The catalogue, large enough to read on a project card: vans by body type with the
    figures fleet buyers compare first."""
    c = Canvas(W, H)
    backdrop(c, SURFACE)
    top = window(c, 24, 24, 592, 392, "vc-vans")
    vc_header(c, 24, top, 592)
    c.rect(24, top + 48, 592, 1, LINE)
    c.text(44, top + 88, VC_NAV[0], 28, BOLD, NIGHT)
    x = 44
    for index, label in enumerate(BODY_TYPES):
        fg, bg = (PAPER, NIGHT) if index == 0 else (INK, SURFACE)
        x += chip(c, x, top + 102, label, fg, bg, 13) + 8
    for index, (name, payload, volume, price) in enumerate(VC_MODELS):
        x, y = 44 + 282 * index, top + 144
        c.rect(x, y, 268, 230, PAPER, 12, f' stroke="{LINE}"')
        c.rect(x, y, 268, 80, SURFACE, 12)
        c.rect(x, y + 68, 268, 12, SURFACE)
        van(c, x + 62 + 6 * index, y + 6, 0.82 + 0.05 * index)
        c.text(x + 16, y + 110, name, 19, BOLD, INK)
        facts = (
            (PAYLOAD, f"{format_decimal(payload)} kg"),
            (LOAD_VOLUME, f"{format_decimal(volume, '0.0')} m³"),
        )
        for column, (label, value) in enumerate(facts):
            c.text(x + 16 + 126 * column, y + 138, label, 13, REGULAR, MUTED, limit=118)
            c.text(x + 16 + 126 * column, y + 162, value, 18, BOLD, INK)
        c.text(x + 16, y + 194, FROM, 13, REGULAR, MUTED)
        c.text(x + 252, y + 196, euros(price, cents=False), 19, BOLD, ACCENT, "end")
    return c.svg()


WHEELBASE, ROOF = _l("Wheelbase"), _l("Roof height")
SHORT, MEDIUM, LONG = _l("Short"), _l("Medium"), _l("Long")
CONVERSION = _l("Conversion")
SHELVING, REFRIGERATED = _l("Shelving"), _l("Refrigerated")
YOUR_VAN = _l("Your van")
SEE_DEALERS = _l("Find a dealer")


def option_row(c: Canvas, x, y, label, options, chosen, w=216) -> None:
    c.text(x, y, label, 12, BOLD, INK)
    cell = w / len(options)
    c.rect(x, y + 10, w, 32, SURFACE, 8)
    c.rect(
        round(x + 3 + cell * chosen, 1),
        y + 13,
        round(cell - 6, 1),
        26,
        PAPER,
        6,
        f' stroke="{LINE}"',
    )
    for index, option in enumerate(options):
        c.text(
            x + cell * index + cell / 2,
            y + 31,
            option,
            12,
            SEMIBOLD if index == chosen else REGULAR,
            INK if index == chosen else MUTED,
            "middle",
            cell - 8,
        )


def vc_configurator() -> str:
    c, top = screen_window(SURFACE, "vc-vans")
    vc_header(c, 16, top, 368, (VC_NAV[0], VC_NAV[2], VC_NAV[3]))
    c.rect(16, top + 48, 368, 1, LINE)
    c.text(36, top + 84, "Cargo L3H2", 20, BOLD, NIGHT)
    c.add(f'<ellipse cx="200" cy="{top + 184}" rx="104" ry="6" fill="{NIGHT}" opacity=".1"/>')
    van(c, 109, top + 96, 1.1, PAPER)
    c.add(
        f'<path d="M144 {top + 198}h115" stroke="{BLUE}" stroke-width="2"/><path d="M144 {top + 192}v12M259 {top + 192}v12" stroke="{BLUE}" stroke-width="2"/>'
    )
    c.text(201, top + 220, f"{WHEELBASE}: 4 035 mm", 12, SEMIBOLD, BLUE, "middle")
    option_row(c, 36, top + 248, WHEELBASE, (SHORT, MEDIUM, LONG), 2, 328)
    option_row(c, 36, top + 306, ROOF, ("H1", "H2", "H3"), 1, 328)
    option_row(c, 36, top + 364, CONVERSION, (SHELVING, REFRIGERATED), 0, 328)
    c.add(f'<path d="M36 {top + 418}h328" stroke="{LINE}"/>')
    c.text(36, top + 440, YOUR_VAN, 12, REGULAR, MUTED)
    c.text(36, top + 464, euros(34650, cents=False), 20, BOLD, INK)
    button(c, 204, top + 434, 160, 36, SEE_DEALERS, ACCENT, PAPER, 13)
    return c.svg()


COMMERCIAL_CENTRES = _l("Commercial-vehicle centres")
# The nearest commercial-vehicle centres: name, km away, and where its pin is on the map.
VC_DEALERS = (("Corvane Pro · Getafe", 2.4, (148, 52)), ("Corvane Pro · Leganés", 6.1, (58, 120)))


def pin(c: Canvas, x, y, number) -> None:
    """A dealer's pin on the map, its point at (x, y), its number in its head."""
    c.add(
        f'<g class="pin"><path d="M{x} {y}c-4-8-12-13-12-21a12 12 0 0 1 24 0c0 8-8 13-12 21z" fill="{ACCENT}" stroke="{PAPER}" stroke-width="2"/>'
    )
    c.text(x, y - 17, str(number), 11, BOLD, PAPER, "middle")
    c.add("</g>")


def vc_dealers() -> str:
    """The dealer locator on a phone: commercial-vehicle centres only, nearest first."""
    c, box = screen_phone(SURFACE)
    x, y, w, _h = box
    phone_header(c, box, SEE_DEALERS, NIGHT)
    c.rect(x + 12, y + 64, w - 24, 34, SURFACE, 17)
    c.add(
        f'<g fill="none" stroke="{MUTED}" stroke-width="2"><circle cx="{x + 31}" cy="{y + 80}" r="6"/><path d="M{x + 35} {y + 85}l5 5"/></g>'
    )
    c.text(x + 46, y + 86, "28901 Getafe", 12, SEMIBOLD, INK)
    chip(c, x + 12, y + 106, COMMERCIAL_CENTRES, BLUE, BLUE_TINT, 11)
    top = y + 138
    c.add(
        f'<svg class="map" x="{x}" y="{top}" width="{w}" height="168" viewBox="0 0 224 168">'
        f'<rect width="224" height="168" fill="{SURFACE}"/>'
        f'<rect x="150" y="96" width="60" height="56" rx="8" fill="{SUCCESS_SURFACE}"/>'
        f'<path d="M-4 40q60 10 100 60t132 40" fill="none" stroke="{BLUE_TINT}" stroke-width="12"/>'
        f'<path d="M0 70h224M40 0v168M120 0l30 168M0 130l224-40" fill="none" stroke="{PAPER}" stroke-width="7"/>'
        f'<path d="M0 20h224M80 0v168M190 0v168M0 160h224" fill="none" stroke="{PAPER}" stroke-width="3"/>'
        f'<path d="M-4 98l232-58" fill="none" stroke="{AMBER_TINT}" stroke-width="9"/></svg>'
    )
    dot(c, x + 104, top + 92, 14, BLUE_TINT)
    dot(c, x + 104, top + 92, 6, BLUE)
    for index, (_name, _km, (px, py)) in enumerate(VC_DEALERS):
        pin(c, x + px, top + py, index + 1)
    for index, (name, km, _at) in enumerate(VC_DEALERS):
        y0 = y + 318 + 76 * index
        c.rect(x + 12, y0, w - 24, 66, PAPER, 10, f' stroke="{LINE}"')
        dot(c, x + 32, y0 + 22, 10, ACCENT)
        c.text(x + 32, y0 + 26, str(index + 1), 11, BOLD, PAPER, "middle")
        c.text(x + 48, y0 + 26, name, 13, BOLD, INK, limit=w - 72)
        c.text(x + 48, y0 + 43, OPEN_LATE, 11, REGULAR, MUTED, limit=w - 106)
        c.text(x + w - 22, y0 + 43, f"{format_decimal(km, '0.0')} km", 11, SEMIBOLD, INK, "end")
        c.text(x + 48, y0 + 58, REPLACEMENT_VANS, 11, SEMIBOLD, SUCCESS, limit=w - 72)
    return c.svg()


BOOK_A_SERVICE = _l("Book a service")
REPLACEMENT_VAN = _l("Replacement van")
REPLACEMENT_VANS = _l("Replacement vans")
CONFIRM = _l("Confirm booking")
LATE_SLOTS = ("16:30", "18:00", "19:30", "20:30")
DAYS = (_l("Mon"), _l("Tue"), _l("Wed"), _l("Thu"), _l("Fri"))
OPEN_LATE = _l("Open until 21:00")


def vc_booking() -> str:
    c, box = screen_phone(SURFACE, 56)
    x, y, w, _h = box
    phone_header(c, box, BOOK_A_SERVICE, NIGHT)
    c.text(x + 14, y + 78, "Cargo L2H2 · 5291 MXB", 12, SEMIBOLD, INK)
    c.text(x + 14, y + 96, OPEN_LATE, 11, REGULAR, MUTED)
    cell = (w - 28) / 5
    for index, day in enumerate(DAYS):
        cx = x + 14 + cell * index
        chosen = index == 2
        c.rect(round(cx + 2, 1), y + 110, round(cell - 4, 1), 50, NIGHT if chosen else SURFACE, 8)
        c.text(cx + cell / 2, y + 129, day, 11, SEMIBOLD, PAPER if chosen else MUTED, "middle")
        c.text(
            cx + cell / 2, y + 150, str(13 + index), 15, BOLD, PAPER if chosen else INK, "middle"
        )
    half = (w - 28) / 2
    for index, slot in enumerate(LATE_SLOTS):
        sx, sy = x + 14 + (index % 2) * half, y + 176 + 40 * (index // 2)
        chosen = index == 1
        c.rect(
            round(sx + (4 if index % 2 else 0), 1),
            sy,
            round(half - 4, 1),
            32,
            BLUE_TINT if chosen else PAPER,
            8,
            f' stroke="{BLUE if chosen else LINE}"',
        )
        c.text(
            sx + half / 2 + (2 if index % 2 else -2),
            sy + 21,
            slot,
            13,
            BOLD if chosen else REGULAR,
            BLUE if chosen else INK,
            "middle",
        )
    c.rect(x + 14, y + 268, w - 28, 44, SURFACE, 10)
    c.text(x + 24, y + 295, REPLACEMENT_VAN, 12, SEMIBOLD, INK, limit=w - 84)
    c.rect(x + w - 54, y + 280, 30, 20, SUCCESS, 10)
    dot(c, x + w - 34, y + 290, 7, PAPER)
    button(c, x + 14, y + 330, w - 28, 34, CONFIRM, ACCENT, PAPER, 14)
    # Over the phone's foot: the confirmation the fleet manager receives.
    panel(c, 172, 404, 212, 92, 12)
    check(c, 194, 430, 10)
    c.text(210, 435, _l("Booked"), 13, BOLD, SUCCESS)
    c.text(188, 460, f"{DAYS[2]} 15 · 18:00", 13, BOLD, INK)
    c.text(188, 480, REPLACEMENT_VAN, 11, REGULAR, MUTED, limit=180)
    return c.svg()


# --- ViewBox: the brands' content management system -----------------------------------------------

VIOLET, VIOLET_TINT = "#5b3fc4", "#ece8fb"
BLOCKS = (_l("Header"), _l("Text"), _l("Gallery"), _l("Form"), _l("Map"))
OPEN_DAY = _l("Open day")
OPEN_DAY_WHEN = _l("Saturday 18 May · 10:00 to 14:00")
BOOK_A_TEST_DRIVE = _l("Book a test drive")
PUBLISH = _l("Publish")
LOCKED_BY_THE_BRAND = _l("Locked by the brand")
TYPEFACE, COLOURS, LOGO = _l("Typeface"), _l("Colours"), _l("Logo")
HEADLINE = _l("Headline")
DEALER = "Autos Rivera · Sevilla"


def padlock(c: Canvas, x, y, fill=MUTED) -> None:
    c.add(
        f'<path d="M{x + 2} {y}v-3a4 4 0 0 1 8 0v3" fill="none" stroke="{fill}" stroke-width="1.6"/>'
        f'<rect x="{x}" y="{y}" width="12" height="9" rx="2" fill="{fill}"/>'
    )


# The dealer's offers on its page: models (names, not words) with their prices and colours.
DEALER_OFFERS = (
    ("Ardentia S", 24900, ACCENT),
    ("Nordvik E5", 38500, NIGHT),
    ("Idrena 300", 19990, BLUE),
)
CAR_SIDE = (  # a saloon, side view (the home page's car)
    "M72 176v-14q0-8 8-10l40-10 32-22q7-4 15-4h44q8 0 15 5l26 20q22 3 28 8q5 3 5 11v16z",
    "M158 140l15-13q3-2 7-2h17v15zM204 140v-15h10q5 0 8 3l15 12z",
)


def car_side(c: Canvas, x, y, scale, body) -> None:
    """A saloon from the side (the home page's car): 213 x 92 at scale 1, from (x, y)."""
    c.add(
        f'<g transform="translate({x:.1f} {y:.1f}) scale({scale:.3f})">'
        f'<path d="{CAR_SIDE[0]}" transform="translate(-72 -100)" fill="{body}"/>'
        f'<path d="{CAR_SIDE[1]}" transform="translate(-72 -100)" fill="{BLUE_TINT}"/>'
        f'<g fill="{INK}"><circle cx="44" cy="76" r="17"/><circle cx="168" cy="76" r="17"/></g></g>'
    )


def dealer_band(c: Canvas, x, y, w, band, r, scale=1.0, flat=True) -> None:
    """The top of the dealer's open-day page: the dealer, the headline (as large as the width
    lets it be) and when, on the brand's night band with its quarter disc; `flat`, the band
    goes on into the page below."""
    c.rect(x, y, w, band, NIGHT, 8)
    if flat:
        c.rect(x, y + band - 8, w, 8, NIGHT)
    c.add(f'<path d="M{x + w} {y + band - r}a{r} {r} 0 0 0-{r} {r}h{r}z" fill="{ACCENT}"/>')
    title = 26 * scale
    while width(str(OPEN_DAY), title, BOLD) > w - 32:
        title -= 1
    c.text(x + 16, y + 26 * scale, DEALER, 10 * scale, SEMIBOLD, PAPER, limit=w - 32)
    c.text(x + 16, y + 62 * scale, OPEN_DAY, title, BOLD, PAPER, limit=w - 32)
    for row, line in enumerate(wrap(str(OPEN_DAY_WHEN), 11 * scale, w - 32)):
        c.text(x + 16, y + (84 + 15 * row) * scale, line, 11 * scale, REGULAR, PAPER)


def offer(c: Canvas, x, y, w, h, model, price, body, size, car) -> None:
    """One of the dealer's offers: the car, from (x, y) `car` px wide, its model and price."""
    c.add('<g class="offer">')
    c.rect(round(x, 1), round(y, 1), round(w, 1), round(h, 1), SURFACE, 6)
    car_side(c, x + 6, y + 4, car / 285, body)
    text = (x + 6, y + h - 22) if car > w / 2 else (x + car + 12, y + h / 2 - 3)
    c.text(*text, model, size, BOLD, INK, limit=w - 20)
    price = euros(price, cents=False)
    c.text(text[0], text[1] + 13 * size / 9, price, size, SEMIBOLD, ACCENT, limit=w - 20)
    c.add("</g>")


def dealer_page(c: Canvas, x, y, w, h, scale=1.0) -> None:
    """The page being made: a dealer's open day on the brand's template."""
    c.rect(x, y, w, h, PAPER, 8, f' stroke="{LINE}"')
    dealer_band(c, x, y, w, round(h * 0.52), round(h * 0.36), scale)
    button(
        c,
        x + 16,
        y + h * 0.52 + 14,
        150 * scale,
        28 * scale,
        BOOK_A_TEST_DRIVE,
        ACCENT,
        PAPER,
        11 * scale,
    )
    cell = (w - 32) / 3
    top, tall = y + h * 0.52 + 56 * scale, h * 0.48 - 70 * scale
    for index, (model, price, body) in enumerate(DEALER_OFFERS):
        left = x + 16 + cell * index
        offer(c, left, top, cell - 8, tall, model, price, body, 9 * scale, cell - 20)


def viewbox() -> str:
    c = Canvas(W, H)
    backdrop(c, VIOLET_TINT)
    top = window(c, 24, 24, 592, 392, "viewbox.studio")
    # The blocks to add, the page, and the brand's locked settings.
    c.rect(24, top, 120, 364, SURFACE)
    c.text(38, top + 28, _l("Blocks"), 13, BOLD, INK)
    for index, label in enumerate(BLOCKS):
        c.rect(36, top + 40 + 38 * index, 96, 30, PAPER, 6, f' stroke="{LINE}"')
        c.rect(44, top + 50 + 38 * index, 10, 10, VIOLET, 2, ' opacity=".7"')
        c.text(60, top + 60 + 38 * index, label, 12.5, SEMIBOLD, INK, limit=68)
    c.text(160, top + 28, OPEN_DAY, 14, BOLD, INK, limit=140)
    chip(c, 596, top + 12, PUBLISH, PAPER, VIOLET, 12, "end")
    for index in range(3):
        c.rect(318 + 28 * index, top + 12, 22, 20, VIOLET_TINT if index == 0 else SURFACE, 5)
    c.add(
        f'<g fill="none" stroke="{VIOLET}" stroke-width="1.5"><rect x="322" y="{top + 17}" width="14" height="10" rx="1"/><rect x="352" y="{top + 16}" width="10" height="12" rx="1"/><rect x="382" y="{top + 16}" width="6" height="12" rx="1"/></g>'
    )
    dealer_page(c, 160, top + 44, 300, 300)
    c.add(
        f'<rect x="158" y="{top + 42}" width="304" height="{160}" rx="9" fill="none" stroke="{VIOLET}" stroke-width="2" stroke-dasharray="5 4"/>'
    )
    x = 476
    c.text(x, top + 62, HEADLINE, 13, BOLD, INK)
    c.rect(x, top + 72, 120, 28, PAPER, 6, f' stroke="{VIOLET}"')
    c.text(x + 8, top + 91, OPEN_DAY, 13, REGULAR, INK, limit=104)
    c.text(x, top + 128, LOCKED_BY_THE_BRAND, 12, BOLD, MUTED, limit=120)
    for index, label in enumerate((TYPEFACE, COLOURS, LOGO)):
        y = top + 144 + 40 * index
        c.rect(x, y, 120, 32, SURFACE, 6)
        c.text(x + 8, y + 21, label, 12, SEMIBOLD, INK, limit=70)
        padlock(c, x + 102, y + 14)
        if index == 1:
            for swatch, fill in enumerate((NIGHT, ACCENT, PAPER)):
                c.add(
                    f'<circle cx="{x + 76 + 9 * swatch}" cy="{y + 16}" r="5" fill="{fill}" stroke="{LINE}"/>'
                )
    return c.svg()


TEMPLATES = (
    (_l("Launch"), NIGHT, ACCENT),
    (_l("Open day"), ACCENT, NIGHT),
    (_l("Dealer page"), BLUE, PAPER),
    (_l("Event"), VIOLET, ACCENT),
    (_l("Offer"), SUCCESS, PAPER),
    (_l("After-sales"), AMBER, PAPER),
)
CHOOSE_A_TEMPLATE = _l("Choose a template")
USE_THIS_TEMPLATE = _l("Use this template")


def viewbox_templates() -> str:
    c, top = screen_window(VIOLET_TINT, "viewbox.studio")
    c.text(36, top + 36, CHOOSE_A_TEMPLATE, 17, BOLD, INK, limit=328)
    for index, (name, fill, accent) in enumerate(TEMPLATES):
        x, y = 36 + 170 * (index % 2), top + 54 + 124 * (index // 2)
        chosen = index == 1
        c.rect(
            x,
            y,
            158,
            114,
            PAPER,
            10,
            f' stroke="{VIOLET if chosen else LINE}"' + (' stroke-width="2.5"' if chosen else ""),
        )
        # The template's first screen: its band in its colours, with the car it launches.
        c.add('<g class="template">')
        c.rect(x + 8, y + 8, 142, 58, fill, 6)
        c.add(f'<path d="M{x + 150} {y + 26}a40 40 0 0 0-40 40h40z" fill="{accent}"/>')
        car_side(c, x + 16, y + 20, 0.33, PAPER)
        c.add("</g>")
        c.text(x + 10, y + 86, name, 13, BOLD, INK, limit=118)
        c.text(x + 10, y + 104, _l("%(count)s blocks", count=4 + index % 3), 11, REGULAR, MUTED)
        if chosen:
            check(c, x + 140, y + 94, 10, VIOLET)
    chip(c, 364, top + 432, USE_THIS_TEMPLATE, PAPER, VIOLET, 12, "end")
    return c.svg()


WAITING_APPROVAL = _l("Waiting for approval")
COMMENTS = _l("Comments")
APPROVE, ASK_FOR_CHANGES = _l("Approve"), _l("Ask for changes")
COMMENT_ONE = _l("Please use the spring campaign photo in the header.")
COMMENT_TWO = _l("Done, photo changed. Ready to publish?")


def viewbox_approval() -> str:
    c, top = screen_window(VIOLET_TINT, "viewbox.studio")
    c.text(36, top + 36, OPEN_DAY, 17, BOLD, INK, limit=180)
    chip(c, 364, top + 20, WAITING_APPROVAL, AMBER, AMBER_TINT, 11, "end")
    dealer_band(c, 36, top + 54, 328, 118, 84, 1.1, flat=False)
    x = 36
    c.text(x, top + 204, COMMENTS, 14, BOLD, INK)
    thread = (
        (("Marta", _l("Brand team")), COMMENT_ONE, VIOLET),
        (("Luis", DEALER.split(" · ")[0]), COMMENT_TWO, BLUE),
    )
    y = top + 216
    for (name, where), words, fill in thread:
        dot(c, x + 12, y + 14, 12, fill)
        c.text(x + 12, y + 18, name[0], 12, BOLD, PAPER, "middle")
        c.text(x + 32, y + 12, name, 12, BOLD, INK)
        c.text(x + 32, y + 27, where, 11, REGULAR, MUTED, limit=290)
        lines = wrap(str(words), 12, 308)
        c.rect(x, y + 36, 328, 12 + 17 * len(lines), SURFACE, 8)
        for row, line in enumerate(lines):
            c.text(x + 10, y + 53 + 17 * row, line, 12, REGULAR, INK)
        y += 60 + 17 * len(lines)
    button(c, x, top + 424, 156, 36, APPROVE, SUCCESS, PAPER, 13)
    c.rect(x + 166, top + 424, 162, 36, PAPER, 18, f' stroke="{LINE}"')
    c.text(x + 247, top + 447, ASK_FOR_CHANGES, 12, BOLD, INK, "middle", 150)
    return c.svg()


PUBLISHED = _l("Published")
VISITS_THIS_WEEK = _l("Visits this week")
TEST_DRIVES_BOOKED = _l("Test drives booked")
WEEK_VISITS = (120, 146, 138, 171, 190, 236, 283)  # a day each, to Saturday's open day


def viewbox_published() -> str:
    """The dealer's open day as published, on a phone at its own address, and its visits."""
    c, box = screen_phone(VIOLET_TINT, 24)
    x, y, w, _h = box
    c.rect(x + 12, y + 20, w - 24, 26, SURFACE, 13)
    padlock(c, x + 24, y + 34)
    c.text(x + 42, y + 38, "autosrivera.es", 11, REGULAR, MUTED)
    dealer_band(c, x, y + 56, w, 160, 104, 1.1)
    button(c, x + 16, y + 230, w - 32, 34, BOOK_A_TEST_DRIVE, ACCENT, PAPER, 13)
    for index, (model, price, body) in enumerate(DEALER_OFFERS):
        offer(c, x + 12, y + 278 + 58 * index, w - 24, 50, model, price, body, 12, 66)
    # Beside the phone: what the space's statistics say since it went live.
    panel(c, 236, 300, 152, 196, 12)
    chip(c, 250, 314, PUBLISHED, SUCCESS, SUCCESS_SURFACE, 11)
    c.text(250, 362, VISITS_THIS_WEEK, 11, SEMIBOLD, MUTED, limit=126)
    c.text(250, 390, format_decimal(sum(WEEK_VISITS)), 24, BOLD, INK)
    bars = "".join(
        f'<rect x="{250 + 18 * i}" y="{452 - v / 5:.0f}" width="12" height="{v / 5:.0f}" rx="2" fill="{VIOLET if i == 6 else VIOLET_TINT}"/>'
        for i, v in enumerate(WEEK_VISITS)
    )
    c.add(f'<g class="chart">{bars}</g>')
    c.text(250, 478, TEST_DRIVES_BOOKED, 11, REGULAR, MUTED, limit=102)
    c.text(374, 479, "37", 15, BOLD, INK, "end")
    return c.svg()


def wrap(text: str, size: float, limit: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and width(f"{lines[-1]} {word}", size) <= limit:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


# The file of each drawing (under static/img, "{locale}" naming its language) and its maker.
DRAWINGS = {
    "projects/ads.{locale}.svg": ads,
    "projects/ads/work-order.{locale}.svg": ads_work_order,
    "projects/ads/planning.{locale}.svg": ads_planning,
    "projects/ads/history.{locale}.svg": ads_history,
    "projects/kuzu.{locale}.svg": kuzu,
    "projects/kuzu/scan.{locale}.svg": kuzu_scan,
    "projects/kuzu/report.{locale}.svg": kuzu_report,
    "projects/kuzu/fault.{locale}.svg": kuzu_fault,
    "projects/vc.{locale}.svg": vc,
    "projects/vc/configurator.{locale}.svg": vc_configurator,
    "projects/vc/dealers.{locale}.svg": vc_dealers,
    "projects/vc/booking.{locale}.svg": vc_booking,
    "projects/viewbox.{locale}.svg": viewbox,
    "projects/viewbox/templates.{locale}.svg": viewbox_templates,
    "projects/viewbox/approval.{locale}.svg": viewbox_approval,
    "projects/viewbox/published.{locale}.svg": viewbox_published,
}
