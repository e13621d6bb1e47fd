"""The APG carousels on home (services, brands) and the portfolio (cards, no rotation), with
Playwright's clock running the 5 s rotation interval fast."""

import pytest

from tests.support.browser import wait_for_widgets

pytestmark = pytest.mark.browser

HOME = "/en"
PORTFOLIO = "/en/portfolio"
INTERVAL_MS = 5000
PHONE = 375  # one service per step: three steps to rotate through
SHOWN_SLIDE = ".c-carousel--slides [aria-roledescription=slide]:not([inert])"
FOCUSED_CLASS = "c => document.activeElement.classList.contains(c)"


def current_step(page, kind):
    return page.evaluate(
        """kind => [...document.querySelectorAll(`.c-carousel--${kind} .c-carousel__dot`)]
            .findIndex(dot => dot.getAttribute('aria-current') === 'true')""",
        kind,
    )


def region(page, kind):
    return page.locator(f".c-carousel--{kind} .c-carousel__region")


def live(page, kind):
    return page.locator(f".c-carousel--{kind} .c-carousel__viewport").get_attribute("aria-live")


def open_with_clock(open_page, path, **options):
    page = open_page(path, width=PHONE, goto=False, **options)
    page.clock.install()
    assert page.goto(page.base + path).status == 200
    wait_for_widgets(page)  # the slides, below the fold on a phone, scrolled to
    return page


def test_rotates_pauses_on_hover_and_stops_on_keyboard_focus(open_page):
    page = open_with_clock(open_page, HOME)
    services = region(page, "slides")
    assert services.get_attribute("data-rotation") == "running" and live(page, "slides") == "off"
    assert services.get_attribute("aria-roledescription") == "carousel"
    assert services.get_attribute("aria-label") == "What we do"
    slides = page.locator(".c-carousel--slides [aria-roledescription=slide]")
    assert slides.count() == 3 and slides.nth(0).get_attribute("aria-label") == "1 of 3"
    # The brands: a carousel too, whose one step shows all six: nothing to rotate.
    logos = region(page, "logos")
    assert logos.get_attribute("aria-roledescription") == "carousel"
    assert logos.get_attribute("aria-label") == "Brands we work for"
    assert logos.get_attribute("data-rotation") == "off"
    for step in (0, 1, 2):
        assert current_step(page, "slides") == step
        page.clock.run_for(INTERVAL_MS + (100 if step == 0 else 0))
    # Each slide keeps its button, in view when shown.
    shown = page.locator(f"{SHOWN_SLIDE} a.c-button")
    assert shown.count() == 1 and shown.is_visible()
    # Hovered, it pauses (and its changes are announced); left, it goes on.
    services.locator("img").first.hover()
    assert services.get_attribute("data-rotation") == "paused" and live(page, "slides") == "polite"
    page.clock.run_for(INTERVAL_MS * 2)
    assert current_step(page, "slides") == 0
    page.mouse.move(5, 5)  # over the header
    assert services.get_attribute("data-rotation") == "running"
    page.clock.run_for(INTERVAL_MS + 100)
    assert current_step(page, "slides") == 1
    # Keyboard focus reaches the shown service's link first, and stops the rotation: the
    # button then offers to start it (its name is its hidden text by the icon).
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.closest('.c-carousel--slides') !== null"):
            break
    assert page.evaluate(
        f"() => document.activeElement === document.querySelector('{SHOWN_SLIDE} a')"
    )
    assert services.get_attribute("data-rotation") == "stopped"
    rotation = page.locator(".c-carousel--slides .c-carousel__rotation")
    assert rotation.text_content() == "Start automatic slide show"
    page.clock.run_for(INTERVAL_MS * 2)
    assert current_step(page, "slides") == 1
    page.keyboard.press("Tab")  # the rotation button, after the slide
    assert page.evaluate(FOCUSED_CLASS, "c-carousel__rotation")
    page.keyboard.press("Enter")
    assert services.get_attribute("data-rotation") == "running"
    assert rotation.text_content() == "Stop automatic slide show"
    page.clock.run_for(INTERVAL_MS + 100)
    assert current_step(page, "slides") == 2
    assert page.console_errors == []


def test_no_rotation_under_reduced_motion(open_page):
    page = open_with_clock(open_page, HOME, reduced_motion="reduce")
    for kind in ("logos", "slides"):
        assert region(page, kind).get_attribute("data-rotation") == "off"
        assert page.locator(f".c-carousel--{kind} .c-carousel__rotation").count() == 0
        assert live(page, kind) == "polite"
    page.clock.run_for(INTERVAL_MS * 3)
    assert current_step(page, "slides") == 0


