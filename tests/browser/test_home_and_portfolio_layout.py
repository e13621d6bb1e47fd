"""The wide views of home and the portfolio, measured as element boxes in Chromium, in both
languages: the hero's row beside its headline, "What we do" as a feature (its text leads,
its picture no wider, its controls with the text), and the portfolio's four cards in view
from 64 rem, without carousel controls (which stay where not all of them fit)."""

import pytest

pytestmark = pytest.mark.browser

HOMES = ["/", "/en"]
PORTFOLIOS = ["/portfolio", "/en/portfolio"]
SHOWN_SLIDE = ".c-carousel--slides [aria-roledescription=slide]:not([inert])"


def box(page, selector):
    return page.locator(selector).first.bounding_box()


def content_box(page, selector):
    """[left, right] of the element's content box (its padding, the gutters, left out)."""
    return page.eval_on_selector(
        selector,
        """el => { const r = el.getBoundingClientRect(), s = getComputedStyle(el);
          return [r.left + parseFloat(s.paddingLeft), r.right - parseFloat(s.paddingRight)]; }""",
    )


def font_px(page, selector):
    return page.eval_on_selector(selector, "el => parseFloat(getComputedStyle(el).fontSize)")


@pytest.mark.parametrize("width", [1280, 1920])
@pytest.mark.parametrize("path", HOMES)
def test_the_hero_uses_its_row_beside_the_headline(open_page, path, width):
    page = open_page(path, width=width, height=900)
    left, right = content_box(page, ".c-intro .l-container")
    title, message = box(page, ".c-intro__title"), box(page, ".c-intro__message")
    visual = box(page, ".c-intro__visual")
    # The visual stands beside the message, level with the headline, in the first screen.
    assert visual["x"] >= message["x"] + message["width"]
    assert visual["y"] < title["y"] + title["height"]
    assert visual["y"] + visual["height"] > title["y"]
    assert visual["y"] + visual["height"] <= 900
    # Headline and visual span at least three quarters of the container's width.
    assert visual["x"] + visual["width"] - title["x"] >= 0.75 * (right - left)
    shown = page.eval_on_selector(
        ".c-intro__visual", "img => [img.complete && img.naturalWidth, img.currentSrc]"
    )
    assert shown[0] > 1 and "/img/hero.svg" in shown[1]
    # The proof line: three figures in one row, inside the message's column, in view.
    figures = [f.bounding_box() for f in page.locator(".c-intro__proof > li").all()]
    assert len(figures) == 3 and len({round(f["y"]) for f in figures}) == 1
    assert figures[-1]["x"] + figures[-1]["width"] <= message["x"] + message["width"]
    assert figures[0]["y"] + figures[0]["height"] <= 900


@pytest.mark.parametrize("path", HOMES)
def test_from_64rem_the_six_brands_show_in_one_row_without_controls(open_page, path):
    page = open_page(path, width=1024)
    logos = page.locator(".c-carousel--logos [aria-roledescription=slide]:not([inert])").all()
    assert len(logos) == 6
    assert len({round(logo.bounding_box()["y"]) for logo in logos}) == 1
    assert page.locator(".c-carousel--logos button").count() == 0


@pytest.mark.parametrize("path", HOMES)
def test_a_phone_gets_the_message_alone_and_fetches_no_hero_picture(open_page, path):
    page = open_page(path, width=375, height=812, goto=False)
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    assert page.goto(page.base + path).status == 200
    page.wait_for_load_state("networkidle")
    assert not page.locator(".c-intro__visual").is_visible()
    assert [url for url in fetched if "hero" in url] == []
    # The message keeps the whole width; its button stays in the first screen.
    message = box(page, ".c-intro__message")
    assert message["width"] >= 375 - 2 * 24
    button = box(page, ".c-intro__actions .c-button")
    assert button["y"] + button["height"] <= 812


