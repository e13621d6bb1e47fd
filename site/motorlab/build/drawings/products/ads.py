# ruff: noqa: E501 - SVG path data reads best on one line
"""ADS, the dealers' after-sales system: the workshop's day (the hero), a work order, the
bays' planning and a car's history across the group's workshops."""

from __future__ import annotations

from datetime import date

from motorlab.build.drawings import canvas as ui
from motorlab.build.drawings.figtree import BOLD, REGULAR, SEMIBOLD
from motorlab.build.drawings.language import _l, euros, format_date, format_decimal, lazy
from motorlab.content.case_study.ads import ADS

# The application's sections: the case study's first seven modules.
ADS_SECTIONS = tuple(lazy(module.title) for module in ADS.modules[:7])
IN_PROGRESS, WAITING_PARTS, READY = _l("In progress"), _l("Waiting for parts"), _l("Ready")
JOB_STATES = ((ui.BLUE, ui.BLUE_TINT), (ui.AMBER, ui.AMBER_TINT), (ui.SUCCESS, ui.SUCCESS_SURFACE))
SERVICE_30K = _l("30,000 km service")
BRAKE_PADS = _l("Front brake pads")
ENGINE_LIGHT = _l("Engine warning light")
TYRES = _l("Tyre change")
ADS_APPOINTMENTS = (  # time, plate, job, state
    ("08:30", "4821 LKM", SERVICE_30K, 2),
    ("09:15", "1067 MBZ", BRAKE_PADS, 0),
    ("10:00", "7730 KTR", ENGINE_LIGHT, 1),
    ("11:45", "2215 LXC", TYRES, 0),
)
WORK_ORDER = _l("Work order")
PLANNER_JOBS = (  # bay, start hour, hours, label, colour
    (0, 8, 1.5, SERVICE_30K, ui.BLUE),
    (0, 10, 2, ENGINE_LIGHT, ui.ACCENT),
    (1, 8, 1.5, BRAKE_PADS, ui.SUCCESS),
    (1, 10, 1.5, TYRES, ui.BLUE),
    (2, 9, 3, _l("Warranty repair"), ui.AMBER),
    (3, 8, 1.5, _l("Pre-inspection check"), ui.SUCCESS),
    (3, 10.5, 1.5, SERVICE_30K, ui.BLUE),
)
TECHNICIANS = ("R. Molina", "A. Prieto", "L. Sanz", "M. Vidal")
WARRANTY = lazy(ADS.modules[5].title)
# The car's visits, at any of the group's workshops: date, km, job, where, and what it cost
# (an amount) or who paid (warranty, campaign; its state's colours); the first is today's order.
VISITS = (
    (date(2024, 5, 14), 41236, BRAKE_PADS, "Nordvik Sevilla", (IN_PROGRESS, 0)),
    (date(2024, 3, 12), 30112, SERVICE_30K, "Nordvik Sevilla", 212.6),
    (date(2023, 10, 5), 22480, _l("Window regulator"), "Nordvik Málaga", (WARRANTY, 1)),
    (date(2023, 6, 14), 15020, _l("Software update"), "Nordvik Málaga", (_l("Campaign"), 2)),
)


def ads() -> str:
    """The workshop's day: the modules, today's figures and the appointments' states."""
    c, top = ui.screen_window(ui.ACCENT_TINT, "ads.aftersales", ui.HERO)
    c.rect(24, top, 150, 416 - top, ui.SURFACE)  # the mark, then the sections, the first open
    c.rect(38, top + 14, 24, 24, ui.ACCENT, 6)
    c.rect(32, top + 62 - 13 * 1.45, 134, 29, ui.PAPER, 6)
    for index, label in enumerate(ADS_SECTIONS[:6]):
        c.text(40, top + 62 + 34 * index, label, 13, *ui.choice(index == 0), limit=122)
    left, right = 192, 600
    c.text(left, top + 36, _l("Workshop · today"), 22, BOLD, ui.INK, limit=300)
    figures = (
        (ADS_SECTIONS[0], "128", ui.INK),
        (_l("Ready on time"), format_decimal(0.94, "#%"), ui.SUCCESS),
        (_l("Cars in the workshop"), "12", ui.INK),
    )
    for index, (label, figure, fill) in enumerate(figures):
        x = left + 138 * index
        c.rect(x, top + 52, 130, 78, ui.SURFACE, 10)
        c.text(x + 12, top + 75, label, 12.5, SEMIBOLD, ui.MUTED, limit=110)
        c.text(x + 12, top + 114, figure, 30, BOLD, fill)
    for index, (time, plate, job, state) in enumerate(ADS_APPOINTMENTS):
        y = top + 172 + 46 * index
        c.rule(left, y - 24, right - left)
        c.text(left, y, time, 14, SEMIBOLD, ui.INK)
        c.text(left + 52, y, job, 14, SEMIBOLD, ui.INK, limit=200)
        c.text(left + 52, y + 17, plate, 12, REGULAR, ui.MUTED)
        fg, bg = JOB_STATES[state]
        c.chip(right, y - 15, (IN_PROGRESS, WAITING_PARTS, READY)[state], fg, bg, 12, "end")
    return c.svg()


