"""The contact form in Chromium: without JavaScript, by keyboard, on a 320 px phone, and
checked by axe (WCAG 2.x A/AA rules) in its empty, invalid and thank-you states; with
JavaScript the enhanced form (widgets/contact_form) posts JSON: a busy button while sending
(at least 200 ms), then the same confirmation a post without JavaScript leads to, with no
toast repeating it; field errors from a 422 beside their fields as the no-JS form shows them,
and a toast at the top with a live region for what went wrong."""

import threading

import pytest

from motorlab import create_app
from motorlab.contact.delivery import run_worker
from motorlab.contact.outbox import open_outbox
from tests.support.browser import axe_report, serve_without_scripts, serving
from tests.support.contact_support import contact_config, wait_for
from tests.support.smtp import SmtpServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def contact_server(tmp_path_factory):
    smtp = SmtpServer().start()
    app = create_app(contact_config(smtp, tmp_path_factory.mktemp("browser-contact")))
    stop = threading.Event()  # the sender, as `flask outbox worker` runs it beside the site

    def sender():
        with app.app_context():
            run_worker(open_outbox(app.config), stop)

    sending = threading.Thread(target=sender, daemon=True)
    sending.start()
    try:
        with serving(app) as base:
            yield base, smtp
    finally:
        stop.set()
        sending.join(timeout=10)
        smtp.stop()


def new_page(browser, javascript=False, width=320):
    context = browser.new_context(
        viewport={"width": width, "height": 720}, java_script_enabled=javascript, bypass_csp=True
    )
    return context, context.new_page()


def test_without_javascript_errors_then_thanks(browser, contact_server):
    base, smtp = contact_server
    context, page = new_page(browser)
    try:
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
        assert page.url == base + "/en/contact"
        # The confirmation, not the form under a notice: its own title, the next steps, a
        # way back and the way to send another.
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
    finally:
        context.close()


def test_keyboard_order_skips_the_honeypot(browser, contact_server):
    base, _ = contact_server
    context, page = new_page(browser, width=1280)
    try:
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
    finally:
        context.close()


@pytest.mark.parametrize("state", ["empty", "invalid", "thanks"])
@pytest.mark.parametrize("javascript", [False, True], ids=["nojs", "js"])
def test_axe_finds_no_violation(browser, contact_server, artifacts, axe, state, javascript):
    """Without JavaScript the server's pages; with it, the widget's states and its toast."""
    base, _ = contact_server
    context, page = new_page(browser, javascript=True, width=1280)
    try:
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
            page.wait_for_selector(f"form[data-state={'success' if state == 'thanks' else state}]")
            page.wait_for_selector(".c-contact-sent" if state == "thanks" else ".c-toast")
        elif state == "thanks":
            assert page.locator(".c-contact-sent").is_visible()
        name = f"contact-state-{state}{'-js' if javascript else ''}.png"
        page.screenshot(path=str(artifacts / name), full_page=True)
        violations = axe(page)
        assert violations == [], axe_report(violations)
    finally:
        context.close()


# --- The enhanced form (JavaScript on) -------------------------------------------------------

RECORD_STATES = """() => {
  window.__formStates = [];
  const form = document.querySelector('form[data-widget=contact_form]');
  const button = form.querySelector('[type=submit]');
  new MutationObserver(() => window.__formStates.push([form.dataset.state, performance.now(),
      button.textContent, button.getAttribute('aria-disabled'), form.getAttribute('aria-busy')]))
    .observe(form, {attributes: true, attributeFilter: ['data-state']});
}"""


@pytest.fixture
def enhanced(browser, contact_server):
    """The Spanish contact page with the widget mounted; console errors in page.errors."""
    base, _ = contact_server
    context, page = new_page(browser, javascript=True, width=1280)
    page.errors = []
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(base + "/contact")
    page.wait_for_selector("form[data-mounted=true]")
    page.evaluate(RECORD_STATES)
    yield page
    context.close()


def fill(page, name="Ana Pérez", email="ana@example.com", text="A booking app for workshops."):
    page.fill("#name", name)
    page.fill("#email", email)
    page.fill("#description", text)


def test_sending_then_success_without_a_toast(enhanced, contact_server):
    page, (_, smtp) = enhanced, contact_server
    before = len(smtp.messages)
    fill(page)
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=success]")
    states = page.evaluate("() => window.__formStates")
    assert [state[0] for state in states] == ["sending", "success"]
    assert states[0][2:] == ["Enviando…", "true", "true"]  # text, aria-disabled, aria-busy
    assert states[1][1] - states[0][1] >= 195  # never a flicker
    assert page.input_value("#name") == ""
    assert page.locator("button[type=submit]").text_content() == "Enviar"
    assert page.url.endswith("/contact")  # no page load: the JSON answer
    assert wait_for(lambda: len(smtp.messages) == before + 1)
    assert page.errors == []


