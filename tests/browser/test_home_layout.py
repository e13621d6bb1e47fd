"""Home measured as boxes in Chromium, in both languages: the hero, the six brands, "What we
do" and the project cards at each width, and what a phone fetches."""

import pytest

from tests.support.browser import (
    assert_no_carousel,
    boxes,
    px,
    pxs,
    rows_of,
    wait_for_widgets,
)

pytestmark = pytest.mark.browser

HOMES = ["/", "/en"]
SHOWN_SLIDE = ".c-carousel--slides [aria-roledescription=slide]:not([inert])"


def box(page, selector):
    return page.locator(selector).first.bounding_box()


@pytest.mark.parametrize("width", [375, 768, 1024, 1280, 1920])
@pytest.mark.parametrize("path", HOMES)
def test_home_at_each_width(open_page, path, width):
    height = 812 if width == 375 else 900
    page = open_page(path, width=width, height=height, reduced_motion="reduce", goto=False)
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    assert page.goto(page.base + path).status == 200
    if width == 375:
        page.wait_for_load_state("networkidle")  # a phone gets the message alone
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
    wait_for_widgets(page)
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
        # Once the widgets are in, the call to action and the portfolio link are whole 44 px
        # targets in the first screen, the call's label as the catalog writes it (CSS capitals).
        prefix = path.removesuffix("/")
        for target in ("/contact", "/portfolio"):
            link = page.locator(f'main .c-intro a[href="{prefix}{target}"]')
            target_box = link.bounding_box()
            assert target_box["y"] + target_box["height"] <= 812 and target_box["height"] >= 44
        call = page.locator(f'main .c-intro a[href="{prefix}/contact"]').text_content().strip()
        assert call == ("I'm ready" if prefix else "Estoy listo")
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
        assert_no_carousel(page, "slides")
        # A clear hierarchy: the section's heading, the services' titles, their text.
        assert len(set(titles)) == 1 and px(page, "#services-title") >= 1.25 * titles[0]
        assert rows_of(cards) == [[0, 1, 2]] and len({round(b["width"]) for b in cards}) == 1
        assert len(rows_of(boxes(page, "main .c-card__title"))) == 1
    if width >= 1280:
        container = box(page, ".c-intro .l-container")  # its content box: the gutters out
        left = container["x"] + px(page, ".c-intro .l-container", "padding-left")
        right = (
            container["x"] + container["width"] - px(page, ".c-intro .l-container", "padding-right")
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
    assert page.console_errors == []


# The brand logos' boxes, [left, top, right], as they show (slides, or the no-JS list).
LOGOS = """() => [...document.querySelectorAll(".c-carousel--logos img")]
  .filter(img => img.checkVisibility({visibilityProperty: true})
    && !img.closest("[inert]:not([data-peek])"))
  .map(img => { const r = img.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.right)]; })"""


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("path", HOMES)
def test_the_six_brands_fit_at_every_width_without_controls(open_page, path, javascript):
    """Every logo at once: on a phone two rows of three, from 41 rem one row, inside the
    window, with no control (issue 44: two logos over five round controls at 375 px)."""
    page = open_page(path, width=320, height=812, javascript=javascript)
    carousel = page.locator(".c-carousel--logos")
    for width, rows in ((320, 2), (375, 2), (768, 1), (1024, 1), (1920, 1)):
        page.set_viewport_size({"width": width, "height": 812})
        if javascript:  # a frame for the widget to take its shape
            page.evaluate("() => new Promise(requestAnimationFrame)")
        logos = page.evaluate(LOGOS)
        tops = sorted({top for _, top, _ in logos})
        assert len(logos) == 6 and len(tops) == rows, (width, logos)
        assert [len([1 for _, top, _ in logos if top == t]) for t in tops] == [6 // rows] * rows
        assert all(left >= 0 and right <= width for left, _, right in logos), (width, logos)
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
