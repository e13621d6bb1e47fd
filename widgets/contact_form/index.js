// The enhanced contact form: the same fields, posted to the form's own action through the
// HTTP client in JSON mode (docs/contact.md, "Contract for scripts"). States on the form's
// data-state: "sending" (at least 200 ms; a busy button: aria-disabled, aria-busy on the
// form, its text and a spinner by CSS), "success", "invalid" (422), "failure".
// Field errors go beside their fields exactly as the server's form_field macro puts them;
// an error or a failure is also said in a toast. A success replaces the fields with the
// confirmation the server renders in the form's <template> (the same one a post without
// JavaScript leads to): it takes focus, so it is the one announcement of the send, and no
// toast repeats it. Its link back to the form brings the empty fields back. Plain DOM, no
// React: the page does not need it.

import { MIN_DELAY_MS, request } from "../http/index.js";
import { showToast, toastRegion } from "../toast/index.js";
import { clearFieldErrors, showFieldErrors } from "./field-errors.js";

export function mount(form, props) {
  const submit = form.querySelector('[type="submit"]');
  const idleLabel = submit ? submit.textContent : "";
  const template = form.querySelector("template.c-contact-form__sent");
  toastRegion();

  // The button keeps focus while busy: aria-disabled, not disabled (a disabled button
  // drops keyboard focus to <body>); a second submit is ignored below.
  const setState = (state) => {
    form.dataset.state = state;
    const sending = state === "sending";
    form.setAttribute("aria-busy", String(sending));
    if (!submit) return;
    submit.textContent = sending ? props.sending : idleLabel;
    if (sending) submit.setAttribute("aria-disabled", "true");
    else submit.removeAttribute("aria-disabled");
  };

  let removeToast = () => {};
  const toast = (message) => {
    removeToast = showToast(message, { tone: "error", closeLabel: props.close });
  };

  // The confirmation in the fields' place (CSS hides them while data-state is "success").
  let panel = null;
  const backToForm = (event) => {
    event.preventDefault(); // the page itself: no navigation, the fields come back
    panel.remove();
    panel = null;
    delete form.dataset.state;
    const first = form.querySelector("input:not([type=hidden]), textarea");
    if (first) first.focus();
  };
  const showSent = () => {
    panel = template.content.firstElementChild.cloneNode(true);
    const again = panel.querySelector(`a[href="${form.getAttribute("action")}"]`);
    if (again) again.addEventListener("click", backToForm);
    form.prepend(panel);
    panel.focus();
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    if (form.dataset.state === "sending") return;
    setState("sending");
    clearFieldErrors(form);
    const csrf = form.querySelector('input[name="csrf_token"]');
    const result = await request(form.action, {
      method: "POST",
      body: new FormData(form),
      csrfToken: csrf ? csrf.value : undefined,
      minDelay: MIN_DELAY_MS,
    });
    if (result.ok) {
      setState("success");
      form.reset();
      removeToast(); // an earlier error's toast is no longer true
      showSent();
    } else if (result.status === 422 && result.data && result.data.errors) {
      setState("invalid");
      showFieldErrors(form, result.data.errors, props.errorPrefix);
      toast(props.invalid);
    } else {
      setState("failure");
      toast((result.data && result.data.error) || props.failure);
    }
  };

  form.addEventListener("submit", onSubmit);
  return () => {
    form.removeEventListener("submit", onSubmit);
    if (panel) panel.remove();
  };
}