# What the submit button shows while the form is busy: its ::before ring, turning or not.
BUSY_BUTTON = """() => {
  const button = document.querySelector('form[data-widget=contact_form] [type=submit]');
  const ring = getComputedStyle(button, '::before');
  return {state: button.form.dataset.state, text: button.textContent,
          disabled: button.getAttribute('aria-disabled'),
          busy: button.form.getAttribute('aria-busy'),
          ring: ring.content !== 'none' ? [parseFloat(ring.width) > 0, ring.animationName] : null,
          focused: document.activeElement === button};
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_slow_send_shows_a_busy_button(enhanced, motion):
    """While a slow answer is on its way the button says so (text, aria-disabled, a ring
    beside the text that turns, standing still under reduced motion), keeps keyboard focus
    (aria-disabled, not disabled, which would drop it to <body>), and a second press sends
    nothing more."""
    page = enhanced
    page.emulate_media(reduced_motion=motion)
    held = []  # the posts, held until the busy state is checked: as slow as the test needs
    page.route(
        "**/contact",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    fill(page)
    idle = page.evaluate(BUSY_BUTTON)
    assert idle["ring"] is None
    page.focus("button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_selector("form[data-state=sending]")
    busy = page.evaluate(BUSY_BUTTON)
    spin = "none" if motion == "reduce" else "c-contact-form-spin"
    assert busy == {
        "state": "sending",
        "text": "Enviando…",
        "disabled": "true",
        "busy": "true",
        "ring": [True, spin],
        "focused": True,
    }
    page.keyboard.press("Enter")  # pressed again while busy: ignored
    page.wait_for_timeout(300)
    assert len(held) == 1
    assert page.evaluate(BUSY_BUTTON)["state"] == "sending"
    held[0].continue_()
    page.wait_for_selector("form[data-state=success]", timeout=10_000)
    assert page.evaluate(BUSY_BUTTON)["ring"] is None


def test_a_sent_form_gives_way_to_the_confirmation(enhanced):
    """The fields give way to the confirmation the page without JavaScript shows (the
    server's, from the form's <template>): it takes focus, so it is the one announcement,
    and no toast repeats it (an earlier error's toast goes). Its "send another" link brings
    the empty form back, focused on the first field, without a page load."""
    page = enhanced
    fill(page, email="ana@")
    page.click("button[type=submit]")
    page.wait_for_selector(".c-toast--error")
    fill(page)
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=success]")
    panel = page.locator(".c-contact-sent")
    assert panel.is_visible()
    assert panel.get_by_role("heading", name="Mensaje enviado").is_visible()
    assert panel.get_by_role("heading", name="Qué pasa después").is_visible()
    assert panel.locator("li").count() == 3
    assert panel.text_content().count("Gracias") == 1
    assert page.evaluate("() => document.activeElement.matches('.c-contact-sent')")
    assert page.locator(".c-toast-region").evaluate("region => region.children.length") == 0
    # The next steps are the confirmation's now: the aside does not repeat them.
    assert page.get_by_role("heading", name="Qué pasa después").count() == 1
    assert not page.locator("#name").is_visible()
    assert not page.locator("button[type=submit]").is_visible()
    home = panel.get_by_role("link", name="Volver a la página de inicio")
    assert home.get_attribute("href") == "/"
    page.evaluate("() => window.__marker = 'kept'")
    panel.get_by_role("link", name="Enviar otro mensaje").click()
    assert page.locator(".c-contact-sent").count() == 0
    assert page.locator("#name").is_visible()
    assert page.evaluate("() => document.activeElement.id") == "name"
    assert page.evaluate("() => window.__marker") == "kept"  # no page load
    assert [e for e in page.errors if "status of 422" not in e] == []


def test_field_errors_from_a_422_sit_beside_their_fields(enhanced):
    page = enhanced
    fill(page, name="Ana", email="not-an-email", text="short")
    with page.expect_response(
        lambda r: r.url.endswith("/contact") and r.request.method == "POST"
    ) as answer:
        page.click("button[type=submit]")
    assert answer.value.status == 422
    page.wait_for_selector("form[data-state=invalid]")
    for field in ("email", "description"):
        error = page.locator(f"#{field}-error")
        assert error.is_visible()
        assert error.locator(".u-visually-hidden").text_content() == "Error:"
        control = page.locator(f"#{field}")
        assert control.get_attribute("aria-invalid") == "true"
        assert f"{field}-error" in control.get_attribute("aria-describedby")
        assert page.locator(f".c-field--error #{field}").count() == 1
    assert page.locator("#name-error").count() == 0
    assert page.evaluate("() => document.activeElement.id") == "email"
    assert page.locator(".c-toast--error").text_content().startswith("Revisa el formulario")
    # Fixed and sent again: the errors go, the thanks come.
    fill(page, name="Ana", text="Now a longer description of the project.")
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=success]")
    assert page.locator(".c-field__error").count() == 0
    assert page.get_attribute("#email", "aria-invalid") is None
    # Chromium logs every 4xx answer; the 422 is the expected one, and nothing else is logged.
    assert [e for e in page.errors if "status of 422" not in e] == []


def test_network_failure_keeps_the_text_and_says_so(enhanced):
    page = enhanced
    page.route("**/contact", lambda route: route.abort())
    fill(page, name="Ana")
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=failure]")
    assert page.input_value("#name") == "Ana"
    assert page.locator(".c-toast--error").text_content().startswith("No se ha podido enviar")
