// The page-loading bar's React view, imported by its controller (./controller.js) when it
// is first needed: renders the controller's store in the bar's host.
import { createRoot } from "react-dom/client";
import { LoadingBar } from "./LoadingBar.jsx";

export function renderLoadingBar(store, host) {
  createRoot(host).render(<LoadingBar store={store} />);
}
