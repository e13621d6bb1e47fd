// The page-loading bar's state, without React: so fast loads never flash it, it appears
// only when a load takes longer than the throttle (200 ms), grows steadily to reach the end
// at the duration (5000 ms), jumps to full and fades on success; on failure it shows at
// once, turns red (data-state="failed"), then finishes. The React view (./index.js) is
// imported the first time a load ends, never while a page is on the wire (React is 60 kB:
// it would share the link with the page asked for), and renders whatever state it finds
// when it joins. Until then a plain-DOM stand-in shows the bar: the same element, state
// attribute and custom property, kept in step with the store.

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

// The bar's host: the one the server rendered (templates/components/loading_bar), else a new one.
function barHost() {
  let host = document.querySelector(".c-loading-bar__host");
  if (!host) {
    host = document.createElement("div");
    host.className = "c-loading-bar__host";
    host.setAttribute("aria-hidden", "true");
    document.body.prepend(host);
  }
  return host;
}

// The bar without React, kept in step with the store until React's view takes the host over.
function standIn(store) {
  const host = barHost();
  const bar = document.createElement("div");
  bar.className = "c-loading-bar";
  bar.setAttribute("aria-hidden", "true");
  const paint = () => {
    const { state, progress } = store.get();
    bar.dataset.state = state;
    bar.style.setProperty("--loading-progress", progress / 100);
  };
  paint();
  const unsubscribe = store.subscribe(paint);
  host.replaceChildren(bar);
  return () => {
    unsubscribe();
    bar.remove();
  };
}

export function createLoadingBar({ throttle = THROTTLE_MS, duration = DURATION_MS } = {}) {
  const store = createStore();
  let view = null;
  let joined = false; // React's view renders the bar
  let removeStandIn = null;
  const show = () => {
    if (!joined) removeStandIn ||= standIn(store);
  };
  const join = () => {
    view ||= import("./index.js")
      .then(({ renderLoadingBar }) => {
        removeStandIn?.();
        renderLoadingBar(store, barHost());
        joined = true;
      })
      .catch((error) => console.warn("The loading bar did not load", error));
  };

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
    if (state === "done" && !shown) {
      join();
      return store.set({ state: "idle", progress: 0 });
    }
    show();
    join();
    store.set({ state, progress: 100 });
    hideTimer = setTimeout(() => store.set({ state: "idle", progress: 0 }), HIDE_AFTER_MS);
    return undefined;
  };
  return {
    // `since`: when the visit began (a first click counts from the click, not from the
    // moment the navigation code arrived).
    start(since = Date.now()) {
      clear();
      startedAt = since;
      store.set({ state: "idle", progress: 0 });
      throttleTimer = setTimeout(
        () => {
          show();
          tick();
          tickTimer = setInterval(tick, TICK_MS);
        },
        Math.max(0, throttle - (Date.now() - since)),
      );
    },
    finish: () => end("done"),
    fail: () => end("failed"),
    hideDelay: HIDE_AFTER_MS,
  };
}