def test_portfolio_row_moves_one_card_per_step_by_keyboard_on_phones(open_page):
    page = open_with_clock(open_page, PORTFOLIO)
    assert region(page, "projects").get_attribute("data-rotation") == "off"  # no auto-rotation
    groups = page.locator(".c-carousel--projects [aria-roledescription=slide]")
    assert groups.count() == 4 and groups.nth(1).get_attribute("aria-label") == "2 of 4"
    assert page.locator(".c-carousel--projects .c-carousel__dot").count() == 4
    inert = "els => els.map(el => el.hasAttribute('inert'))"
    assert groups.evaluate_all(inert) == [False, True, True, True]
    page.clock.run_for(INTERVAL_MS * 2)
    assert current_step(page, "projects") == 0
    page.locator(".c-carousel--projects .c-carousel__button", has_text="Next").focus()
    page.keyboard.press("Enter")
    assert current_step(page, "projects") == 1
    assert groups.evaluate_all(inert) == [True, False, True, True]
    assert page.evaluate("() => document.activeElement.textContent.includes('Next')")
    # Previous, the picker's dots, next: the controls' order after the cards.
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED_CLASS, "c-carousel__dot")
    page.locator(".c-carousel--projects .c-carousel__previous").focus()
    page.keyboard.press("Space")
    assert current_step(page, "projects") == 0
    page.locator(".c-carousel--projects .c-carousel__dot").nth(3).focus()
    page.keyboard.press("Enter")  # the picker does not move focus either
    assert current_step(page, "projects") == 3
    assert page.evaluate(FOCUSED_CLASS, "c-carousel__dot")
    # Only the shown card's link can take focus: the others sit in inert groups.
    cards = ".c-carousel--projects [aria-roledescription=slide]"
    assert page.locator(f"{cards}:not([inert]) a").count() == 1
    assert page.locator(f"{cards}[inert] a").count() == 3
    # The case-study pager is not a carousel: it stays as the server rendered it.
    page.goto(page.base + "/en/projects/ads")
    assert page.locator(".c-carousel").count() == 0
    assert page.console_errors == []


PROJECT_PICTURES = """() => performance.getEntriesByType('resource')
    .map(e => new URL(e.name).pathname).filter(p => p.startsWith('/static/img/projects/'))"""


@pytest.mark.parametrize(("width", "per_step"), [(PHONE, 1), (700, 2), (800, 2), (1000, 2)])
def test_a_step_shows_one_card_on_phones_two_on_tablets_and_one_service(open_page, width, per_step):
    """Below 64 rem. The cards line up with their heading, clipped sideways only (room below
    for their shadow); those out of view are hidden but for the next one, which peeks in,
    inert all the same. On a phone a card's picture comes when the row moves toward it."""
    page = open_page(PORTFOLIO, width=width)
    if width == PHONE:  # the first card's picture and the next one's (its peek shows)
        page.wait_for_load_state("networkidle")
        pictures = ["/static/img/projects/ads.en.svg", "/static/img/projects/kuzu.en.svg"]
        assert page.evaluate(PROJECT_PICTURES) == pictures
    cards_selector = ".c-carousel--projects [aria-roledescription=slide]"
    assert page.locator(f"{cards_selector}:not([inert])").count() == per_step
    assert page.locator(".c-carousel--projects .c-carousel__dot").count() == 4 // per_step
    heading = page.locator("#clients-title").bounding_box()
    card = page.locator(".c-carousel--projects .c-card").first.bounding_box()
    assert abs(card["x"] - heading["x"]) <= 1
    viewport = ".c-carousel--projects .c-carousel__viewport"
    assert page.eval_on_selector(viewport, "el => getComputedStyle(el).overflowY") == "visible"
    hidden = page.eval_on_selector_all(
        f"{cards_selector}[inert]",
        "els => els.map(el => [el.hasAttribute('data-peek'), getComputedStyle(el).visibility])",
    )
    assert hidden == [[True, "visible"]] + [[False, "hidden"]] * (4 - per_step - 1)
    if width == PHONE:
        page.locator(".c-carousel--projects .c-carousel__next").click()
        page.wait_for_function(f"() => ({PROJECT_PICTURES})().length === 3")
        assert page.evaluate(PROJECT_PICTURES)[2] == "/static/img/projects/vc.en.svg"
    page.goto(page.base + HOME)
    wait_for_widgets(page)
    assert region(page, "slides").get_attribute("aria-roledescription") == "carousel"
    assert page.locator(SHOWN_SLIDE).count() == 1
    assert page.locator(".c-carousel--slides .c-carousel__dot").count() == 3


@pytest.mark.parametrize(
    ("path", "counts"),
    [("/en", {"logos": 6, "slides": 3}), ("/en/portfolio", {"projects": 4})],
)
def test_without_javascript_every_slide_shows_as_a_list(open_page, path, counts):
    page = open_page(path, width=PHONE, javascript=False)
    for kind, count in counts.items():
        slides = page.locator(f".c-carousel--{kind} .c-carousel__list > li")
        assert slides.count() == count
        for i in range(count):
            slides.nth(i).scroll_into_view_if_needed()
            assert slides.nth(i).is_visible()
    assert page.locator(".c-carousel__region").count() == 0


