"""The layout system (styles/layouts.css, tokens.css) as a visitor sees it, in Chromium: fluid
gutters that never jump, running text held to its measure, the About page's groups without
holes, and each case study's facts panel beside its overview."""

import pytest

from tests.support.browser import wait_for_widgets
from tests.support.pages import LOCALES, PAGES, ROUTES, localized, path_of

pytestmark = pytest.mark.browser

MIN_GUTTER = 24  # px, from 600 px of window up
MAX_LINE = 75  # characters of a rendered line of running text

# The narrowest distance from any visible text or picture to the window's left or right edge,
# and what it belongs to. Text is measured by its rendered boxes (a full-width band's
# background is no content); slides scrolled out of a carousel's view are not seen, and a
# slide that peeks into it is seen as far as the viewport's clip.
GUTTER = """() => {
  const width = document.documentElement.clientWidth;
  let least = [width, ""];
  const seen = el => el.checkVisibility({visibilityProperty: true})
    && !el.closest(".u-visually-hidden, .u-skip-link, script, style");
  // A carousel shows its slides through its viewport (and a peek of the next one, cut at
  // the viewport's clip): what lies beyond that clip is not seen.
  const take = (rect, what, el) => {
    const clip = el.closest(".c-carousel__viewport");
    if (clip) {
      const edges = clip.getBoundingClientRect(), inset = getComputedStyle(clip).clipPath;
      // "inset(<top and bottom> <sides>)": its sides, when it cuts them
      const cut = inset.startsWith("inset(") ? parseFloat(inset.split(" ")[1]) || 0 : 0;
      rect = {left: Math.max(rect.left, edges.left + cut),
              right: Math.min(rect.right, edges.right - cut)};
      rect.width = Math.max(0, rect.right - rect.left);
    }
    if (rect.width === 0 || rect.right <= 0 || rect.left >= width) return;
    const gap = Math.min(rect.left, width - rect.right);
    if (gap < least[0]) least = [Math.floor(gap), what];
  };
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim() || !seen(node.parentElement)) continue;
    range.selectNodeContents(node);
    const what = node.data.trim().slice(0, 40);
    for (const rect of range.getClientRects()) take(rect, what, node.parentElement);
  }
  for (const el of document.querySelectorAll("img, input, textarea, select, button")) {
    if (seen(el)) take(el.getBoundingClientRect(), el.outerHTML.slice(0, 60), el);
  }
  return least;
}"""

# Every paragraph and list item of 100+ characters in <main> whose longest rendered line is
# over `limit` characters: [characters, the text's start]. A line is the run of characters
# whose boxes share a top; collapsed white space has no box and is not counted.
LONG_LINES = """limit => {
  const found = [];
  const range = document.createRange();
  for (const el of document.querySelectorAll("main p, main li")) {
    const text = el.textContent.replace(/\\s+/g, " ").trim();
    if (text.length < 100 || !el.checkVisibility()) continue;
    let top = null, count = 0, longest = 0;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = [...range.getClientRects()].find(r => r.width > 0);
        if (!box) continue;
        if (top === null || box.top > top + box.height / 2) {
          longest = Math.max(longest, count);
          count = 0;
          top = box.top;
        }
        count++;
      }
    }
    longest = Math.max(longest, count);
    if (longest > limit) found.push([longest, text.slice(0, 60)]);
  }
  return found;
}"""


def open_at(open_page, path, width):
    """The page at `width` px, any status (the 404 too), widgets mounted, fonts in."""
    page = open_page(path, width=width, goto=False)
    page.goto(page.base + path)
    wait_for_widgets(page)
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    return page


NOT_FOUND = [
    pytest.param(localized("/no-such-page", locale), locale, id=f"404-{locale}")
    for locale in LOCALES
]


