"""The APG carousels on the real pages: the what-we-do slider on home (rotating below 64 rem),
the brand logos (rotating, but one step shows all six at every width: no controls), the
portfolio's row of cards (no rotation). Rotation, pause on hover, stop on keyboard focus, no
rotation under reduced motion, keyboard use, swipe, and the no-JS list. Playwright's clock
runs the 5 s rotation interval fast."""

import pytest

from tests.support.browser import wait_for_widgets

pytestmark = pytest.mark.browser

HOME = "/en"
PORTFOLIO = "/en/portfolio"
INTERVAL_MS = 5000
PHONE = 375  # one service per step: three steps to rotate through
SHOWN_SLIDE = ".c-carousel--slides [aria-roledescription=slide]:not([inert])"


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
    page = open_page(path, goto=False, **options)
    page.clock.install()
    assert page.goto(page.base + path).status == 200
    wait_for_widgets(page)  # the slides, below the fold on a phone, scrolled to
    return page


def tab_into(page, kind):
    """Press Tab until keyboard focus is inside the carousel."""
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("k => document.activeElement.closest(`.c-carousel--${k}`) !== null", kind):
            return
    raise AssertionError(f"keyboard focus never reached the {kind} carousel")


def test_rotates_by_itself(open_page):
    page = open_with_clock(open_page, HOME, width=PHONE)
    services = region(page, "slides")
    assert services.get_attribute("data-rotation") == "running"
    assert services.get_attribute("aria-roledescription") == "carousel"
    assert services.get_attribute("aria-label") == "What we do"
    assert live(page, "slides") == "off"
    slides = page.locator(".c-carousel--slides [aria-roledescription=slide]")
    assert slides.count() == 3 and slides.nth(0).get_attribute("aria-label") == "1 of 3"
    # The brands: a carousel too, whose one step shows all six: nothing to rotate.
    logos = region(page, "logos")
    assert logos.get_attribute("aria-roledescription") == "carousel"
    assert logos.get_attribute("aria-label") == "Brands we work for"
    assert logos.get_attribute("data-rotation") == "off"
    assert current_step(page, "slides") == 0
    page.clock.run_for(INTERVAL_MS + 100)
    assert current_step(page, "slides") == 1
    page.clock.run_for(INTERVAL_MS)
    assert current_step(page, "slides") == 2
    # Each slide keeps its NUESTROS SERVICIOS button (here in English), in view when shown.
    shown = page.locator(".c-carousel--slides [aria-roledescription=slide]:not([inert]) a.c-button")
    assert shown.count() == 1 and shown.is_visible()
    assert page.console_errors == []


def test_pauses_while_hovered(open_page):
    page = open_with_clock(open_page, HOME, width=PHONE)
    region(page, "slides").locator("img").first.hover()
    assert region(page, "slides").get_attribute("data-rotation") == "paused"
    assert live(page, "slides") == "polite"
    page.clock.run_for(INTERVAL_MS * 2)
    assert current_step(page, "slides") == 0
    page.mouse.move(5, 5)  # over the header
    assert region(page, "slides").get_attribute("data-rotation") == "running"
    page.clock.run_for(INTERVAL_MS + 100)
    assert current_step(page, "slides") == 1


def test_keyboard_focus_stops_rotation_until_restarted(open_page):
    page = open_with_clock(open_page, HOME, width=PHONE)
    tab_into(page, "slides")
    # The shown service's link comes first, before the controls; focus stopped rotation,
    # so the rotation button now offers to start (its name is its hidden text by the icon).
    shown = ".c-carousel--slides [aria-roledescription=slide]:not([inert]) a"
    assert page.evaluate(f"() => document.activeElement === document.querySelector('{shown}')")
    assert region(page, "slides").get_attribute("data-rotation") == "stopped"
    rotation = page.locator(".c-carousel--slides .c-carousel__rotation")
    assert rotation.text_content() == "Start automatic slide show"
    page.clock.run_for(INTERVAL_MS * 2)
    assert current_step(page, "slides") == 0
    page.keyboard.press("Tab")  # the rotation button, after the slide
    assert page.evaluate("() => document.activeElement.classList.contains('c-carousel__rotation')")
    page.keyboard.press("Enter")  # start it again
    assert region(page, "slides").get_attribute("data-rotation") == "running"
    assert rotation.text_content() == "Stop automatic slide show"
    page.clock.run_for(INTERVAL_MS + 100)
    assert current_step(page, "slides") == 1


