// The page-loading bar's React view, imported by its controller (./controller.js) when it
// is first needed: renders the controller's store in the host the server rendered
// (templates/components/loading_bar), else in a new one.
import { createRoot } from "react-dom/client";
import { LoadingBar } from "./LoadingBar.jsx";

export function renderLoadingBar(store) {
  let host = document.querySelector(".c-loading-bar__host");
  if (!host) {
    host = document.createElement("div");
    host.className = "c-loading-bar__host";
    host.setAttribute("aria-hidden", "true");
    document.body.prepend(host);
  }
  createRoot(host).render(<LoadingBar store={store} />);
}