@pytest.mark.parametrize(("path", "locale"), PAGES + NOT_FOUND)
def test_gutters_and_line_lengths(open_page, path, locale):
    """At 768 and 1024 px nothing comes closer than 24 px to the window's edge; at 1024, 1280
    and 1920 px no line of running text is longer than 75 characters."""
    page = open_at(open_page, path, 768)
    narrow, long_lines = {}, {}
    for width in (768, 1024, 1280, 1920):
        page.set_viewport_size({"width": width, "height": 800})
        if width <= 1024:
            gap, what = page.evaluate(GUTTER)
            if gap < MIN_GUTTER:
                narrow[width] = (gap, what)
        if width >= 1024 and (lines := page.evaluate(LONG_LINES, MAX_LINE)):
            long_lines[width] = lines
    assert narrow == {}
    assert long_lines == {}


def test_the_gutter_grows_smoothly_with_the_window(open_page):
    """Every section's content starts at the same x, which grows with the window without a
    jump (at most half the window's own growth: it stays centred), and is 24 px or more from
    600 px up."""
    page = open_at(open_page, "/en/services", 320)
    lefts = {}
    for width in range(320, 1921, 8):
        page.set_viewport_size({"width": width, "height": 800})
        starts = page.evaluate(
            "() => [...document.querySelectorAll('.l-container')].map(el =>"
            " el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft))"
        )
        assert len(set(starts)) == 1, (width, starts)
        lefts[width] = starts[0]
    assert min(lefts.values()) >= 16
    assert [w for w, left in lefts.items() if w >= 600 and left < MIN_GUTTER] == []
    widths = sorted(lefts)
    steps = [lefts[b] - lefts[a] for a, b in zip(widths, widths[1:], strict=False)]
    assert min(steps) >= 0 and max(steps) <= 8 / 2


# The rows of each team's member list: [[left, right] of the list, [[left, right] per row]].
TEAM_ROWS = """() => [...document.querySelectorAll(".c-team__list")].map(list => {
  const box = list.getBoundingClientRect();
  const rows = new Map();
  for (const item of list.children) {
    const r = item.getBoundingClientRect();
    const row = rows.get(Math.round(r.top)) || [r.left, r.right];
    rows.set(Math.round(r.top), [Math.min(row[0], r.left), Math.max(row[1], r.right)]);
  }
  return [[box.left, box.right], [...rows.values()]];
})"""


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("width", [320, 375, 768, 1024, 1280, 1920])
def test_about_groups_fill_their_rows(open_page, locale, width):
    """Each group of the team is laid out for its size: every row of members runs from the
    list's left edge to its right edge (a group of three in a grid of four would not)."""
    page = open_at(open_page, localized(path_of("team"), locale), width)
    groups = page.evaluate(TEAM_ROWS)
    assert len(groups) == 4
    for (left, right), rows in groups:
        assert rows
        assert [(round(a - left), round(right - b)) for a, b in rows] == [(0, 0)] * len(rows)


CASE_STUDIES = [route for route in ROUTES if route.startswith("/projects/")]

# The overview's text and its facts panel: their boxes, and the panel's labels.
FACTS = """() => {
  const text = document.querySelector("#overview .c-case__overview-text");
  const panel = document.querySelector("#overview .c-facts");
  const box = el => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return {text: box(text), panel: box(panel), visible: panel.checkVisibility(),
          labels: [...panel.querySelectorAll("dt")].map(dt => dt.textContent.trim())};
}"""
LABELS = {"en": ["Brands", "Modules"], "es": ["Marcas", "Módulos"]}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("route", CASE_STUDIES)
def test_case_study_facts_panel_sits_beside_the_overview(open_page, route, locale):
    """From 1024 px the facts panel stands to the right of the overview's text, level with
    it; on a phone it follows the text."""
    page = open_at(open_page, localized(route, locale), 375)
    facts = page.evaluate(FACTS)
    assert facts["visible"] and facts["labels"] == LABELS[locale]
    assert facts["panel"]["top"] >= facts["text"]["bottom"]
    for width in (1024, 1280, 1920):
        page.set_viewport_size({"width": width, "height": 800})
        facts = page.evaluate(FACTS)
        text, panel = facts["text"], facts["panel"]
        assert panel["left"] >= text["right"], width
        assert panel["top"] == text["top"], width
