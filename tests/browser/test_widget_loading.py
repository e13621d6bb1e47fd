"""What the entry loads and when: the navigation at the first intent, React once a visit ends; a
failing chunk reloads the page once in 60 s; a carousel's late code moves nothing."""

import pytest

from tests.support.browser import NAVIGATION_STARTED, WIDGETS_STARTED, wait_for_widgets

pytestmark = pytest.mark.browser


def scripts_fetched(page) -> list[str]:
    return page.evaluate(
        """() => performance.getEntriesByType('resource')
            .filter(e => e.name.endsWith('.js')).map(e => new URL(e.name).pathname)"""
    )


def test_page_without_carousels_fetches_no_react_until_a_visit(
    open_page, react_chunk, widget_manifest
):
    page = open_page("/en/services")
    page.wait_for_load_state("networkidle")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(300)
    fetched = scripts_fetched(page)
    navigation = widget_manifest["widgets"]["navigation"]["file"]
    assert not any(path.endswith(react_chunk) for path in fetched), fetched
    assert not any(path.endswith(navigation) for path in fetched), fetched
    assert any(path.endswith(widget_manifest["entry"]["file"]) for path in fetched)

    # The first intent to navigate: keyboard focus on a link is one, as a hover is.
    page.focus("header a.c-nav__link[href='/en/contact']")
    page.wait_for_function(NAVIGATION_STARTED)
    page.wait_for_load_state("networkidle")
    fetched = scripts_fetched(page)
    assert any(path.endswith(navigation) for path in fetched), fetched
    # React (60 kB) would compete with the page's HTML: the bar's view joins after the visit.
    assert not any(path.endswith(react_chunk) for path in fetched), fetched
    page.click("header a.c-nav__link[href='/en/portfolio']")
    page.wait_for_function("() => document.title.startsWith('Portfolio')")
    # Once the visit has ended, React's view of the bar joins.
    page.wait_for_function(
        "chunk => performance.getEntriesByType('resource').some(e => e.name.endsWith(chunk))",
        arg=react_chunk,
    )


def open_with_a_failing_chunk(open_page, widget_manifest, widget: str, path: str):
    """`path` opened with `widget`'s chunk answering 500: the page, and the URLs of the
    navigations it makes (the first load, then any reload)."""
    chunk = widget_manifest["widgets"][widget]["file"]
    page = open_page(path, goto=False)
    page.route(f"**/static/build/{chunk}", lambda route: route.fulfill(status=500, body="down"))
    loads = []
    page.on("request", lambda r: r.is_navigation_request() and loads.append(r.url))
    page.goto(page.base + path)
    return page, loads


def test_failing_chunk_reloads_once_not_twice(open_page, widget_manifest):
    page, loads = open_with_a_failing_chunk(open_page, widget_manifest, "carousel", "/en")
    page.wait_for_function("() => performance.getEntriesByType('navigation')[0].type === 'reload'")
    page.wait_for_selector(".c-carousel--logos[data-mounted=failed]", state="attached")
    page.wait_for_timeout(1500)  # a second reload would have started by now
    assert len(loads) == 2, loads
    assert page.evaluate("() => Number(sessionStorage.getItem('motorlab:chunk-reload')) > 0")
    # The page stays usable: the server's list is all there, and the other widgets mounted.
    assert page.locator(".c-carousel--logos .c-carousel__list > li").count() == 6
    assert page.locator(".c-carousel--slides .c-carousel__list > li").count() == 3
    assert page.locator("[data-widget=nav_menu][data-mounted=true]").count() == 1


# Where the home's what-we-do slides start, in viewport heights from the window's top.
SLIDES_TOP = """() => document.querySelector('.c-carousel--slides').getBoundingClientRect().top
    / innerHeight"""


def test_a_widget_below_the_fold_mounts_when_scrolled_near_not_at_load(open_page):
    """mount.js mounts an island once within a viewport's height of the window."""
    page = open_page("/en", width=375, goto=False)
    assert page.goto(page.base + "/en").status == 200
    page.wait_for_selector(".c-carousel--logos[data-mounted=true]")  # in the first screen
    page.wait_for_load_state("networkidle")
    assert page.evaluate(SLIDES_TOP) > 2.2
    slides = page.locator(".c-carousel--slides")
    assert slides.get_attribute("data-mounted") == "waiting"
    page.mouse.wheel(0, 200)  # a first scroll, not yet near
    page.wait_for_timeout(300)
    assert page.evaluate(SLIDES_TOP) > 2.05 and slides.get_attribute("data-mounted") == "waiting"
    page.evaluate(f"() => scrollBy(0, ({SLIDES_TOP})() * innerHeight - 1.9 * innerHeight)")
    page.wait_for_selector(".c-carousel--slides[data-mounted=true]")
    assert page.console_errors == []


def test_a_failing_navigation_chunk_reloads_once_not_twice(open_page, widget_manifest):
    """The navigation's import follows the widgets' lazy-piece rules (widgets/chunks.js)."""
    page, loads = open_with_a_failing_chunk(
        open_page, widget_manifest, "navigation", "/en/services"
    )
    link = "header a.c-nav__link[href='/en/portfolio']"
    page.wait_for_function(WIDGETS_STARTED)
    page.hover(link)  # the first intent: the import fails, the page reloads
    page.wait_for_function("() => performance.getEntriesByType('navigation')[0].type === 'reload'")
    page.wait_for_function(WIDGETS_STARTED)
    page.mouse.move(0, 0)
    page.hover(link)  # fails again within 60 s: the page stays
    page.wait_for_timeout(1500)  # a second reload would have started by now
    assert loads == [page.base + "/en/services"] * 2
    assert page.evaluate("() => Number(sessionStorage.getItem('motorlab:chunk-reload')) > 0")
    # Every click is the browser's from now on.
    with page.expect_navigation(url="**/en/portfolio"):
        page.click(link)


CAROUSEL_BOXES = """() => [...document.querySelectorAll(".c-carousel, footer")].map(e => {
  const r = e.getBoundingClientRect(); return [Math.round(r.top + scrollY), Math.round(r.height)];
})"""


@pytest.mark.parametrize("width", [375, 800, 1024, 1280])
@pytest.mark.parametrize("path", ["/en", "/en/portfolio"])
def test_mounting_moves_nothing_on_the_page(open_page, path, width):
    """Until its code arrives, a carousel's list already has the widget's shape (stand-in
    controls, one step in a row), so mounting shifts no content below it."""
    pages = []
    for code in ("pending", "mounted"):
        page = open_page(path, width=width, goto=False)
        # Both in the fallback face: whether the typeface comes in time is the connection's.
        page.route("**/static/build/fonts/*.woff2", lambda route: route.abort())
        if code == "pending":
            page.route("**/chunks/carousel-*.js", lambda route: None)  # never answers
        page.goto(page.base + path)
        if code == "pending":
            page.wait_for_selector("[data-widget=carousel][data-mounted=pending]")
        else:
            wait_for_widgets(page)
        pages.append(page.evaluate(CAROUSEL_BOXES))
    assert pages[0] == pages[1]
