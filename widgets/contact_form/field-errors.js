// Field errors in the markup of templates/components/form_field: the field gets
// c-field--error, a <p class="c-field__error" id="{id}-error"> before its control, and the
// control aria-invalid plus the error's id in aria-describedby.

function describedBy(control, add, remove) {
  const ids = (control.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
  const next = ids.filter((id) => id !== remove);
  if (add) next.push(add);
  if (next.length) control.setAttribute("aria-describedby", next.join(" "));
  else control.removeAttribute("aria-describedby");
}

export function clearFieldErrors(form) {
  for (const error of form.querySelectorAll(".c-field__error")) {
    const field = error.closest(".c-field");
    const control = field && field.querySelector("[aria-invalid]");
    if (control) {
      control.removeAttribute("aria-invalid");
      describedBy(control, null, error.id);
    }
    if (field) field.classList.remove("c-field--error");
    error.remove();
  }
}

// errors: {"name": ["message", …], …}.
export function showFieldErrors(form, errors, prefix) {
  for (const control of form.querySelectorAll("input[name], textarea[name], select[name]")) {
    const messages = errors[control.name];
    const field = control.closest(".c-field");
    if (!messages || !messages.length || !field) continue;
    const error = document.createElement("p");
    error.className = "c-field__error";
    error.id = `${control.id}-error`;
    const hidden = document.createElement("span");
    hidden.className = "u-visually-hidden";
    hidden.textContent = prefix;
    error.append(hidden, ` ${messages[0]}`);
    control.before(error);
    field.classList.add("c-field--error");
    control.setAttribute("aria-invalid", "true");
    describedBy(control, error.id, error.id);
  }
}
