"""The enhanced contact form (JavaScript on) in Chromium: its busy, confirmation, error and
failure states, each as the page without JavaScript shows it, and a toast only for a failure."""

import pytest

from tests.support.contact_support import wait_for

pytestmark = pytest.mark.browser

# What a button shows: the text of its parts that are seen, or their generated content (the
# busy text, components/button).
SEEN_TEXT = """button => [...button.children]
  .filter(part => getComputedStyle(part).visibility === 'visible')
  .map(part => part.textContent || getComputedStyle(part, '::after').content.slice(1, -1))
  .join('')"""
RECORD_STATES = f"""() => {{
  window.__formStates = [];
  const form = document.querySelector('form[data-widget=contact_form]');
  const button = form.querySelector('[type=submit]');
  new MutationObserver(() => window.__formStates.push([form.dataset.state, performance.now(),
      ({SEEN_TEXT})(button), button.getAttribute('aria-disabled'),
      form.getAttribute('aria-busy')]))
    .observe(form, {{attributes: true, attributeFilter: ['data-state']}});
}}"""


@pytest.fixture
def enhanced(open_page, contact_server):
    """The Spanish contact page with the widget mounted, its states recorded."""
    page = open_page("/contact", base=contact_server[0], height=720)
    page.evaluate(RECORD_STATES)
    return page


