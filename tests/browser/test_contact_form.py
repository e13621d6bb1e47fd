"""The contact form in Chromium: without JavaScript on a 320 px phone, by keyboard, its error
summary and its layout, and under axe with and without the widget."""

import pytest

from tests.support.browser import axe_report, serve_without_scripts
from tests.support.contact_support import opened, wait_for

pytestmark = pytest.mark.browser


def test_without_javascript_errors_then_thanks(browser, contact_server):
    base, smtp = contact_server
    with opened(browser) as page:
        page.goto(base + "/en/contact")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
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
def test_each_error_summary_bullet_sits_on_its_items_first_line(browser, contact_server, path):
    """At 375 px, a message that wraps keeps its bullet on its first line (issue 44)."""
    base, _ = contact_server
    with opened(browser, width=375) as page:
        page.goto(base + path)
        page.locator("button[type=submit]").click()
        page.wait_for_selector(".c-error-summary")
        items = page.evaluate(SUMMARY_BULLETS)
        assert len(items) == 3 and max(item["lines"] for item in items) > 1, items
        for item in items:
            top, bottom = item["first"]
            assert top <= item["baseline"] <= bottom, items


def test_keyboard_order_skips_the_honeypot(browser, contact_server):
    base, _ = contact_server
    with opened(browser, width=1280) as page:
        page.goto(base + "/contact")
        page.get_by_label("Tu nombre").focus()
        reached = ["name"]
        for _ in range(4):
            page.keyboard.press("Tab")
            reached.append(
                page.evaluate("document.activeElement.id || document.activeElement.tagName")
            )
        assert reached[:4] == ["name", "email", "description", "BUTTON"]
        assert "website" not in reached
        box = page.get_by_role("button", name="Enviar").bounding_box()
        assert box["height"] >= 24 and box["width"] >= 24


@pytest.mark.parametrize("state", ["empty", "invalid", "thanks"])
@pytest.mark.parametrize("javascript", [False, True], ids=["nojs", "js"])
def test_axe_finds_no_violation(browser, contact_server, artifacts, axe, state, javascript):
    """Without JavaScript the server's pages; with it, the widget's states and its toast."""
    base, _ = contact_server
    with opened(browser, javascript=True, width=1280) as page:
        if not javascript:  # scripts stripped rather than switched off: axe needs timers
            page.route(base + "/contact", serve_without_scripts)
        page.goto(base + "/contact")
        if javascript:
            page.wait_for_selector("form[data-mounted=true]")
        if state == "invalid":
            page.get_by_role("button", name="Enviar").click()
        elif state == "thanks":
            page.get_by_label("Tu nombre").fill("Ana López")
            page.get_by_label("Tu correo electrónico").fill("ana@example.com")
            page.get_by_label("Cuéntanos tu proyecto").fill("Una web para nuestros concesionarios.")
            page.get_by_role("button", name="Enviar").click()
        if javascript and state != "empty":
            page.wait_for_selector(
                f"form[data-state={'success' if state == 'thanks' else state}]", state="attached"
            )
            page.wait_for_selector(".c-contact-sent" if state == "thanks" else ".c-error-summary")
        elif state == "thanks":
            assert page.locator(".c-contact-sent").is_visible()
        name = f"contact-state-{state}{'-js' if javascript else ''}.png"
        page.screenshot(path=str(artifacts / name), full_page=True)
        violations = axe(page)
        assert violations == [], axe_report(violations)


# The submit button's bottom, and whether the task and the aside's parts are framed (border,
# shadow or background).
CONTACT_LAYOUT = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const framed = (s) => { const c = getComputedStyle(document.querySelector(s));
    return parseFloat(c.borderLeftWidth) > 0 || c.boxShadow !== 'none'
           || c.backgroundColor !== 'rgba(0, 0, 0, 0)'; };
  return {submit: box('button[type=submit]').bottom, task: framed('.c-contact__task'),
          aside: framed('.c-contact__aside') || framed('.c-contact__part')};
}"""


@pytest.mark.parametrize("path", ["/contact", "/en/contact"])
def test_the_form_is_the_framed_task_with_its_button_in_the_first_screen(
    browser, contact_server, path
):
    """At 1440x900 the submit is above the fold, and the form (not the aside) is framed."""
    base, _ = contact_server
    with opened(browser, javascript=True, width=1440, height=900) as page:
        page.goto(base + path)
        layout = page.evaluate(CONTACT_LAYOUT)
        assert layout["submit"] <= 900
        assert layout["task"] is True and layout["aside"] is False
