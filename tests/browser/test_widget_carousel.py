"""The APG carousel on the fixture page: rotation, pause on hover, stop on keyboard focus,
no rotation under reduced motion, keyboard use, and the no-JS list."""

import pytest

pytestmark = pytest.mark.browser

HOME = "/_widgets/home"
INTERVAL_MS = 1500  # the fixture's logo and slider carousels


def current_step(page, name):
    return page.evaluate(
        """name => [...document.querySelectorAll(`[data-testid=${name}] .c-carousel__dot`)]
            .findIndex(dot => dot.getAttribute('aria-current') === 'true')""",
        name,
    )


def region(page, name):
    return page.locator(f"[data-testid={name}] .c-carousel__region")


def mounted(page, name="logos"):
    page.wait_for_selector(f"[data-testid={name}][data-mounted=true]")


def tab_into(page, name):
    """Press Tab until keyboard focus is inside the carousel; returns the focused text."""
    for _ in range(40):
        page.keyboard.press("Tab")
        inside = page.evaluate(
            "name => document.activeElement.closest(`[data-testid=${name}]`) !== null", name
        )
        if inside:
            return page.evaluate("() => document.activeElement.textContent")
    raise AssertionError(f"keyboard focus never reached the {name} carousel")


def test_rotates_by_itself(open_widget_page):
    page = open_widget_page(HOME)
    mounted(page)
    assert region(page, "logos").get_attribute("data-rotation") == "running"
    assert region(page, "logos").get_attribute("aria-roledescription") == "carousel"
    assert region(page, "logos").get_attribute("aria-label") == "Brands we work with"
    assert (
        page.locator("[data-testid=logos] .c-carousel__viewport").get_attribute("aria-live")
        == "off"
    )
    start = current_step(page, "logos")
    page.wait_for_function(
        f"() => [...document.querySelectorAll('[data-testid=logos] .c-carousel__dot')]"
        f".findIndex(d => d.getAttribute('aria-current') === 'true') !== {start}",
        timeout=INTERVAL_MS * 3,
    )
    assert page.console_errors == []


def test_pauses_while_hovered(open_widget_page):
    page = open_widget_page(HOME)
    mounted(page)
    region(page, "logos").hover()
    assert region(page, "logos").get_attribute("data-rotation") == "paused"
    assert (
        page.locator("[data-testid=logos] .c-carousel__viewport").get_attribute("aria-live")
        == "polite"
    )
    step = current_step(page, "logos")
    page.wait_for_timeout(INTERVAL_MS * 2)
    assert current_step(page, "logos") == step
    page.mouse.move(5, 790)
    assert region(page, "logos").get_attribute("data-rotation") == "running"


def test_keyboard_focus_stops_rotation_until_restarted(open_widget_page):
    page = open_widget_page(HOME)
    mounted(page)
    tab_into(page, "logos")
    # The rotation button comes first; focus stopped rotation, so it now offers to start.
    assert page.evaluate("() => document.activeElement.classList.contains('c-carousel__rotation')")
    assert region(page, "logos").get_attribute("data-rotation") == "stopped"
    rotation = page.locator("[data-testid=logos] .c-carousel__rotation")
    assert rotation.text_content() == "Iniciar el pase automático de diapositivas"
    step = current_step(page, "logos")
    page.wait_for_timeout(INTERVAL_MS * 2)
    assert current_step(page, "logos") == step
    page.keyboard.press("Enter")  # start it again
    assert region(page, "logos").get_attribute("data-rotation") == "running"
    page.wait_for_function(
        f"() => [...document.querySelectorAll('[data-testid=logos] .c-carousel__dot')]"
        f".findIndex(d => d.getAttribute('aria-current') === 'true') !== {step}",
        timeout=INTERVAL_MS * 3,
    )


def test_no_rotation_under_reduced_motion(open_widget_page):
    page = open_widget_page(HOME, reduced_motion="reduce")
    mounted(page)
    mounted(page, "slider")
    for name in ("logos", "slider"):
        assert region(page, name).get_attribute("data-rotation") == "off"
        assert page.locator(f"[data-testid={name}] .c-carousel__rotation").count() == 0
        assert (
            page.locator(f"[data-testid={name}] .c-carousel__viewport").get_attribute("aria-live")
            == "polite"
        )
    steps = (current_step(page, "logos"), current_step(page, "slider"))
    page.wait_for_timeout(INTERVAL_MS * 2)
    assert (current_step(page, "logos"), current_step(page, "slider")) == steps


def test_portfolio_row_moves_one_card_per_step_by_keyboard_on_phones(open_widget_page):
    page = open_widget_page(HOME, width=375)
    mounted(page, "portfolio")
    portfolio = region(page, "portfolio")
    assert portfolio.get_attribute("data-rotation") == "off"  # no auto-rotation
    groups = page.locator("[data-testid=portfolio] [role=group][aria-roledescription=slide]")
    assert groups.count() == 4
    assert groups.nth(1).get_attribute("aria-label") == "2 de 4"
    assert page.locator("[data-testid=portfolio] .c-carousel__dot").count() == 4
    assert groups.nth(0).get_attribute("inert") is None
    assert groups.nth(1).get_attribute("inert") is not None

    next_button = page.locator("[data-testid=portfolio] .c-carousel__button", has_text="Siguiente")
    next_button.focus()
    page.keyboard.press("Enter")
    assert current_step(page, "portfolio") == 1
    assert groups.nth(1).get_attribute("inert") is None
    assert groups.nth(0).get_attribute("inert") is not None
    assert page.evaluate("() => document.activeElement.textContent.includes('Siguiente')")

    page.keyboard.press("Shift+Tab")  # previous
    page.keyboard.press("Space")
    assert current_step(page, "portfolio") == 0
    page.locator("[data-testid=portfolio] .c-carousel__dot").nth(3).focus()
    page.keyboard.press("Enter")  # the picker does not move focus either
    assert current_step(page, "portfolio") == 3
    assert page.evaluate("() => document.activeElement.classList.contains('c-carousel__dot')")
    # Only the shown card's link can take focus: the others sit in inert groups.
    assert page.locator("[data-testid=portfolio] [role=group]:not([inert]) a").count() == 1
    assert page.locator("[data-testid=portfolio] [role=group][inert] a").count() == 3


def test_swipe_moves_one_step(browser, widget_server):
    context = browser.new_context(viewport={"width": 375, "height": 800}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(widget_server + HOME)
        mounted(page, "portfolio")
        page.evaluate(
            """() => {
              const el = document.querySelector('[data-testid=portfolio] .c-carousel__viewport');
              const touch = x => new Touch({identifier: 1, target: el, clientX: x, clientY: 100});
              const event = (type, list) => new TouchEvent(type, {...list, bubbles: true});
              el.dispatchEvent(event('touchstart', {touches: [touch(300)]}));
              el.dispatchEvent(event('touchend', {changedTouches: [touch(120)]}));
            }"""
        )
        assert current_step(page, "portfolio") == 1
    finally:
        context.close()


def test_without_javascript_every_slide_shows_as_a_list(open_widget_page):
    page = open_widget_page(HOME, width=375, javascript=False)
    for name, count in (("logos", 6), ("slider", 3), ("portfolio", 4)):
        slides = page.locator(f"[data-testid={name}] .c-carousel__list > li")
        assert slides.count() == count
        for i in range(count):
            assert slides.nth(i).is_visible()
    assert page.locator(".c-carousel__region").count() == 0
