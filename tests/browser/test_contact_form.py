"""The contact form in Chromium: without JavaScript on a 320 px phone and by keyboard, its error
summary, and under axe with and without the widget."""

import pytest

from tests.support.browser import assert_axe_clean, serve_without_scripts
from tests.support.contact_support import opened, wait_for

pytestmark = pytest.mark.browser


def test_without_javascript_errors_then_thanks(open_page, contact_server):
    base, smtp = contact_server
    page = open_page("/en/contact", base=base, width=320, height=720, javascript=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    # The keyboard skips the honeypot; the button is a 24 px target or more.
    page.get_by_label("Your name").focus()
    reached = ["name"]
    for _ in range(4):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.id || document.activeElement.tagName"))
    assert reached[:4] == ["name", "email", "description", "BUTTON"]
    assert "website" not in reached
    box = page.get_by_role("button", name="Send").bounding_box()
    assert box["height"] >= 24 and box["width"] >= 24
    page.get_by_label("Your name").fill("José Núñez")
    page.get_by_label("Your email address").fill("jose@")
    page.get_by_role("button", name="Send").click()
    summary = page.locator(".c-error-summary")
    assert summary.is_visible()
    # `autofocus` moves focus to the summary, with no script (it happens on a frame).
    page.wait_for_function("document.activeElement.classList.contains('c-error-summary')")
    assert page.get_by_label("Your name").input_value() == "José Núñez"
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.get_by_role("link", name="Enter a valid email address, like name@example.com.").click()
    assert page.evaluate("document.activeElement.id") == "email"
    page.get_by_label("Your email address").fill("jose@example.com")
    page.get_by_label("Tell us about your project").fill("A booking app for our workshops.")
    page.get_by_role("button", name="Send").click()
    # The confirmation, not the form under a notice: its own title (once the page after the
    # 303 has come: the click returns as the navigation starts), the next steps, a way back
    # and the way to send another.
    page.wait_for_load_state()
    assert page.url == base + "/en/contact"
    assert page.title() == "Message sent | Motorlab"
    assert page.locator("h1").all_inner_texts() == ["Message sent"]
    sent = page.locator(".c-contact-sent")
    assert sent.get_by_text("Thank you: we have received your message").is_visible()
    assert sent.get_by_role("heading", name="What happens next").is_visible()
    assert page.locator("form").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert sent.get_by_role("link", name="Back to the home page").get_attribute("href") == "/en"
    assert wait_for(lambda: len(smtp.messages) == 1)
    sent.get_by_role("link", name="Send another message").click()
    assert page.locator("h1").inner_text() == "Ready to start?"
    assert page.get_by_label("Your name").input_value() == ""


# For each error summary item: its bullet's baseline (a probe of no size before the link), the
# top and bottom of the link's first line, and its count of lines.
SUMMARY_BULLETS = """() => [...document.querySelectorAll(".c-error-summary__list > li")]
.map(item => {
  const probe = document.createElement("span");
  probe.style.cssText = "display: inline-block; width: 0; height: 0";
  item.prepend(probe);
  const baseline = probe.getBoundingClientRect().top;
  probe.remove();
  const range = document.createRange();
  range.selectNodeContents(item.querySelector("a"));
  const lines = [...range.getClientRects()].filter(r => r.width > 0);
  return {baseline, first: [lines[0].top, lines[0].bottom],
          lines: new Set(lines.map(r => Math.round(r.top))).size};
})"""


@pytest.mark.parametrize("path", ["/contact", "/en/contact"])
def test_each_error_summary_bullet_sits_on_its_items_first_line(open_page, contact_server, path):
    """At 375 px, a message that wraps keeps its bullet on its first line (issue 44)."""
    page = open_page(path, base=contact_server[0], width=375, height=720, javascript=False)
    page.locator("button[type=submit]").click()
    page.wait_for_selector(".c-error-summary")
    items = page.evaluate(SUMMARY_BULLETS)
    assert len(items) == 3 and max(item["lines"] for item in items) > 1, items
    for item in items:
        top, bottom = item["first"]
        assert top <= item["baseline"] <= bottom, items


@pytest.mark.parametrize("javascript", [False, True], ids=["nojs", "js"])
def test_axe_finds_no_violation(browser, contact_server, artifacts, axe, javascript):
    """Empty, invalid, then sent: without JavaScript the server's pages; with it, the widget's
    states and its toast."""
    base, _ = contact_server
    with opened(browser, javascript=True, width=1280) as page:
        if not javascript:  # scripts stripped rather than switched off: axe needs timers
            page.route(base + "/contact", serve_without_scripts)
        page.goto(base + "/contact")
        if javascript:
            page.wait_for_selector("form[data-mounted=true]")
        for state in ("empty", "invalid", "thanks"):
            if state == "thanks":
                page.get_by_label("Tu nombre").fill("Ana López")
                page.get_by_label("Tu correo electrónico").fill("ana@example.com")
                page.get_by_label("Cuéntanos tu proyecto").fill(
                    "Una web para nuestros concesionarios."
                )
            if state != "empty":
                page.get_by_role("button", name="Enviar").click()
                if javascript:
                    form_state = "success" if state == "thanks" else state
                    page.wait_for_selector(f"form[data-state={form_state}]", state="attached")
                page.wait_for_selector(
                    ".c-contact-sent" if state == "thanks" else ".c-error-summary"
                )
            name = f"contact-state-{state}{'-js' if javascript else ''}.png"
            page.screenshot(path=str(artifacts / name), full_page=True)
            assert_axe_clean(axe, page)
