# ruff: noqa: E501 - SVG path data reads best on one line
"""The home page's hero and the 404 page's picture: figures only, one file for every language."""

from __future__ import annotations

from motorlab.build.drawings import canvas as ui
from motorlab.build.drawings.figtree import EXTRA_BOLD, words

# The home page's hero, beside "from the showroom website to the workshop floor": a dealer's
# website, the workshop's phone app and a card of figures, joined by the data line.
HERO_SIZE = (560, 460)
SWATCHES = (ui.ACCENT, ui.INK, ui.BLUE, ui.MUTED)
CHECKLIST = (True, True, True, False)  # the workshop's tasks, done or not
BARS = (30, 42, 36, 54, 48, 64, 72)  # the figures card's columns, the last one highlighted
# The 404 page's picture: the road ends at a barrier, the car stops short of it, and the
# sign says where you are. Figures only: one file serves both languages.
NOT_FOUND_SIZE = (480, 360)


def hero() -> str:
    c = ui.Canvas(*HERO_SIZE)
    c.add(
        # No backdrop: the picture stands on the page's white, on two soft discs.
        f'<circle cx="420" cy="150" r="140" fill="{ui.BLUE_TINT}" opacity=".8"/><circle cx="100" cy="360" r="90" fill="{ui.ACCENT_TINT}"/>',
    )
    # The showroom website: its bar, navigation, stage with the car, colours, models.
    c.panel(36, 40, 400, 290, 12, "#fff", drop=8)
    c.add(
        f'<path d="M36 52a12 12 0 0 1 12-12h376a12 12 0 0 1 12 12v18H36z" fill="{ui.NIGHT}"/>',
        '<g fill="#fff" opacity=".35"><circle cx="54" cy="55" r="4"/><circle cx="68" cy="55" r="4"/><circle cx="82" cy="55" r="4"/></g>',
        '<rect x="104" y="48" width="200" height="14" rx="7" fill="#fff" opacity=".15"/>',
        f'<rect x="56" y="84" width="16" height="16" rx="4" fill="{ui.ACCENT}"/>',
        f'<g fill="{ui.MUTED}" opacity=".35"><rect x="256" y="89" width="28" height="6" rx="3"/><rect x="292" y="89" width="28" height="6" rx="3"/><rect x="328" y="89" width="28" height="6" rx="3"/></g>',
        f'<rect x="56" y="112" width="360" height="130" rx="8" fill="{ui.BLUE_TINT}"/>',
        f'<g fill="{ui.INK}"><rect x="72" y="134" width="112" height="10" rx="5"/><rect x="72" y="152" width="84" height="10" rx="5"/></g>',
        f'<g fill="{ui.MUTED}" opacity=".5"><rect x="72" y="174" width="104" height="6" rx="3"/><rect x="72" y="186" width="76" height="6" rx="3"/></g>',
        f'<rect x="72" y="204" width="72" height="22" rx="11" fill="{ui.ACCENT}"/><rect x="86" y="212" width="44" height="6" rx="3" fill="#fff"/>',
        f'<ellipse cx="286" cy="233" rx="92" ry="5" fill="{ui.NIGHT}" opacity=".12"/>',
        ui.car("translate(142 78) scale(.8)", ui.ACCENT, ui.BLUE_TINT),
        f'<circle cx="72" cy="266" r="12" fill="none" stroke="{ui.ACCENT}" stroke-width="2"/>',
        "".join(
            f'<circle cx="{72 + 26 * index}" cy="266" r="8" fill="{colour}"/>'
            for index, colour in enumerate(SWATCHES)
        ),
        f'<rect x="184" y="258" width="80" height="8" rx="4" fill="{ui.INK}" opacity=".8"/><rect x="184" y="272" width="56" height="6" rx="3" fill="{ui.MUTED}" opacity=".4"/>',
        f'<g fill="{ui.SURFACE}"><rect x="56" y="294" width="112" height="24" rx="6"/><rect x="180" y="294" width="112" height="24" rx="6"/><rect x="304" y="294" width="112" height="24" rx="6"/></g>',
        # The data line from the figures to the workshop, through the website.
        f'<path d="M200 372h176" stroke="{ui.BLUE}" stroke-width="2" stroke-dasharray="4 4"/>',
        f'<circle cx="294" cy="372" r="9" fill="{ui.BLUE}"/><circle cx="294" cy="372" r="3.5" fill="#fff"/>',
    )
    # The workshop's phone: the job's header, its checklist, progress and button.
    c.panel(376, 140, 150, 300, 24, ui.INK, drop=8)
    c.add(
        f'<rect x="384" y="150" width="134" height="280" rx="16" fill="#fff"/><rect x="430" y="156" width="42" height="6" rx="3" fill="{ui.INK}"/>',
        f'<rect x="392" y="172" width="118" height="52" rx="10" fill="{ui.BLUE}"/>',
        # A spanner: a round head, its jaw cut in the header's blue, and a handle.
        f'<g transform="translate(416 188) rotate(45)" fill="#fff"><circle r="8"/><rect x="-3" y="-10" width="6" height="8" fill="{ui.BLUE}"/><rect x="-2.5" y="5" width="5" height="17" rx="2.5"/></g>',
        '<rect x="434" y="186" width="60" height="7" rx="3.5" fill="#fff"/><rect x="434" y="200" width="40" height="6" rx="3" fill="#fff" opacity=".6"/>',
    )
    for index, done in enumerate(CHECKLIST):
        y = 240 + 34 * index
        tick = f'<circle cx="404" cy="{y + 10}" r="9" fill="#1f8a5b"/><path d="M399.5 {y + 10}l3 3 6-6.5" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>'
        ring = f'<circle cx="404" cy="{y + 10}" r="8" fill="none" stroke="{ui.LINE_STRONG}" stroke-width="2"/>'
        task = f'<rect x="420" y="{y + 3}" width="76" height="6" rx="3" fill="{ui.INK}" opacity=".7"/><rect x="420" y="{y + 13}" width="50" height="5" rx="2.5" fill="{ui.MUTED}" opacity=".35"/>'
        c.add((tick if done else ring) + task)
    done_share = sum(CHECKLIST) / len(CHECKLIST)
    c.add(
        f'<rect x="396" y="382" width="110" height="8" rx="4" fill="{ui.LINE}"/><rect x="396" y="382" width="{110 * done_share:.0f}" height="8" rx="4" fill="#1f8a5b"/>',
        f'<rect x="396" y="400" width="110" height="20" rx="10" fill="{ui.ACCENT}"/>',
    )
    # The figures: a card of columns with a rising mark.
    c.panel(16, 300, 196, 120, 12, "#fff", drop=8)
    c.add(
        f'<rect x="32" y="316" width="70" height="7" rx="3.5" fill="{ui.INK}" opacity=".8"/>',
        f'<rect x="150" y="312" width="46" height="16" rx="8" fill="{ui.SUCCESS_SURFACE}"/><path d="M164 324l7-7 5 4 8-8m-6 0h6v6" fill="none" stroke="#1f8a5b" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>',
        f'<path d="M30 404h168" stroke="{ui.LINE}" stroke-width="2"/>',
        *(
            f'<rect x="{34 + 22 * index}" y="{404 - bar}" width="14" height="{bar}" rx="3" fill="{ui.BLUE if index == len(BARS) - 1 else ui.BLUE_TINT}"/>'
            for index, bar in enumerate(BARS)
        ),
    )
    return c.svg()