@pytest.mark.parametrize("width", [1024, 1280, 1920])
@pytest.mark.parametrize("path", HOMES)
def test_what_we_do_reads_as_a_feature(open_page, path, width):
    page = open_page(path, width=width, reduced_motion="reduce")
    body, image = box(page, f"{SHOWN_SLIDE} .c-slide__body"), box(page, f"{SHOWN_SLIDE} img")
    # The text leads, the picture beside it on the right, never wider than the text's column.
    assert image["x"] >= body["x"] + body["width"]
    assert image["width"] <= body["width"]
    # Weight: a title well above the text, the text above body size.
    text = font_px(page, f"{SHOWN_SLIDE} .c-slide__text")
    assert text >= 20 and font_px(page, f"{SHOWN_SLIDE} .c-slide__title") >= 1.5 * text
    # The controls sit in the text's column, at its foot, beside the picture.
    controls = box(page, ".c-carousel--slides .c-carousel__controls")
    assert abs(controls["x"] - body["x"]) <= 1
    assert controls["x"] + controls["width"] <= image["x"]
    assert body["y"] <= controls["y"]
    assert controls["y"] + controls["height"] <= body["y"] + body["height"] + 1
    button = box(page, f"{SHOWN_SLIDE} .c-button")
    assert button["y"] + button["height"] <= controls["y"]


@pytest.mark.parametrize("path", HOMES)
def test_what_we_do_on_a_phone_stacks_picture_text_and_controls(open_page, path):
    page = open_page(path, width=375, reduced_motion="reduce")
    body, image = box(page, f"{SHOWN_SLIDE} .c-slide__body"), box(page, f"{SHOWN_SLIDE} img")
    controls = box(page, ".c-carousel--slides .c-carousel__controls")
    assert image["y"] + image["height"] <= body["y"]
    assert body["y"] + body["height"] <= controls["y"]
    assert abs(controls["x"] - body["x"]) <= 1  # starting where the text does
    assert image["x"] >= 0 and image["x"] + image["width"] <= 375


def cards_in_one_row(page, width):
    cards = page.locator("main .c-card").all()
    assert len(cards) == 4 and all(card.is_visible() for card in cards)
    boxes = [card.bounding_box() for card in cards]
    assert len({round(b["y"]) for b in boxes}) == 1
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= width for b in boxes)
    return boxes


@pytest.mark.parametrize("width", [1024, 1280, 1920])
@pytest.mark.parametrize("path", PORTFOLIOS)
def test_portfolio_shows_its_four_projects_without_controls_from_64rem(open_page, path, width):
    page = open_page(path, width=width)
    heading = page.locator("#clients-title")
    clients = "Our Clients" if path.startswith("/en") else "Nuestros Clientes"
    assert heading.inner_text() == clients
    boxes = cards_in_one_row(page, width)
    assert abs(boxes[0]["x"] - heading.bounding_box()["x"]) <= 1
    # Each card's title and button are in the first screen, the button inside its card.
    for card, b in zip(page.locator("main .c-card").all(), boxes, strict=True):
        button = card.locator(".c-button").bounding_box()
        assert button["x"] + button["width"] <= b["x"] + b["width"]
        assert button["y"] + button["height"] <= 800
    # A plain list: no carousel to name, tab through or hide a card.
    projects = page.locator(".c-carousel--projects")
    assert projects.locator("button, [aria-roledescription], [inert]").count() == 0
    assert projects.locator(".c-carousel__controls").first.is_hidden()
    assert page.console_errors == []


@pytest.mark.parametrize(("width", "steps"), [(375, 4), (768, 2)])
@pytest.mark.parametrize("path", PORTFOLIOS)
def test_portfolio_keeps_previous_and_next_where_not_all_fit(open_page, path, width, steps):
    page = open_page(path, width=width)
    region = page.locator(".c-carousel--projects .c-carousel__region")
    assert region.get_attribute("aria-roledescription") == "carousel"
    for name in ("previous", "next"):
        assert page.locator(f".c-carousel--projects .c-carousel__{name}").is_visible()
    assert page.locator(".c-carousel--projects .c-carousel__dot").count() == steps


def test_portfolio_becomes_a_carousel_and_back_as_the_window_narrows_and_widens(open_page):
    page = open_page("/en/portfolio", width=1280)
    projects = page.locator(".c-carousel--projects")
    assert projects.locator(".c-carousel__region").count() == 0
    page.set_viewport_size({"width": 800, "height": 800})
    page.wait_for_selector(".c-carousel--projects .c-carousel__region")
    assert projects.locator(".c-carousel__dot").count() == 2
    assert projects.locator("[aria-roledescription=slide]:not([inert])").count() == 2
    page.set_viewport_size({"width": 1024, "height": 800})
    page.wait_for_function(
        "() => !document.querySelector('.c-carousel--projects .c-carousel__region')"
    )
    cards_in_one_row(page, 1024)
    assert projects.locator("button, [inert]").count() == 0
    assert page.console_errors == []
