// Toasts at the top of the viewport (where the eye is after a click), announced by a live
// region that exists before any message is put in it (screen readers ignore regions that
// appear together with their text). No strings of its own: callers pass the server's text.

const VISIBLE_MS = 10_000; // then it goes, unless the pointer or focus is on it
let region = null;

// The live region: the one the server rendered (templates/components/toast), or one created
// once per page; call it when a widget that may toast mounts.
export function toastRegion() {
  if (region && region.isConnected) return region;
  region = document.querySelector(".c-toast-region");
  if (region) return region;
  region = document.createElement("div");
  region.className = "c-toast-region";
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "false");
  document.body.append(region);
  return region;
}

// Shows `message`; `tone` is "success" or "error". `closeLabel` names the close button;
// `action` ({ label, onClick }) adds a button before it (e.g. "Try again").
// Returns a function that removes the toast.
export function showToast(message, { tone = "success", closeLabel = "×", action = null } = {}) {
  const host = toastRegion();
  host.replaceChildren();
  const toast = document.createElement("div");
  toast.className = `c-toast c-toast--${tone}`;
  const text = document.createElement("p");
  text.className = "c-toast__text";
  text.textContent = message;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "c-toast__close";
  close.setAttribute("aria-label", closeLabel);
  close.textContent = "×";
  let timer = null;
  const remove = () => {
    clearTimeout(timer);
    toast.remove();
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(remove, VISIBLE_MS);
  };
  const hold = () => clearTimeout(timer);
  close.addEventListener("click", remove);
  toast.addEventListener("pointerenter", hold);
  toast.addEventListener("pointerleave", later);
  toast.addEventListener("focusin", hold);
  toast.addEventListener("focusout", later);
  toast.append(text);
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "c-button c-button--secondary c-toast__action";
    button.textContent = action.label;
    button.addEventListener("click", action.onClick);
    toast.append(button);
  }
  toast.append(close);
  host.append(toast);
  later();
  return remove;
}