def test_no_rotation_under_reduced_motion(open_page):
    page = open_with_clock(open_page, HOME, width=PHONE, reduced_motion="reduce")
    for kind in ("logos", "slides"):
        assert region(page, kind).get_attribute("data-rotation") == "off"
        assert page.locator(f".c-carousel--{kind} .c-carousel__rotation").count() == 0
        assert live(page, kind) == "polite"
    page.clock.run_for(INTERVAL_MS * 3)
    assert current_step(page, "slides") == 0


def test_spanish_labels_come_from_the_server(open_page):
    page = open_page("/", width=PHONE)
    assert region(page, "logos").get_attribute("aria-label") == "Marcas para las que trabajamos"
    assert page.locator(".c-carousel--slides .c-carousel__rotation").text_content() == (
        "Detener el pase automático de diapositivas"
    )
    group = page.locator(".c-carousel--slides [aria-roledescription=slide]").nth(1)
    assert group.get_attribute("aria-label") == "2 de 3"
    buttons = page.locator(".c-carousel--slides a.c-button")
    assert buttons.count() == 3
    assert buttons.nth(0).text_content().strip() == "NUESTROS SERVICIOS"


def test_portfolio_row_moves_one_card_per_step_by_keyboard_on_phones(open_page):
    page = open_with_clock(open_page, PORTFOLIO, width=PHONE)
    portfolio = region(page, "projects")
    assert portfolio.get_attribute("data-rotation") == "off"  # no auto-rotation
    groups = page.locator(".c-carousel--projects [aria-roledescription=slide]")
    assert groups.count() == 4
    assert groups.nth(1).get_attribute("aria-label") == "2 of 4"
    assert page.locator(".c-carousel--projects .c-carousel__dot").count() == 4
    assert groups.nth(0).get_attribute("inert") is None
    assert groups.nth(1).get_attribute("inert") is not None
    page.clock.run_for(INTERVAL_MS * 2)
    assert current_step(page, "projects") == 0

    next_button = page.locator(".c-carousel--projects .c-carousel__button", has_text="Next")
    next_button.focus()
    page.keyboard.press("Enter")
    assert current_step(page, "projects") == 1
    assert groups.nth(1).get_attribute("inert") is None
    assert groups.nth(0).get_attribute("inert") is not None
    assert page.evaluate("() => document.activeElement.textContent.includes('Next')")

    # Previous, the picker's dots, next: the controls' order after the cards.
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('c-carousel__dot')")
    page.locator(".c-carousel--projects .c-carousel__previous").focus()
    page.keyboard.press("Space")
    assert current_step(page, "projects") == 0
    page.locator(".c-carousel--projects .c-carousel__dot").nth(3).focus()
    page.keyboard.press("Enter")  # the picker does not move focus either
    assert current_step(page, "projects") == 3
    assert page.evaluate("() => document.activeElement.classList.contains('c-carousel__dot')")
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


def test_on_a_phone_the_portfolio_fetches_a_picture_when_it_comes_into_view(open_page):
    """The first card's picture and the next one's (its peek shows) come with the page; the
    others when the row moves toward them, not competing with the first paint."""
    page = open_page(PORTFOLIO, width=PHONE)
    page.wait_for_load_state("networkidle")
    assert page.evaluate(PROJECT_PICTURES) == [
        "/static/img/projects/ads.en.svg",
        "/static/img/projects/kuzu.en.svg",
    ]
    page.locator(".c-carousel--projects .c-carousel__button", has_text="Next").click()
    page.wait_for_function(f"() => ({PROJECT_PICTURES})().length === 3")
    assert page.evaluate(PROJECT_PICTURES)[2] == "/static/img/projects/vc.en.svg"


