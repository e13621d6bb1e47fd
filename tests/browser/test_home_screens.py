"""The home pages in real Chromium, JavaScript on and off, phone and desktop widths.
Full-page screenshots land in tests/artifacts/ for a person to look at."""

import pytest

pytestmark = pytest.mark.browser

WIDTHS = {"phone": 375, "desktop": 1280}
BROKEN_IMAGES = (
    "Array.from(document.images).filter(i => !i.complete || !i.naturalWidth).map(i => i.src)"
)


@pytest.mark.parametrize("path", ["/", "/en"])
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("device", list(WIDTHS))
def test_home_renders(browser, live_server, artifacts, path, javascript, device):
    context = browser.new_context(
        viewport={"width": WIDTHS[device], "height": 800}, java_script_enabled=javascript
    )
    context.add_cookies([{"name": "i18n_redirected", "value": "es", "url": live_server}])
    page = context.new_page()
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        response = page.goto(live_server + path, wait_until="load")
        assert response.status == 200
        assert page.locator("h1").count() == 1
        # Nothing wider than the screen: no horizontal scrolling on a phone.
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= WIDTHS[device]
        # Every image loads (an SVG that fails to parse has no natural width). Lazy images
        # load near the viewport, so bring the whole page into view first.
        for image in page.locator("img").all():
            image.scroll_into_view_if_needed()
        page.wait_for_load_state("networkidle")
        broken = page.evaluate(BROKEN_IMAGES)
        assert broken == []
        assert page.evaluate("document.documentElement.className") == (
            "js" if javascript else "no-js"
        )
        locale = "en" if path.startswith("/en") else "es"
        name = f"home-{locale}-{device}-{'js' if javascript else 'nojs'}"
        page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
        assert errors == []
    finally:
        context.close()


def test_navigation_is_keyboard_reachable_on_a_small_phone(browser, live_server):
    context = browser.new_context(viewport={"width": 320, "height": 640}, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server + "/en")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to main content"
        reached = []
        for _ in range(8):
            page.keyboard.press("Tab")
            reached.append(page.evaluate("document.activeElement.textContent.trim()"))
        for label in ("Home", "Services", "Portfolio", "About", "Contact", "Español"):
            assert label in reached
        # The language link is on screen, not clipped away.
        box = page.get_by_role("link", name="Español").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 320
    finally:
        context.close()
