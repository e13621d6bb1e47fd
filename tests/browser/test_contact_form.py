"""The contact form in Chromium: without JavaScript, by keyboard, on a 320 px phone, and
checked by axe (WCAG 2.x A/AA rules) in its empty, invalid and thank-you states."""

import threading

import pytest
from werkzeug.serving import make_server

from motorlab import create_app
from motorlab.contact.delivery import run_worker
from motorlab.contact.outbox import open_outbox
from tests.conftest import axe_report
from tests.contact_support import contact_config, wait_for
from tests.smtp import SmtpServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def contact_server(tmp_path_factory):
    smtp = SmtpServer().start()
    app = create_app(contact_config(smtp, tmp_path_factory.mktemp("browser-contact")))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stop = threading.Event()  # the sender, as `flask outbox worker` runs it beside the site

    def sender():
        with app.app_context():
            run_worker(open_outbox(app.config), stop)

    sending = threading.Thread(target=sender, daemon=True)
    sending.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", smtp
    finally:
        stop.set()
        sending.join(timeout=10)
        server.shutdown()
        server.server_close()
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
        assert "Thank you" in page.get_by_role("status").inner_text()
        assert wait_for(lambda: len(smtp.messages) == 1)
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
def test_axe_finds_no_violation(browser, contact_server, artifacts, axe, state):
    base, _ = contact_server
    context, page = new_page(browser, javascript=True, width=1280)
    try:
        page.goto(base + "/contact")
        if state == "invalid":
            page.get_by_role("button", name="Enviar").click()
        elif state == "thanks":
            page.get_by_label("Tu nombre").fill("Ana López")
            page.get_by_label("Tu correo electrónico").fill("ana@example.com")
            page.get_by_label("Cuéntanos tu proyecto").fill("Una web para nuestros concesionarios.")
            page.get_by_role("button", name="Enviar").click()
            assert page.get_by_role("status").is_visible()
        page.screenshot(path=str(artifacts / f"contact-state-{state}.png"), full_page=True)
        violations = axe(page)
        assert violations == [], axe_report(violations)
    finally:
        context.close()
