"""Every page in real Chromium, JavaScript on and off, on a phone and a desktop: it loads,
never scrolls sideways, logs no console error and loads every image. Full-page screenshots
land in tests/artifacts/ for a person to look at."""

import pytest

from tests.site_pages import page_params

pytestmark = pytest.mark.browser

WIDTHS = {"phone": 375, "desktop": 1280}
BROKEN_IMAGES = """
Promise.all(Array.from(document.images, image => {
    image.loading = "eager";
    return image.decode().then(() => null, () => image.currentSrc || image.src);
})).then(results => results.filter(Boolean))
"""


def save_screenshot(page, path, attempts=3):
    """Chromium under heavy load sometimes answers "Unable to capture screenshot": retry."""
    from playwright.sync_api import Error

    for attempt in range(attempts):
        try:
            return page.screenshot(path=str(path), full_page=True)
        except Error:
            if attempt == attempts - 1:
                raise
            page.wait_for_timeout(500)


@pytest.mark.parametrize(("path", "locale"), page_params())
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("device", list(WIDTHS))
def test_page_in_chromium(browser, live_server, artifacts, path, locale, javascript, device):
    context = browser.new_context(
        viewport={"width": WIDTHS[device], "height": 800}, java_script_enabled=javascript
    )
    context.add_cookies([{"name": "i18n_redirected", "value": locale, "url": live_server}])
    page = context.new_page()
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        response = page.goto(live_server + path, wait_until="load")
        assert response.status == 200
        assert page.evaluate("document.documentElement.lang") == locale
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTHS[device]
        # Load every image now (lazy ones would wait for the viewport), then list the ones
        # that fail to decode: a missing file or an SVG that does not parse.
        assert page.evaluate(BROKEN_IMAGES) == []
        expected_class = "js" if javascript else "no-js"
        assert expected_class in page.evaluate("document.documentElement.className").split()
        name = path.strip("/").replace("/", "-") or "home"
        if locale == "en":
            name = name.removeprefix("en-").removeprefix("en") or "home"
        shot = f"{name}-{locale}-{device}-{'js' if javascript else 'nojs'}.png"
        save_screenshot(page, artifacts / shot)
        assert errors == []
    finally:
        context.close()