def ads_screen(section, title, limit=None) -> tuple[ui.Canvas, int]:
    """The application's window: its mark, the section open and the screen's title."""
    c, top = ui.screen_window(ui.ACCENT_TINT, "ads.aftersales")
    c.rect(36, top + 14, 20, 20, ui.ACCENT, 5)
    c.text(64, top + 29, section, 12, SEMIBOLD, ui.MUTED, limit=300)
    c.rule(16, top + 48, 368)
    c.text(36, top + 82, title, 17, BOLD, ui.INK, limit=limit)
    return c, top


def ads_work_order() -> str:
    c, top = ads_screen(ADS_SECTIONS[2], f"{WORK_ORDER} OT-24817", 220)
    left, right = 36, 364
    c.chip(right, top + 67, IN_PROGRESS, ui.BLUE, ui.BLUE_TINT, 11, "end")
    c.text(left, top + 102, "1067 MBZ · 41 236 km · R. Molina", 12, REGULAR, ui.MUTED)
    parts = ((_l("Oil filter"), 1), (_l("Brake pad set"), 1), (_l("Engine oil 5W-30, 5 l"), 1))
    labour = ((SERVICE_30K, 1.2), (BRAKE_PADS, 0.8), (ENGINE_LIGHT, 0.5))
    rows = ((_l("Operations"), labour, _l("Labour")), (_l("Parts"), parts, None))
    y = top + 138
    prices = iter((96.0, 64.0, 40.0, 18.9, 74.5, 54.0))
    for heading, items, unit in rows:
        c.text(left, y, heading, 12, BOLD, ui.MUTED)
        y += 6
        for label, amount in items:
            y += 28
            c.rule(left, y - 20, right - left)
            c.text(left, y, label, 13, SEMIBOLD, ui.INK, limit=190)
            shown = f"{format_decimal(amount, '0.0')} h" if unit else f"× {amount}"
            c.text(left + 252, y, shown, 12, REGULAR, ui.MUTED, "end")
            c.text(right, y, euros(next(prices)), 13, SEMIBOLD, ui.INK, "end")
        y += 34
    c.rect(left, y - 16, right - left, 44, ui.SURFACE, 8)
    c.text(left + 12, y + 11, _l("Total"), 14, BOLD, ui.INK)
    c.text(right - 12, y + 11, euros(347.4), 16, BOLD, ui.INK, "end")
    return c.svg()


def ads_planning() -> str:
    c, top = ads_screen(ADS_SECTIONS[3], _l("Tuesday 14"))
    left, right = 36, 364
    jobs = _l("%(count)s jobs", count=len(PLANNER_JOBS))
    c.chip(right, top + 67, jobs, ui.INK, ui.SURFACE, 11, "end")
    grid, hour = 104, (right - 104) / 4  # 8:00 to 12:00
    for index in range(5):
        x = grid + hour * index
        c.rule(round(x), top + 104, 352, direction="v")
        if index < 4:
            c.text(x + 4, top + 118, f"{8 + index}:00", 11, SEMIBOLD, ui.MUTED)
    for bay in range(4):
        y = top + 128 + 84 * bay
        c.rule(left, y, right - left)
        c.text(left, y + 32, _l("Bay %(number)s", number=bay + 1), 13, BOLD, ui.INK)
        c.text(left, y + 50, TECHNICIANS[bay], 11, REGULAR, ui.MUTED)
    for bay, start, hours, label, fill in PLANNER_JOBS:
        x, y = grid + hour * (start - 8) + 3, top + 128 + 84 * bay + 8
        w = hour * hours - 6
        c.rect(round(x, 1), y, round(w, 1), 68, fill, 8, ' opacity=".14"')
        c.rect(round(x, 1), y, 4, 68, fill, 2)
        lines = ui.wrap(str(label), 11, w - 18)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        for row, line in enumerate(lines):
            c.text(x + 12, y + 19 + 14 * row, line, 11, SEMIBOLD, ui.INK, limit=w - 18)
        c.text(x + 12, y + 58, f"{int(start)}:{'30' if start % 1 else '00'}", 11, REGULAR, ui.MUTED)
    return c.svg()


def ads_history() -> str:
    """One car's history across the group's workshops: every visit, whichever dealer."""
    c, top = ads_screen(lazy(ADS.modules[8].title), "1067 MBZ")
    left, right = 36, 364
    c.text(left, top + 102, "Nordvik E5 · Carmen Ortega", 12, REGULAR, ui.MUTED)
    visits = _l("%(count)s visits", count=len(VISITS))
    c.chip(right, top + 67, visits, ui.INK, ui.SURFACE, 11, "end")
    c.rule(left + 8, top + 140, 252, ui.LINE_STRONG, ' stroke-width="2"', "v")
    for index, (day, km, job, where, paid) in enumerate(VISITS):
        y = top + 140 + 84 * index
        if index:
            c.ring(left + 8, y, 7)
        else:
            c.dot(left + 8, y, 8, ui.BLUE)
        c.text(left + 28, y + 4, format_date(day, "d MMM y"), 12, SEMIBOLD, ui.INK)
        c.text(left + 28, y + 26, job, 14, BOLD, ui.INK, limit=196)
        c.text(left + 28, y + 44, f"{format_decimal(km)} km · {where}", 11, REGULAR, ui.MUTED)
        if isinstance(paid, float):
            c.text(right, y + 26, euros(paid), 13, SEMIBOLD, ui.INK, "end")
        else:
            c.chip(right, y + 12, paid[0], *JOB_STATES[paid[1]], 11, "end")
    return c.svg()
