// The analytics consent banner without a page load. The server renders a plain form
// (POST /consent, 303 back to the page) that works on its own; this widget sends the same
// form with fetch, asking for JSON, then removes the banner and says what was stored in a
// toast. Analytics does not start on this page: its origin is only in the CSP of pages
// served after "accept" (motorlab.security). The next page the visitor opens carries the
// analytics tags, so the navigation module sees other scripts there and loads it in full,
// with that page's policy. If the post fails, the form is sent the plain way.
import { MIN_DELAY_MS, request } from "../http/index.js";
import { showToast, toastRegion } from "../toast/index.js";

export function mount(banner, props) {
  const form = banner.querySelector("form");
  if (!form) return undefined;
  toastRegion(); // the live region exists before its message

  const onSubmit = async (event) => {
    const button = event.submitter;
    if (!button || !button.value) return; // let the browser send it as it is
    event.preventDefault();
    const body = new FormData(form);
    body.set(button.name, button.value);
    form.querySelectorAll("button").forEach((b) => b.setAttribute("aria-disabled", "true"));
    const result = await request(form.action, { method: "POST", body, minDelay: MIN_DELAY_MS });
    if (!result.ok || !result.data || result.data.choice !== button.value) {
      // Keep the choice: send the form the plain way (the server answers 303 to this page).
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = button.name;
      field.value = button.value;
      form.append(field);
      form.removeEventListener("submit", onSubmit);
      form.submit();
      return;
    }
    const hadFocus = banner.contains(document.activeElement);
    banner.remove();
    if (hadFocus) document.getElementById("main")?.focus({ preventScroll: true });
    showToast(props[button.value], { closeLabel: props.close });
  };

  form.addEventListener("submit", onSubmit);
  return () => form.removeEventListener("submit", onSubmit);
}