CONTROLS = {
    HOME: ("Stop automatic slide show", "Previous", "Next"),
    "/": ("Detener el pase automático de diapositivas", "Anterior", "Siguiente"),
}


@pytest.mark.parametrize("path", CONTROLS)
def test_controls_are_named_icon_buttons_after_the_slides(open_page, path):
    """Named by the server, in the page's language."""
    page = open_page(path, width=PHONE)
    node = ".c-carousel--slides .c-carousel__region"
    order = page.eval_on_selector(
        node, "el => [...el.children].map(c => c.className.split(' ')[0])"
    )
    assert order == ["c-carousel__viewport", "c-carousel__controls"]
    for name in CONTROLS[path]:
        button = page.locator(node).get_by_role("button", name=name, exact=True)
        assert button.count() == 1 and button.locator("svg").count() == 1
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    for dot in page.locator(f"{node} .c-carousel__dot").all():
        box = dot.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    assert page.locator(f"{node} .c-carousel__controls").bounding_box()["height"] <= 48
    # The swipe area leaves vertical gestures to the page, horizontal ones to the carousel.
    for kind in ("logos", "slides"):
        action = page.eval_on_selector(
            f".c-carousel--{kind} .c-carousel__viewport", "el => getComputedStyle(el).touchAction"
        )
        assert action == "pan-y"
    if path == "/":
        assert region(page, "logos").get_attribute("aria-label") == "Marcas para las que trabajamos"
        group = page.locator(".c-carousel--slides [aria-roledescription=slide]").nth(1)
        assert group.get_attribute("aria-label") == "2 de 3"
        buttons = page.locator(".c-carousel--slides a.c-button")
        assert (
            buttons.count() == 3 and buttons.nth(0).text_content().strip() == "NUESTROS SERVICIOS"
        )


def test_a_tap_stops_rotation(open_page):
    """On next, then on a dot. (A swipe stops it too: test_the_first_touch_of_a_visit_swipes.)"""
    page = open_with_clock(open_page, HOME, has_touch=True)
    services = region(page, "slides")
    for target, expected in (("next", 1), ("dot", 2)):
        assert services.get_attribute("data-rotation") == "running"
        control = page.locator(f".c-carousel--slides .c-carousel__{target}")
        (control.nth(2) if target == "dot" else control).tap()
        assert services.get_attribute("data-rotation") == "stopped"
        assert current_step(page, "slides") == expected
        page.clock.run_for(INTERVAL_MS * 3)
        assert current_step(page, "slides") == expected
        page.locator(".c-carousel--slides .c-carousel__rotation").tap()  # starts it again
        assert services.get_attribute("data-rotation") == "running"


def swipe_left(page, selector):
    """A real finger (Chromium's touch input, through CDP) from 80 % to 20 % of the element's
    width: touchstart, ten touchmoves, touchend, as a phone sends them."""
    box = page.locator(selector).bounding_box()
    y = box["y"] + min(box["height"] / 2, 100)
    start, end = box["x"] + box["width"] * 0.8, box["x"] + box["width"] * 0.2
    cdp = page.context.new_cdp_session(page)

    def touch(kind, x=None):
        points = [] if x is None else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", start)
    for i in range(1, 11):
        touch("touchMove", start + (end - start) * i / 10)
    touch("touchEnd")
    cdp.detach()


@pytest.mark.parametrize(
    ("path", "kind", "rotation"),
    [(HOME, "slides", "stopped"), (PORTFOLIO, "projects", "off")],
)
def test_the_first_touch_of_a_visit_swipes(open_page, path, kind, rotation):
    """The first swipe after load moves one step (it once only stopped the rotation: that
    render replaced the touched nodes). A fresh context, no earlier input; scrolled by script."""
    page = open_page(path, width=PHONE, goto=False, has_touch=True, is_mobile=True)
    page.clock.install()  # no rotation step during the swipe
    page.goto(page.base + path)
    # A carousel below the fold mounts when it comes near the viewport.
    page.eval_on_selector(f".c-carousel--{kind}", "el => el.scrollIntoView({block: 'center'})")
    page.wait_for_selector(f".c-carousel--{kind}[data-mounted=true]")
    viewport = f".c-carousel--{kind} .c-carousel__viewport"
    page.eval_on_selector(viewport, "el => el.scrollIntoView({block: 'center'})")
    assert current_step(page, kind) == 0
    swipe_left(page, viewport)
    page.wait_for_function(
        "([k, n]) => [...document.querySelectorAll(`.c-carousel--${k} .c-carousel__dot`)]"
        "[n].getAttribute('aria-current') === 'true'",
        arg=[kind, 1],
        timeout=2000,
    )
    assert region(page, kind).get_attribute("data-rotation") == rotation
    swipe_left(page, viewport)  # and the next one too
    assert current_step(page, kind) == 2
