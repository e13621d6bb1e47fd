"""Home and the portfolio measured as boxes in Chromium, in both languages: the hero, the six
brands, "What we do", the project cards two a row from 64 rem or a carousel with a peek and a
picker below, each card one link, and brand lists that never start or end a line on a dot."""

import pytest

from tests.support.browser import boxes, px, pxs

pytestmark = pytest.mark.browser

HOMES = ["/", "/en"]
PORTFOLIOS = ["/portfolio", "/en/portfolio"]
SHOWN_SLIDE = ".c-carousel--slides [aria-roledescription=slide]:not([inert])"
NAMES = ["ADS", "KuZu", "VC", "ViewBox"]


def box(page, selector):
    return page.locator(selector).first.bounding_box()


def rows_of(found):
    """The boxes' rows, top to bottom, as lists of their indexes."""
    tops = sorted({round(b["y"]) for b in found})
    return [[i for i, b in enumerate(found) if round(b["y"]) == top] for top in tops]


def no_carousel(page, kind):
    """Nothing to name, rotate or tab through: every item is in view."""
    carousel = page.locator(f".c-carousel--{kind}")
    assert carousel.locator("button, [aria-roledescription], [inert]").count() == 0
    assert carousel.locator(".c-carousel__controls").first.is_hidden()


@pytest.mark.parametrize("width", [375, 768, 1024, 1280, 1920])
@pytest.mark.parametrize("path", HOMES)
def test_home_at_each_width(open_page, path, width):
    page = open_page(path, width=width, height=900, reduced_motion="reduce")
    # The services' text at the body's size, under titles a step up (issue 44: 20 px text
    # under a 22 px title on a phone, where the body is 16 px).
    body = px(page, "body")
    texts = pxs(page, ".c-carousel--slides .c-slide__text")
    titles = pxs(page, ".c-carousel--slides .c-slide__title")
    assert len(texts) == len(titles) == 3 and set(texts) == {body}
    assert all(title >= 1.25 * body for title in titles)
    cards = [card.bounding_box() for card in page.locator("main .c-card").all()]
    assert len(cards) == 3
    if width == 375:  # the shown service stacks picture, text and controls
        body_box = box(page, f"{SHOWN_SLIDE} .c-slide__body")
        image = box(page, f"{SHOWN_SLIDE} img")
        controls = box(page, ".c-carousel--slides .c-carousel__controls")
        assert image["y"] + image["height"] <= body_box["y"]
        assert body_box["y"] + body_box["height"] <= controls["y"]
        assert abs(controls["x"] - body_box["x"]) <= 1  # starting where the text does
        assert image["x"] >= 0 and image["x"] + image["width"] <= 375
    if width == 768:  # no lone card under two: each card a row, its picture beside its text
        for card in page.locator("main .c-card").all():
            image = card.locator(".c-card__image").bounding_box()
            text = card.locator(".c-card__body").bounding_box()
            assert image["x"] + image["width"] <= text["x"] + 1
            assert abs(image["width"] - text["width"]) <= 0.1 * card.bounding_box()["width"]
    if width >= 1024:  # three services, then three projects, in one row each
        slides = page.locator(".c-carousel--slides .c-slide").all()
        found = [slide.bounding_box() for slide in slides]
        assert all(slide.is_visible() for slide in slides) and rows_of(found) == [[0, 1, 2]]
        assert [b["x"] for b in found] == sorted(b["x"] for b in found)
        assert found[0]["x"] >= 0 and found[-1]["x"] + found[-1]["width"] <= width
        for slide in slides:  # each a column: picture above title, title above text
            image = slide.locator("img").bounding_box()
            title = slide.locator(".c-slide__title").bounding_box()
            text = slide.locator(".c-slide__text").bounding_box()
            assert image["y"] + image["height"] <= title["y"] <= text["y"]
        buttons = [s.locator(".c-button--secondary").bounding_box() for s in slides]
        assert len(rows_of(buttons)) == 1
        no_carousel(page, "slides")
        # A clear hierarchy: the section's heading, the services' titles, their text.
        assert len(set(titles)) == 1 and px(page, "#services-title") >= 1.25 * titles[0]
        assert rows_of(cards) == [[0, 1, 2]] and len({round(b["width"]) for b in cards}) == 1
        assert len(rows_of(boxes(page, "main .c-card__title"))) == 1
    if width >= 1280:
        hero_beside_the_headline(page)
    assert page.console_errors == []


