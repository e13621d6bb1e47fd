// The enhanced contact form: the same fields, posted to the form's own action through the
// HTTP client in JSON mode (docs/contact.md, "Contract for scripts"). States on the form's
// data-state: "sending" (at least 200 ms; a busy button: aria-busy and aria-disabled, its
// busy text and ring by the button component's CSS, at the idle button's size),
// "success", "invalid" (422), "failure".
// What went wrong is said where the page without JavaScript says it: the error summary at
// the top of the form (from the form's summary <template>, the server's markup), focused,
// linking to each wrong field, and a message at each field. Only a failure to send (no
// answer, 400/413/429/503) is a toast. A success puts the confirmation the server renders
// in the form's sent <template> in the form's place; where the form is labelled by the
// page's heading (aria-labelledby), that heading and the document's title become "Message
// sent" and the heading takes focus, as after a post without JavaScript. Its link back to
// the form brings the empty fields (and the page's heading) back. Plain DOM, no React.

import { MIN_DELAY_MS, request } from "../http/index.js";
import { showToast, toastRegion } from "../toast/index.js";
import { clearFieldErrors, showFieldErrors } from "./field-errors.js";
import { removeSummary, showSummary } from "./summary.js";

export function mount(form, props) {
  const submit = form.querySelector('[type="submit"]');
  const sentTemplate = form.querySelector("template.c-contact-form__sent");
  const summaryTemplate = form.querySelector("template.c-contact-form__summary");
  const labelledBy = form.getAttribute("aria-labelledby");
  const heading = labelledBy ? document.getElementById(labelledBy) : null;
  toastRegion();

  // The button keeps focus while busy: aria-disabled, not disabled (a disabled button
  // drops keyboard focus to <body>); a second submit is ignored below.
  const setState = (state) => {
    form.dataset.state = state;
    const sending = state === "sending";
    form.setAttribute("aria-busy", String(sending));
    if (!submit) return;
    for (const name of ["aria-busy", "aria-disabled"]) {
      if (sending) submit.setAttribute(name, "true");
      else submit.removeAttribute(name);
    }
  };

  let removeToast = () => {};
  const toast = (message) => {
    removeToast = showToast(message, { tone: "error", closeLabel: props.close });
  };

  // The confirmation in the form's place; the page's heading and title say it was sent.
  let panel = null;
  let idle = null; // the heading's text and the title before, for "send another"
  const backToForm = (event) => {
    event.preventDefault(); // the page itself: no navigation, the fields come back
    panel.remove();
    panel = null;
    form.hidden = false;
    delete form.dataset.state;
    if (idle) {
      heading.textContent = idle.heading;
      document.title = idle.title;
      idle = null;
    }
    const first = form.querySelector("input:not([type=hidden]), textarea");
    if (first) first.focus();
  };
  const showSent = () => {
    panel = sentTemplate.content.firstElementChild.cloneNode(true);
    const again = panel.querySelector(`a[href="${form.getAttribute("action")}"]`);
    if (again) again.addEventListener("click", backToForm);
    form.before(panel);
    form.hidden = true;
    let target = panel.querySelector("h2");
    if (heading && props.sentHeading) {
      idle = { heading: heading.textContent, title: document.title };
      heading.textContent = props.sentHeading;
      document.title = props.sentTitle;
      target = heading;
    }
    if (!target) return;
    target.setAttribute("tabindex", "-1");
    target.focus();
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    if (form.dataset.state === "sending") return;
    setState("sending");
    const csrf = form.querySelector('input[name="csrf_token"]');
    const result = await request(form.action, {
      method: "POST",
      body: new FormData(form),
      csrfToken: csrf ? csrf.value : undefined,
      minDelay: MIN_DELAY_MS,
    });
    clearFieldErrors(form);
    removeSummary(form);
    removeToast(); // an earlier failure's toast is no longer true
    if (result.ok) {
      setState("success");
      form.reset();
      showSent();
    } else if (result.status === 422 && result.data && result.data.errors) {
      setState("invalid");
      showFieldErrors(form, result.data.errors, props.errorPrefix);
      showSummary(form, summaryTemplate, result.data.errors);
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
