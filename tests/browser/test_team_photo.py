"""The team photo is a <picture>: a phone downloads only the mobile crop, a desktop the wide one."""

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("width", "wanted", "unwanted"), [(375, "mobile", "desktop"), (1280, "desktop", "mobile")]
)
def test_only_the_variant_for_the_screen_is_downloaded(open_page, width, wanted, unwanted):
    page = open_page("/en/aboutus", width=width, goto=False)
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(page.base + "/en/aboutus")
    page.locator(".c-team-photo").scroll_into_view_if_needed()
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.querySelector('.c-team-photo').naturalWidth") > 0
    assert any(f"photo-{wanted}.svg" in url for url in requested)
    assert not any(f"photo-{unwanted}.svg" in url for url in requested)