def hero_beside_the_headline(page):
    container = page.locator(".c-intro .l-container")
    left, right = container.evaluate(
        """el => { const r = el.getBoundingClientRect(), s = getComputedStyle(el);
          return [r.left + parseFloat(s.paddingLeft), r.right - parseFloat(s.paddingRight)]; }"""
    )
    title, message = box(page, ".c-intro__title"), box(page, ".c-intro__message")
    visual = box(page, ".c-intro__visual")
    # The visual beside the message, level with the headline, in the first screen; the two
    # span three quarters of the container or more.
    assert visual["x"] >= message["x"] + message["width"]
    assert visual["y"] < title["y"] + title["height"]
    assert title["y"] < visual["y"] + visual["height"] <= 900
    assert visual["x"] + visual["width"] - title["x"] >= 0.75 * (right - left)
    shown = page.eval_on_selector(
        ".c-intro__visual", "img => [img.complete && img.naturalWidth, img.currentSrc]"
    )
    assert shown[0] > 1 and "/img/hero.svg" in shown[1]
    # Fetched once, by the head's preload (early, though the <img> is lazy).
    fetches = page.evaluate(
        "performance.getEntriesByType('resource')"
        ".filter(e => e.name.includes('/img/hero.svg')).map(e => e.initiatorType)"
    )
    assert fetches == ["link"]
    # The proof line: three figures in one row, inside the message's column, in view.
    figures = boxes(page, ".c-intro__proof > li")
    assert len(figures) == 3 and len(rows_of(figures)) == 1
    assert figures[-1]["right"] <= message["x"] + message["width"] + 1
    assert figures[0]["bottom"] <= 900


# The brand logos' boxes, [left, top, right], as they show (slides, or the no-JS list).
LOGOS = """() => [...document.querySelectorAll(".c-carousel--logos img")]
  .filter(img => img.checkVisibility({visibilityProperty: true})
    && !img.closest("[inert]:not([data-peek])"))
  .map(img => { const r = img.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.right)]; })"""


@pytest.mark.parametrize(("width", "rows"), [(320, 2), (375, 2), (768, 1), (1024, 1), (1920, 1)])
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("path", HOMES)
def test_the_six_brands_fit_at_every_width_without_controls(
    open_page, path, javascript, width, rows
):
    """Every logo at once: on a phone two rows of three, from 41 rem one row, inside the
    window, with no control (issue 44: two logos over five round controls at 375 px)."""
    page = open_page(path, width=width, height=812, javascript=javascript)
    logos = page.evaluate(LOGOS)
    tops = sorted({top for _, top, _ in logos})
    assert len(logos) == 6 and len(tops) == rows
    assert [len([1 for _, top, _ in logos if top == t]) for t in tops] == [6 // rows] * rows
    assert all(left >= 0 and right <= width for left, _, right in logos)
    carousel = page.locator(".c-carousel--logos")
    assert carousel.locator("button").count() == 0
    assert carousel.locator(".c-carousel__controls").first.is_hidden()
    if javascript:  # a carousel of six slides, its viewport alone in its region
        assert carousel.locator("[aria-roledescription=slide]:not([inert])").count() == 6
        assert carousel.locator("[inert]").count() == 0
        children = carousel.locator(".c-carousel__region > *").evaluate_all(
            "els => els.map(c => c.className.split(' ')[0])"
        )
        assert children == ["c-carousel__viewport"]
        assert page.locator(".c-carousel--projects").count() == 0
    assert page.console_errors == []


@pytest.mark.parametrize("path", HOMES)
def test_a_phone_gets_the_message_alone_and_the_logos_in_one_request(open_page, path):
    page = open_page(path, width=375, height=812, goto=False)
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    assert page.goto(page.base + path).status == 200
    page.wait_for_load_state("networkidle")
    assert not page.locator(".c-intro__visual").is_visible()
    assert [url for url in fetched if "hero" in url] == []
    # The message keeps the whole width; its button stays in the first screen.
    assert box(page, ".c-intro__message")["width"] >= 375 - 2 * 24
    button = box(page, ".c-intro__actions .c-button")
    assert button["y"] + button["height"] <= 812
    # The logos are views of one file (build/drawings/brands.py): one request, each whole.
    brands = [url for url in fetched if "/static/img/brands" in url]
    assert len(brands) == 1 and "/static/img/brands.svg?v=" in brands[0], brands
    shown = page.eval_on_selector_all(
        ".c-carousel--logos img",
        "imgs => imgs.map(i => [i.alt, new URL(i.src).hash,"
        " +(i.naturalWidth / i.naturalHeight).toFixed(2)])",
    )
    assert shown == [
        [name, f"#{name.lower()}", round(200 / 56, 2)]
        for name in ("Valdora", "Nordvik", "Corvane", "Solmar", "Idrena", "Ardentia")
    ]


def cards_two_a_row(page, width):
    cards = page.locator("main .c-card").all()
    found = [card.bounding_box() for card in cards]
    assert len(cards) == 4 and all(card.is_visible() for card in cards)
    assert rows_of(found) == [[0, 1], [2, 3]]
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= width for b in found)
    return found


