"""The enhanced contact form on the fixture page, posting to the real /contact in JSON:
sending (at least 200 ms) then success, field errors from a 422 beside their fields as the
no-JS form shows them, and a toast at the top with a live region."""

import pytest

pytestmark = pytest.mark.browser

CONTACT = "/_widgets/contact"
RECORD_STATES = """() => {
  window.__formStates = [];
  const form = document.querySelector('form[data-widget=contact_form]');
  new MutationObserver(() => window.__formStates.push([form.dataset.state, performance.now()]))
    .observe(form, {attributes: true, attributeFilter: ['data-state']});
}"""


def ready(page):
    page.wait_for_selector("form[data-mounted=true]")
    page.evaluate(RECORD_STATES)


def test_sending_then_success_with_a_toast(open_widget_page):
    page = open_widget_page(CONTACT)
    ready(page)
    page.fill("#name", "Ana Pérez")
    page.fill("#email", "ana@example.com")
    page.fill("#description", "We need a booking app for three workshops.")
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=success]")
    states = page.evaluate("() => window.__formStates")
    assert [state for state, _ in states] == ["sending", "success"]
    assert states[1][1] - states[0][1] >= 195  # never a flicker
    toast = page.locator(".c-toast-region .c-toast--success")
    assert toast.text_content().startswith("Gracias")
    assert page.locator(".c-toast-region").get_attribute("aria-live") == "polite"
    assert toast.bounding_box()["y"] < 40  # at the top of the viewport
    assert page.input_value("#name") == ""
    assert page.locator("button[type=submit]").text_content() == "Send"
    assert page.console_errors == []


def test_sending_state_is_shown(open_widget_page):
    page = open_widget_page(CONTACT)
    ready(page)
    page.fill("#name", "Ana")
    page.fill("#email", "ana@example.com")
    page.fill("#description", "A short but valid description.")
    page.click("button[type=submit]")
    button = page.locator("button[type=submit]")
    assert button.text_content() == "Enviando…"
    assert button.get_attribute("aria-disabled") == "true"
    assert page.locator("form").get_attribute("aria-busy") == "true"
    page.wait_for_selector("form[data-state=success]")


def test_field_errors_from_a_422_sit_beside_their_fields(open_widget_page):
    page = open_widget_page(CONTACT)
    ready(page)
    page.fill("#name", "Ana")
    page.fill("#email", "not-an-email")
    page.fill("#description", "short")
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
    page.fill("#email", "ana@example.com")
    page.fill("#description", "Now a longer description of the project.")
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=success]")
    assert page.locator(".c-field__error").count() == 0
    assert page.get_attribute("#email", "aria-invalid") is None


def test_network_failure_keeps_the_text_and_says_so(open_widget_page):
    page = open_widget_page(CONTACT)
    ready(page)
    page.route("**/contact", lambda route: route.abort())
    page.fill("#name", "Ana")
    page.fill("#email", "ana@example.com")
    page.fill("#description", "A short but valid description.")
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=failure]")
    assert page.input_value("#name") == "Ana"
    assert page.locator(".c-toast--error").text_content().startswith("No se ha podido enviar")