def not_found() -> str:
    w, h = NOT_FOUND_SIZE
    stripes = "".join(
        f'<path d="M{362 + 22 * i} 236h12l-10 22h-12z" fill="{ui.ACCENT}"/>' for i in range(5)
    )
    body = [
        f'<circle cx="{w * 0.62:.0f}" cy="{h * 0.4:.0f}" r="150" fill="{ui.BLUE_TINT}"/>',
        f'<rect y="276" width="{w}" height="{h - 276}" fill="{ui.SURFACE}"/>',
        f'<path d="M0 300h{w}" stroke="{ui.LINE_STRONG}" stroke-width="4" stroke-dasharray="28 20"/>',
        # The sign: a night-blue plate on a post, the code in Figtree.
        f'<rect x="86" y="160" width="8" height="118" fill="{ui.MUTED}"/>',
        f'<rect x="20" y="64" width="140" height="100" rx="12" fill="{ui.NIGHT}"/>',
        '<rect x="28" y="72" width="124" height="84" rx="7" fill="none" stroke="#fff" stroke-width="2" opacity=".5"/>',
        words(90, 131, "404", 52, EXTRA_BOLD, "#fff", "middle"),
        # The barrier across the road's end, on two feet.
        f'<g fill="{ui.INK}"><rect x="362" y="256" width="6" height="24"/><rect x="450" y="256" width="6" height="24"/></g>',
        f'<rect x="350" y="234" width="118" height="26" rx="4" fill="#fff" stroke="{ui.INK}" stroke-width="2"/>',
        stripes,
        f'<circle cx="350" cy="226" r="8" fill="{ui.ACCENT}"/><circle cx="468" cy="226" r="8" fill="{ui.ACCENT}"/>',
        # The car, stopped short of it.
        f'<ellipse cx="222" cy="280" rx="96" ry="6" fill="{ui.NIGHT}" opacity=".12"/>',
        ui.car("translate(54 130) scale(.8)", ui.BLUE, ui.SURFACE),
    ]
    return ui.svg(w, h, "".join(body))