@pytest.mark.parametrize("width", [1024, 1280, 1920])
@pytest.mark.parametrize("path", PORTFOLIOS)
def test_portfolio_shows_its_four_projects_two_a_row_from_64rem(open_page, path, width):
    page = open_page(path, width=width)
    heading = page.locator("#clients-title")
    assert heading.inner_text() == ("Our Clients" if "/en" in path else "Nuestros Clientes")
    cards = cards_two_a_row(page, width)
    assert abs(cards[0]["x"] - heading.bounding_box()["x"]) <= 1
    # Large cards: each at least 40 % of the container they span.
    right = cards[1]["x"] + cards[1]["width"]
    assert all(b["width"] >= 0.4 * (right - cards[0]["x"]) for b in cards)
    # Titles level whatever the kind under them; each call inside its card, at its foot,
    # level with its row's other.
    titles = boxes(page, "main .c-card .c-card__title")
    calls = boxes(page, "main .c-card .c-card__call")
    for row in rows_of(cards):
        assert len({titles[i]["y"] for i in row}) == len({calls[i]["y"] for i in row}) == 1
    for call, b in zip(calls, cards, strict=True):
        assert b["x"] < call["x"] and call["right"] <= b["x"] + b["width"] + 1
        assert call["bottom"] <= b["y"] + b["height"] + 1
    no_carousel(page, "projects")
    assert page.console_errors == []


# Each card's links, by path.
CARD_LINKS = """() => [...document.querySelectorAll('main .c-card')].map(card =>
  [...card.querySelectorAll('a[href]')].map(a => new URL(a.href).pathname))"""


@pytest.mark.parametrize("part", [".c-card__image", ".c-card__title", ".c-card__kind"])
@pytest.mark.parametrize("path", PORTFOLIOS)
def test_each_project_is_one_link_that_a_click_on_its_card_follows(open_page, path, part):
    page = open_page(path, width=1280, height=900)
    prefix = "/en" if path.startswith("/en") else ""
    slugs = ["ads", "kuzu", "vc", "viewbox"]
    assert page.evaluate(CARD_LINKS) == [[f"{prefix}/projects/{slug}"] for slug in slugs]
    # Named by its call and its title, in the page's language.
    call = "GO TO PROJECT" if prefix else "IR AL PROYECTO"
    assert page.get_by_role("link", name=call).all_text_contents() == NAMES
    for name in NAMES:
        assert page.get_by_role("link", name=f"{call} {name}", exact=True).count() == 1
    # A real click at the second card's part (the link's ::after lies over it, so
    # Playwright's own click, which wants the part itself under the pointer, would refuse).
    target = page.locator("main .c-card").nth(1).locator(part)
    target.scroll_into_view_if_needed()
    b = target.bounding_box()
    page.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    page.wait_for_url(f"**{prefix}/projects/kuzu")
    assert page.console_errors == []


# The picker's buttons: text, whole inside the window, current.
PICKER = """width => [...document.querySelectorAll(".c-carousel--projects .c-carousel__dot")]
  .map(dot => { const r = dot.getBoundingClientRect();
    return [dot.textContent, dot.checkVisibility() && r.left >= 0 && r.right <= width,
            dot.getAttribute("aria-current") === "true"]; })"""
# [left, right] of the cards that show inside the heading's column (the carousel cuts a
# peeking card at its edge, the gutter stays clear).
PEEKING = """() => {
  const column = document.querySelector('#clients-title').getBoundingClientRect();
  return [...document.querySelectorAll('.c-carousel--projects .c-card')]
    .filter(card => card.checkVisibility({visibilityProperty: true}))
    .map(card => card.getBoundingClientRect())
    .filter(r => r.right > column.left && r.left < column.right)
    .map(r => [Math.round(Math.max(r.left, column.left)),
               Math.round(Math.min(r.right, column.right))]);
}"""


def whole_and_peek(page, last=False):
    """One whole card and 30 px or more of its neighbour (the previous one at the end)."""
    page.wait_for_function(f"() => ({PEEKING})().length === 2")
    shown, peek = page.evaluate(PEEKING)[:: -1 if last else 1]
    assert shown[1] - shown[0] >= 250 and peek[1] - peek[0] >= 30, (shown, peek)