@pytest.mark.parametrize("width", [700, 800, 1000])
def test_on_tablets_a_step_shows_two_cards_or_one_service(open_page, width):
    """Between 41 and 64 rem (656 and 1024 px) the stylesheet's steps: the portfolio two
    cards, home's services one. From 64 rem all show, without a carousel
    (test_home_and_portfolio_layout.py)."""
    page = open_page(PORTFOLIO, width=width)
    visible = page.locator(".c-carousel--projects [aria-roledescription=slide]:not([inert])")
    assert visible.count() == 2
    assert page.locator(".c-carousel--projects .c-carousel__dot").count() == 2
    page.goto(page.base + HOME)
    wait_for_widgets(page)
    assert region(page, "slides").get_attribute("aria-roledescription") == "carousel"
    assert page.locator(SHOWN_SLIDE).count() == 1
    assert page.locator(".c-carousel--slides .c-carousel__dot").count() == 3


def test_swipe_moves_one_step(browser, live_server):
    context = browser.new_context(viewport={"width": PHONE, "height": 800}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(live_server + PORTFOLIO)
        page.wait_for_selector(".c-carousel--projects[data-mounted=true]")
        page.evaluate(
            """() => {
              const el = document.querySelector('.c-carousel--projects .c-carousel__viewport');
              const touch = x => new Touch({identifier: 1, target: el, clientX: x, clientY: 100});
              const event = (type, list) => new TouchEvent(type, {...list, bubbles: true});
              el.dispatchEvent(event('touchstart', {touches: [touch(300)]}));
              el.dispatchEvent(event('touchend', {changedTouches: [touch(120)]}));
            }"""
        )
        assert current_step(page, "projects") == 1
    finally:
        context.close()


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


@pytest.mark.parametrize("width", [PHONE, 800, 1024, 1280])
@pytest.mark.parametrize("path", [HOME, PORTFOLIO])
def test_mounting_moves_nothing_on_the_page(open_page, path, width):
    """Until its code arrives, a carousel's list already has the widget's shape (stand-in
    controls, one step in a row), so mounting shifts no content below it."""

    def boxes(page):
        return page.eval_on_selector_all(
            ".c-carousel, footer",
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [Math.round(r.top + scrollY), Math.round(r.height)]; })",
        )

    # Both pages in the fallback face: whether the typeface comes in time for a page's first
    # layout (font-display: optional) is the connection's, not the widget's.
    no_typeface = ("**/static/build/fonts/*.woff2", lambda route: route.abort())
    waiting = open_page(path, width=width, goto=False)
    waiting.route(*no_typeface)
    waiting.route("**/chunks/carousel-*.js", lambda route: None)  # never answers: pending
    waiting.goto(waiting.base + path)
    waiting.wait_for_selector("[data-widget=carousel][data-mounted=pending]")
    mounted = open_page(path, width=width, goto=False)
    mounted.route(*no_typeface)
    mounted.goto(mounted.base + path)
    wait_for_widgets(mounted)
    assert boxes(waiting) == boxes(mounted)


def test_controls_are_icon_buttons_after_the_slides(open_page):
    page = open_page(HOME, width=PHONE)
    for kind in ("slides",):
        node = f".c-carousel--{kind} .c-carousel__region"
        order = page.eval_on_selector(
            node, "el => [...el.children].map(c => c.className.split(' ')[0])"
        )
        assert order == ["c-carousel__viewport", "c-carousel__controls"]
        for name in ("Stop automatic slide show", "Previous", "Next"):
            button = page.locator(node).get_by_role("button", name=name, exact=True)
            assert button.count() == 1 and button.locator("svg").count() == 1
            box = button.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
        for dot in page.locator(f"{node} .c-carousel__dot").all():
            box = dot.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
        controls = page.locator(f"{node} .c-carousel__controls").bounding_box()
        assert controls["height"] <= 48  # one row, even at 375 px


@pytest.mark.parametrize("width", [PHONE, 800, 1280])
@pytest.mark.parametrize("path", [HOME, "/"])
def test_no_controls_when_every_item_shows(open_page, path, width):
    """The six logos fit at every width: no previous/next (nor picker, nor rotation) to tab
    to or see, the viewport holding only the slides."""
    page = open_page(path, width=width)
    logos = page.locator(".c-carousel--logos")
    assert logos.locator("[aria-roledescription=slide]:not([inert])").count() == 6
    assert logos.locator("button").count() == 0
    order = page.eval_on_selector(
        ".c-carousel--logos .c-carousel__region",
        "el => [...el.children].map(c => c.className.split(' ')[0])",
    )
    assert order == ["c-carousel__viewport"]
    assert page.locator(".c-carousel--projects").count() == 0


