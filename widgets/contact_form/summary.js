// The error summary at the top of the form, in the markup of
// templates/components/error_summary (the server renders an empty one in the form's
// <template class="c-contact-form__summary">): its title, then a link to each wrong field
// with the field's first message, in the fields' order. It takes focus, as the page
// without JavaScript gives it (autofocus), so it is read first.

export function removeSummary(form) {
  for (const summary of form.querySelectorAll(":scope > .c-error-summary")) summary.remove();
}

// errors: {"name": ["message", …], …}.
export function showSummary(form, template, errors) {
  if (!template) return;
  const summary = template.content.firstElementChild.cloneNode(true);
  summary.removeAttribute("autofocus"); // focused below: once, now
  const list = document.createElement("ul");
  list.className = "c-error-summary__list";
  for (const control of form.querySelectorAll("input[name], textarea[name], select[name]")) {
    const messages = errors[control.name];
    if (!messages || !messages.length || !control.id) continue;
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#${control.id}`;
    link.textContent = messages[0];
    item.append(link);
    list.append(item);
  }
  summary.append(list);
  form.prepend(summary);
  summary.focus();
}
