// The page-loading bar: so fast loads never flash it, it appears only
// when a load takes longer than the throttle (200 ms), grows steadily to reach the end at
// the duration (5000 ms), jumps to full and fades on success; on failure it shows at once,
// turns red (data-state="failed"), then finishes.
import { createRoot } from "react-dom/client";
import { LoadingBar } from "./LoadingBar.jsx";

export const THROTTLE_MS = 200;
export const DURATION_MS = 5000;
const TICK_MS = 100;
const HIDE_AFTER_MS = 500;

function createStore() {
  let value = { state: "idle", progress: 0 };
  const listeners = new Set();
  return {
    get: () => value,
    set(next) {
      value = { ...value, ...next };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createLoadingBar({ throttle = THROTTLE_MS, duration = DURATION_MS } = {}) {
  const store = createStore();
  // The host the server rendered (templates/components/loading_bar), else a new one.
  let host = document.querySelector(".c-loading-bar__host");
  if (!host) {
    host = document.createElement("div");
    host.className = "c-loading-bar__host";
    host.setAttribute("aria-hidden", "true");
    document.body.prepend(host);
  }
  createRoot(host).render(<LoadingBar store={store} />);

  let startedAt = 0;
  let throttleTimer = null;
  let tickTimer = null;
  let hideTimer = null;
  const clear = () => {
    clearTimeout(throttleTimer);
    clearInterval(tickTimer);
    clearTimeout(hideTimer);
  };
  const tick = () => {
    const progress = Math.min(100, ((Date.now() - startedAt) / duration) * 100);
    store.set({ state: "loading", progress });
  };
  const end = (state) => {
    const shown = store.get().state !== "idle";
    clear();
    if (state === "done" && !shown) return store.set({ state: "idle", progress: 0 });
    store.set({ state, progress: 100 });
    hideTimer = setTimeout(() => store.set({ state: "idle", progress: 0 }), HIDE_AFTER_MS);
    return undefined;
  };
  return {
    start() {
      clear();
      startedAt = Date.now();
      store.set({ state: "idle", progress: 0 });
      throttleTimer = setTimeout(() => {
        tick();
        tickTimer = setInterval(tick, TICK_MS);
      }, throttle);
    },
    finish: () => end("done"),
    fail: () => end("failed"),
    hideDelay: HIDE_AFTER_MS,
  };
}