def test_swipe_area_leaves_horizontal_gestures_to_the_carousel(open_page):
    page = open_page(HOME, width=PHONE)
    for kind in ("logos", "slides"):
        action = page.eval_on_selector(
            f".c-carousel--{kind} .c-carousel__viewport", "el => getComputedStyle(el).touchAction"
        )
        assert action == "pan-y"


def touch_context(browser):
    return browser.new_context(viewport={"width": PHONE, "height": 800}, has_touch=True)


@pytest.mark.parametrize("target", ["viewport", "next", "dot"])
def test_a_tap_or_swipe_stops_rotation(browser, live_server, target):
    context = touch_context(browser)
    try:
        page = context.new_page()
        page.clock.install()
        page.goto(live_server + HOME)
        wait_for_widgets(page)  # the slides, below the fold, scrolled to
        services = region(page, "slides")
        assert services.get_attribute("data-rotation") == "running"
        if target == "viewport":  # a swipe: one step, then rotation stops
            page.evaluate(
                """() => {
                  const el = document.querySelector('.c-carousel--slides .c-carousel__viewport');
                  const touch = x => new Touch({identifier: 1, target: el, clientX: x, clientY: 9});
                  const event = (type, list) => new TouchEvent(type, {...list, bubbles: true});
                  el.dispatchEvent(event('touchstart', {touches: [touch(300)]}));
                  el.dispatchEvent(event('touchend', {changedTouches: [touch(120)]}));
                }"""
            )
            expected = 1
        elif target == "next":
            page.locator(".c-carousel--slides .c-carousel__next").tap()
            expected = 1
        else:
            page.locator(".c-carousel--slides .c-carousel__dot").nth(2).tap()
            expected = 2
        assert services.get_attribute("data-rotation") == "stopped"
        assert current_step(page, "slides") == expected
        page.clock.run_for(INTERVAL_MS * 3)
        assert current_step(page, "slides") == expected
        # The rotation button, tapped, starts it again.
        page.locator(".c-carousel--slides .c-carousel__rotation").tap()
        assert services.get_attribute("data-rotation") == "running"
    finally:
        context.close()


@pytest.mark.parametrize("width", [PHONE, 800])
def test_cards_line_up_with_their_heading_and_keep_their_shadows(open_page, width):
    page = open_page(PORTFOLIO, width=width)
    heading = page.locator("#clients-title").bounding_box()
    card = page.locator(".c-carousel--projects .c-card").first.bounding_box()
    assert abs(card["x"] - heading["x"]) <= 1
    viewport = ".c-carousel--projects .c-carousel__viewport"
    # Clipped sideways only, with room below the cards for their shadow.
    assert page.eval_on_selector(viewport, "el => getComputedStyle(el).overflowY") == "visible"
    # Cards out of view are hidden (no sliver of their shadow at the edge) but for the next
    # one, which peeks in at the edge, inert all the same.
    hidden = page.eval_on_selector_all(
        ".c-carousel--projects [aria-roledescription=slide][inert]",
        "els => els.map(el => [el.hasAttribute('data-peek'), getComputedStyle(el).visibility])",
    )
    per_step = 1 if width == PHONE else 2
    assert hidden == [[True, "visible"]] + [[False, "hidden"]] * (4 - per_step - 1)


def swipe_left(page, selector):
    """A real finger (Chromium's touch input, through CDP) drawn from 80 % to 20 % of the
    element's width: touchstart, ten touchmoves, touchend, as a phone sends them."""
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
def test_the_first_touch_of_a_visit_swipes(browser, live_server, path, kind, rotation):
    """The first swipe after load moves the carousel one step (it once only stopped the
    rotation: the render that stopped it replaced the touched nodes, and the touch sequence
    went on with nodes no longer in the page). A fresh context: nothing cached, no earlier
    input; scrolling there is done by script, not by a finger."""
    context = browser.new_context(
        viewport={"width": PHONE, "height": 800}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        page.clock.install()  # no rotation step during the swipe
        page.goto(live_server + path)
        # Scrolled to first: a carousel below the fold mounts when it comes near the viewport.
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
    finally:
        context.close()