def hold_posts(page) -> list:
    """The page's posts, held until the test lets them go (`.continue_()`): as slow as it needs."""
    held = []
    page.route(
        "**/contact",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    return held


def fill(page, name="Ana Pérez", email="ana@example.com", text="A booking app for workshops."):
    page.fill("#name", name)
    page.fill("#email", email)
    page.fill("#description", text)


# What the submit button shows while the form is busy: its text as seen, and the ring before
# its busy text, turning or not, when it is seen; its width.
BUSY_BUTTON = f"""() => {{
  const button = document.querySelector('form[data-widget=contact_form] [type=submit]');
  const busyText = button.querySelector('.c-button__busy');
  const ring = getComputedStyle(busyText, '::before');
  const seen = getComputedStyle(busyText).visibility === 'visible';
  return {{state: button.form.dataset.state, text: ({SEEN_TEXT})(button),
          disabled: button.getAttribute('aria-disabled'),
          busy: button.form.getAttribute('aria-busy'),
          ring: seen ? [parseFloat(ring.width) > 0, ring.animationName] : null,
          focused: document.activeElement === button,
          width: button.getBoundingClientRect().width}};
}}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_slow_send_shows_a_busy_button(enhanced, motion):
    """A slow answer: the button says so (text, aria-disabled, a ring, still under reduced
    motion) at its idle size, keeps focus, and a second press sends nothing more."""
    page = enhanced
    page.emulate_media(reduced_motion=motion)
    held = hold_posts(page)
    fill(page)
    idle = page.evaluate(BUSY_BUTTON)
    assert idle["ring"] is None
    page.focus("button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_selector("form[data-state=sending]")
    # Under reduced motion every property eases for 0.01 ms (base.css), visibility too: read
    # the button once its busy text has shown, a frame later.
    page.wait_for_function(f"() => ({BUSY_BUTTON})().ring !== null")
    busy = page.evaluate(BUSY_BUTTON)
    assert abs(busy.pop("width") - idle["width"]) <= 2, (busy, idle)
    spin = "none" if motion == "reduce" else "c-button-spin"
    assert busy == {
        "state": "sending",
        "text": "Enviando…",
        "disabled": "true",
        "busy": "true",
        "ring": [True, spin],
        "focused": True,
    }
    # Its name, as a screen reader hears it, is the busy text alone.
    assert page.get_by_role("button", name="Enviando…", exact=True).count() == 1
    page.keyboard.press("Enter")  # pressed again while busy: ignored
    page.wait_for_timeout(300)
    assert len(held) == 1
    assert page.evaluate(BUSY_BUTTON)["state"] == "sending"
    held[0].continue_()
    page.wait_for_selector("form[data-state=success]", state="attached", timeout=10_000)
    assert page.evaluate(BUSY_BUTTON)["ring"] is None


# Whatever covers the centre of the page's heading (scrolled to the top), None if nothing.
OVER_THE_HEADING = """() => {
  window.scrollTo(0, 0);
  const h1 = document.querySelector('h1');
  const box = h1.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return h1.contains(top) ? null : top && top.outerHTML.slice(0, 80);
}"""


def test_a_sent_form_gives_way_to_the_confirmation(enhanced, contact_server):
    """Sent by JSON, no page load, busy long enough not to flicker; then as without JavaScript:
    heading and title "Mensaje enviado", the heading focused, the server's confirmation in the
    form's place, no toast; "send another" brings the form back."""
    page, (_, smtp) = enhanced, contact_server
    before = len(smtp.messages)
    fill(page, email="ana@")
    page.click("button[type=submit]")
    page.wait_for_selector(".c-error-summary")
    fill(page)
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=success]", state="attached")
    states = page.evaluate("() => window.__formStates")
    assert [state[0] for state in states][-2:] == ["sending", "success"]
    assert states[-2][2:] == ["Enviando…", "true", "true"]  # text, aria-disabled, aria-busy
    assert states[-1][1] - states[-2][1] >= 195  # never a flicker
    assert page.input_value("#name") == ""
    assert page.get_attribute("button[type=submit]", "aria-busy") is None
    assert page.url.endswith("/contact")  # no page load: the JSON answer
    assert wait_for(lambda: len(smtp.messages) == before + 1)
    assert page.locator("h1").all_inner_texts() == ["Mensaje enviado"]
    assert page.title() == "Mensaje enviado | Motorlab"
    assert page.evaluate("() => document.activeElement === document.querySelector('h1')")
    assert page.evaluate(OVER_THE_HEADING) is None
    panel = page.locator(".c-contact-sent")
    assert panel.is_visible()
    assert panel.get_attribute("aria-labelledby") == page.locator("h1").get_attribute("id")
    assert panel.get_by_role("heading", name="Qué pasa después").is_visible()
    assert panel.locator("li").count() == 3
    assert panel.text_content().count("Gracias") == 1
    assert page.locator(".c-toast-region").evaluate("region => region.children.length") == 0
    assert page.locator(".c-error-summary").count() == 0
    # The next steps are the confirmation's now: the aside does not repeat them, and the
    # intro, which asks for the message, goes.
    assert page.get_by_role("heading", name="Qué pasa después").count() == 1
    assert not page.locator(".c-contact__intro").is_visible()
    assert not page.locator("#name").is_visible()
    assert not page.locator("button[type=submit]").is_visible()
    home = panel.get_by_role("link", name="Volver a la página de inicio")
    assert home.get_attribute("href") == "/"
    page.evaluate("() => window.__marker = 'kept'")
    panel.get_by_role("link", name="Enviar otro mensaje").click()
    assert page.locator(".c-contact-sent").count() == 0
    assert page.locator("h1").all_inner_texts() == ["¿Listo para empezar?"]
    assert page.title() == "¿Listo para empezar? | Motorlab"
    assert page.locator(".c-contact__intro").is_visible()
    assert page.locator("#name").is_visible()
    assert page.evaluate("() => document.activeElement.id") == "name"
    assert page.evaluate("() => window.__marker") == "kept"  # no page load
    assert [e for e in page.console_errors if "status of 422" not in e] == []


