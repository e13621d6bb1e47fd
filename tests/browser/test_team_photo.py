"""The about page's team photo: a phone downloads only the mobile crop, a desktop only the
wide one (a <picture> with a media query, not CSS hiding)."""

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("width", "wanted", "unwanted"),
    [
        (375, "photo-mobile.svg", "photo-desktop.svg"),
        (1280, "photo-desktop.svg", "photo-mobile.svg"),
    ],
)
def test_only_the_variant_for_the_screen_is_downloaded(
    browser, live_server, width, wanted, unwanted
):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    try:
        page.goto(live_server + "/en/aboutus", wait_until="load")
        page.locator(".c-team-photo").scroll_into_view_if_needed()
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.querySelector('.c-team-photo').naturalWidth") > 0
        assert any(wanted in url for url in requested)
        assert not any(unwanted in url for url in requested)
    finally:
        context.close()
