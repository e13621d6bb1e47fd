// The enhanced contact form: the same fields, posted to the form's own action through the
// HTTP client in JSON mode (docs/contact.md, "Contract for scripts"). States on the form's
// data-state: "sending" (at least 200 ms), "success", "invalid" (422), "failure".
// Field errors go beside their fields exactly as the server's form_field macro puts them;
// every result is also announced by a toast. A success replaces the fields with a panel that
// stays (it takes focus; its button brings the empty form back for another message). Plain
// DOM, no React: the page does not need it.

import { MIN_DELAY_MS, request } from "../http/index.js";
import { showToast, toastRegion } from "../toast/index.js";
import { clearFieldErrors, showFieldErrors } from "./field-errors.js";

export function mount(form, props) {
  const submit = form.querySelector('[type="submit"]');
  const idleLabel = submit ? submit.textContent : "";
  toastRegion();

  const setState = (state) => {
    form.dataset.state = state;
    const sending = state === "sending";
    form.setAttribute("aria-busy", String(sending));
    if (!submit) return;
    submit.textContent = sending ? props.sending : idleLabel;
    if (sending) submit.setAttribute("aria-disabled", "true");
    else submit.removeAttribute("aria-disabled");
  };

  // The panel that stands for the form once it is sent (the fields are hidden by CSS while
  // data-state is "success"; the toast region stays).
  let panel = null;
  const showSent = () => {
    panel = document.createElement("div");
    panel.className = "c-contact-form__sent c-notice c-notice--success";
    panel.tabIndex = -1;
    const title = document.createElement("h2");
    title.className = "c-contact-form__sent-title";
    title.textContent = props.sentTitle;
    const text = document.createElement("p");
    text.textContent = props.success;
    const again = document.createElement("button");
    again.type = "button";
    again.className = "c-button c-button--secondary";
    again.textContent = props.sendAnother;
    again.addEventListener("click", () => {
      panel.remove();
      panel = null;
      delete form.dataset.state;
      const first = form.querySelector("input:not([type=hidden]), textarea");
      if (first) first.focus();
    });
    panel.append(title, text, again);
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
    const toast = (message, tone) => showToast(message, { tone, closeLabel: props.close });
    if (result.ok) {
      setState("success");
      form.reset();
      showSent();
      toast(props.success, "success");
    } else if (result.status === 422 && result.data && result.data.errors) {
      setState("invalid");
      showFieldErrors(form, result.data.errors, props.errorPrefix);
      toast(props.invalid, "error");
    } else {
      setState("failure");
      toast((result.data && result.data.error) || props.failure, "error");
    }
  };

  form.addEventListener("submit", onSubmit);
  return () => {
    form.removeEventListener("submit", onSubmit);
    if (panel) panel.remove();
  };
}