@pytest.mark.parametrize("width", [320, 375, 768])
@pytest.mark.parametrize("path", PORTFOLIOS)
def test_the_portfolio_names_its_four_projects_and_marks_the_one_shown(open_page, path, width):
    """Beside previous and next the picker names each step's projects, the shown ones marked
    (issue 44: four dots under one card); on a phone the next card peeks in."""
    page = open_page(path, width=width, reduced_motion="reduce")
    region = page.locator(".c-carousel--projects .c-carousel__region")
    assert region.get_attribute("aria-roledescription") == "carousel"
    per_step = 1 if width < 656 else 2
    steps = [" · ".join(NAMES[i : i + per_step]) for i in range(0, 4, per_step)]
    for step in range(len(steps)):
        assert page.evaluate(PICKER, width) == [[n, True, i == step] for i, n in enumerate(steps)]
        # The names take one row, or on the narrowest phones a row over previous and next.
        controls = boxes(page, ".c-carousel--projects .c-carousel__controls > *")
        assert len(rows_of(controls)) == (2 if width < 360 else 1)
        shown = page.locator(".c-carousel--projects [aria-roledescription=slide]:not([inert])")
        titles = [t.strip() for t in shown.locator(".c-card__title").all_inner_texts()]
        assert " · ".join(titles) == steps[step]
        if width == 375:
            whole_and_peek(page, last=step == 3)
        assert page.locator(".c-carousel--projects .c-carousel__previous").is_visible()
        page.locator(".c-carousel--projects .c-carousel__next").click()
    assert page.console_errors == []


@pytest.mark.parametrize("path", PORTFOLIOS)
def test_without_javascript_a_phone_scrolls_the_projects_sideways(open_page, path):
    page = open_page(path, width=375, javascript=False)
    whole_and_peek(page)
    row = ".c-carousel--projects > .c-carousel__list"
    page.eval_on_selector(row, "list => list.scrollBy({left: list.scrollWidth})")
    whole_and_peek(page, last=True)  # the third's end, then the last card, whole


def test_portfolio_becomes_a_carousel_and_back_as_the_window_narrows_and_widens(open_page):
    """The widget reads its shape from the stylesheet as the window changes."""
    page = open_page("/en/portfolio", width=1280)
    projects = page.locator(".c-carousel--projects")
    assert projects.locator(".c-carousel__region").count() == 0
    for width, steps, shown in ((800, 2, 2), (375, 4, 1)):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_function(
            "n => document.querySelectorAll('.c-carousel--projects .c-carousel__dot').length === n",
            arg=steps,
        )
        assert projects.locator("[aria-roledescription=slide]:not([inert])").count() == shown
    page.set_viewport_size({"width": 1024, "height": 800})
    page.wait_for_function(
        "() => !document.querySelector('.c-carousel--projects .c-carousel__region')"
    )
    cards_two_a_row(page, 1024)
    assert projects.locator("button, [inert]").count() == 0
    assert page.console_errors == []


# Each card's brand list: the box its dots are clipped to, and each name's box with the dot
# drawn before or after it ("none" when there is none).
BRAND_LISTS = """() => [...document.querySelectorAll(".c-card__brand-list")].map(list => {
  const clip = list.parentElement.getBoundingClientRect();
  return {left: clip.left, right: clip.right, names: [...list.children].map(li => {
    const r = li.getBoundingClientRect();
    const dot = side => getComputedStyle(li, side).content;
    return {top: Math.round(r.top), left: r.left, right: r.right,
            before: dot("::before"), after: dot("::after")};
  })};
})"""


def brand_lines(brand_list):
    """The list's lines as they read: "name" and "·", a dot counted where drawn in the clip."""
    lines = {}
    for name in brand_list["names"]:
        line = lines.setdefault(name["top"], [])
        if name["before"] != "none" and name["left"] >= brand_list["left"] - 0.5:
            line.append("·")
        line.append("name")
        if name["after"] != "none" and name["right"] <= brand_list["right"] + 0.5:
            line.append("·")
    return [lines[top] for top in sorted(lines)]


@pytest.mark.parametrize("path", HOMES + PORTFOLIOS)
def test_a_brand_list_never_starts_or_ends_a_line_on_a_dot(open_page, path):
    """At 320 to 1920 px (issue 44: "Valdora · Nordvik · Corvane ·" over "Solmar")."""
    page = open_page(path, width=375, javascript=False)
    wrapped = 0
    for width in (320, 375, 768, 1024, 1280, 1920):
        page.set_viewport_size({"width": width, "height": 900})
        for brand_list in page.evaluate(BRAND_LISTS):
            lines = brand_lines(brand_list)
            wrapped += len(lines) - 1
            for line in lines:
                assert line == ["name"] + ["·", "name"] * (len(line) // 2), (width, lines)
    assert wrapped > 0  # some list wraps: its lines were checked