def test_errors_from_a_422_as_the_page_without_javascript_says_them(enhanced):
    """The server's error summary above the fields, focused, a message at each field; no toast."""
    page = enhanced
    fill(page, name="Ana", email="not-an-email", text="short")
    with page.expect_response(
        lambda r: r.url.endswith("/contact") and r.request.method == "POST"
    ) as answer:
        page.click("button[type=submit]")
    assert answer.value.status == 422
    page.wait_for_selector("form[data-state=invalid]")
    summary = page.locator("form > .c-error-summary")
    assert summary.get_attribute("role") == "alert"
    assert summary.get_by_role("heading").inner_text() == "Revisa el formulario"
    links = summary.locator("a")
    assert [(a.get_attribute("href"), a.inner_text()) for a in links.all()] == [
        ("#email", "Escribe un correo electrónico válido, como nombre@ejemplo.com."),
        ("#description", "La descripción debe tener entre 10 y 5000 caracteres."),
    ]
    assert page.evaluate("() => document.activeElement.matches('.c-error-summary')")
    # Above the fields: before the first one.
    assert summary.bounding_box()["y"] < page.locator("label[for=name]").bounding_box()["y"]
    for field in ("email", "description"):
        error = page.locator(f"#{field}-error")
        assert error.is_visible()
        assert error.locator(".u-visually-hidden").text_content() == "Error:"
        control = page.locator(f"#{field}")
        assert control.get_attribute("aria-invalid") == "true"
        assert f"{field}-error" in control.get_attribute("aria-describedby")
        assert page.locator(f".c-field--error #{field}").count() == 1
    assert page.locator("#name-error").count() == 0
    assert page.locator(".c-toast").count() == 0
    assert page.evaluate(OVER_THE_HEADING) is None
    links.first.click()
    assert page.evaluate("() => document.activeElement.id") == "email"
    # Fixed and sent again: the errors and their summary go, the confirmation comes.
    fill(page, name="Ana", text="Now a longer description of the project.")
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=success]", state="attached")
    assert page.locator(".c-field__error").count() == 0
    assert page.locator(".c-error-summary").count() == 0
    assert page.get_attribute("#email", "aria-invalid") is None
    # Chromium logs every 4xx answer; the 422 is the expected one, and nothing else is logged.
    assert [e for e in page.console_errors if "status of 422" not in e] == []


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


@pytest.mark.parametrize(
    ("path", "check", "sent"),
    [
        ("/contact", "Revisa el formulario", "Mensaje enviado"),
        ("/en/contact", "Please check the form", "Message sent"),
    ],
    ids=["es", "en"],
)
@pytest.mark.parametrize("width", [375, 1440])
def test_the_enhanced_states_in_both_languages(open_page, contact_server, path, check, sent, width):
    """Where the issue saw its faults: no toast over the heading, a button that keeps its
    size, and once sent the new heading, focused, with no ring round it. At 1440x900 the
    submit is above the fold, and the form (not the aside) is framed."""
    height = 900 if width == 1440 else 720
    page = open_page(path, base=contact_server[0], width=width, height=height)
    if width == 1440:
        layout = page.evaluate(CONTACT_LAYOUT)
        assert layout["submit"] <= 900
        assert layout["task"] is True and layout["aside"] is False
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=invalid]")
    assert page.locator(".c-error-summary h2").inner_text() == check
    assert page.locator(".c-field__error").count() == 3
    assert page.evaluate(OVER_THE_HEADING) is None
    fill(page)
    held = hold_posts(page)
    idle = page.evaluate(BUSY_BUTTON)["width"]
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=sending]")
    assert abs(page.evaluate(BUSY_BUTTON)["width"] - idle) <= 2
    assert page.evaluate(OVER_THE_HEADING) is None
    held[0].continue_()
    page.wait_for_selector("form[data-state=success]", state="attached")
    assert page.locator("h1").all_inner_texts() == [sent]
    assert page.title() == f"{sent} | Motorlab"
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    # No ring round the heading or a block: the focused heading draws no outline.
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "none"
    assert page.evaluate(OVER_THE_HEADING) is None


def test_network_failure_keeps_the_text_and_says_so(enhanced):
    page = enhanced
    page.route("**/contact", lambda route: route.abort())
    fill(page, name="Ana")
    page.click("button[type=submit]")
    page.wait_for_selector("form[data-state=failure]")
    assert page.input_value("#name") == "Ana"
    assert page.locator(".c-toast--error").text_content().startswith("No se ha podido enviar")
