// The only entry point esbuild bundles, loaded as a module script on every page.
// 1. Islands: each server-rendered node marked data-widget="<name>" is enhanced by the
//    widget of that name, whose code is imported only when such a node is on the page and
//    near the viewport (`whenNear`).
//    Props come from the node's own <script type="application/json">. A failing widget
//    leaves the server markup as it is; the other widgets still mount.
// 2. Lazy-load failures: a widget chunk that fails to load, or takes longer than 120 s,
//    reloads the page once; the guard in sessionStorage allows one reload per 60 s.
// 3. Link watcher: the first intent to navigate (pointer over, touch start or keyboard
//    focus on a page link, as `pageLink` defines it) imports the navigation module, which
//    brings React and the loading bar. Loading or scrolling a page alone fetches neither.
// 4. Held first click: a plain left click on such a link that lands before the navigation
//    module is ready (a quick hand, every tap) is held, not followed, and handed to the
//    module when it starts, so it fetches and swaps like any later click; after HOLD_MS
//    without the module (or if it fails to load) it becomes a plain navigation. Modified
//    clicks, other buttons, and links that are not page links stay the browser's.

const registry = {
  carousel: () => import("./carousel/index.js"),
  consent_banner: () => import("./consent_banner/index.js"),
  contact_form: () => import("./contact_form/index.js"),
  nav_menu: () => import("./nav_menu/index.js"),
};

const LOAD_TIMEOUT_MS = 120_000;
const RELOAD_GUARD_MS = 60_000;
const RELOAD_KEY = "motorlab:chunk-reload";
const HOLD_MS = 3000;
const cleanups = new Map();

function readProps(node) {
  const script = node.querySelector(':scope > script[type="application/json"]');
  if (!script) return {};
  try {
    return JSON.parse(script.textContent);
  } catch {
    return {};
  }
}

function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`chunk took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// One full reload per RELOAD_GUARD_MS: a new deployment may have replaced the chunks.
// Returns true when a reload was started.
function reloadOnce() {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(RELOAD_KEY)) || 0;
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false; // no storage, no guard: never risk a reload loop
  }
  location.reload();
  return true;
}

// Imports a lazily loaded chunk; a failure reloads the page (once per 60 s) or rethrows.
export async function loadChunk(load) {
  try {
    return await withTimeout(load(), LOAD_TIMEOUT_MS);
  } catch (error) {
    reloadOnce();
    throw error;
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Islands near the viewport (within a viewport's height of it) mount at once; the others
// when scrolling brings them that near (data-mounted="waiting" until then): a widget far
// down the page costs its load nothing, neither its chunk nor React's nor the render. A
// node rendered hidden (its widget shows it) or without a box mounts at once.
const NEAR = "100% 0px";
const waiting = new Map(); // node -> the resolve of its wait
let nearby = null; // the IntersectionObserver, made when a node first waits

function whenNear(node) {
  if (typeof IntersectionObserver !== "function" || node.hidden || !node.getClientRects().length) {
    return Promise.resolve();
  }
  nearby ??= new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries) {
        if (!isIntersecting || !waiting.has(target)) continue;
        nearby.unobserve(target);
        waiting.get(target)();
        waiting.delete(target);
      }
    },
    { rootMargin: NEAR },
  );
  node.dataset.mounted = "waiting";
  return new Promise((resolve) => {
    waiting.set(node, resolve);
    nearby.observe(node);
  });
}

async function mountNode(node) {
  const load = registry[node.dataset.widget];
  if (!load) return;
  await whenNear(node);
  node.dataset.mounted = "pending";
  try {
    const widget = await loadChunk(load);
    await nextTask(); // one task per widget: no long task that blocks input while a page loads
    // A widget's mount returns its cleanup, or a promise of it once the widget is on the page.
    const cleanup = await widget.mount(node, readProps(node));
    if (typeof cleanup === "function") cleanups.set(node, cleanup);
    node.dataset.mounted = "true";
  } catch (error) {
    node.dataset.mounted = "failed";
    console.warn(`Widget "${node.dataset.widget}" did not mount`, error);
  }
}

export function mountAll(root = document) {
  const nodes = root.querySelectorAll("[data-widget]:not([data-mounted])");
  return Promise.all(Array.from(nodes, mountNode));
}

// Called before a navigation removes `root` from the page: stops timers, unmounts React,
// and forgets the nodes still waiting to come near (their mount never starts).
export function unmountAll(root) {
  for (const node of waiting.keys()) {
    if (!root.contains(node)) continue;
    nearby.unobserve(node);
    waiting.delete(node);
  }
  for (const [node, cleanup] of cleanups) {
    if (!root.contains(node)) continue;
    cleanups.delete(node);
    try {
      cleanup();
    } catch (error) {
      console.warn("Widget cleanup failed", error);
    }
  }
}

const FILE_EXTENSION = /\.(?!html?$)[a-z0-9]+$/i;

// The one check of which links a script may take over (navigation uses it too): a
// same-origin page link with no target or download, in the page's own language (not the
// language switcher), not inside [data-navigation="off"], not a file, and not an anchor in
// the current document. Returns the link, else null.
export function pageLink(target) {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  if (!link || link.target || link.hasAttribute("download")) return null;
  if (link.hreflang && link.hreflang !== document.documentElement.lang) return null;
  if (link.closest("[data-navigation='off']")) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) return null;
  if (FILE_EXTENSION.test(url.pathname)) return null;
  if (url.hash && url.pathname === location.pathname && url.search === location.search) return null;
  return link;
}

// The page link a plain left click (no modifier key, not taken by a widget) lands on, else null.
export function clickedPageLink(event) {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  return pageLink(event.target);
}

let navigation = null;
let held = null; // { link, timer }: the click waiting for the navigation module

// Follows the held click: by the module when `follow` takes it, else as the browser would.
function release(follow) {
  if (!held) return;
  const { link, timer } = held;
  held = null;
  clearTimeout(timer);
  if (!(follow && follow(link))) location.assign(link.href);
}

function watchLinks() {
  const intents = ["pointerover", "touchstart", "focusin"];
  const load = (event) => {
    if (navigation) return;
    for (const type of intents) document.removeEventListener(type, onIntent, true);
    navigation = loadChunk(() => import("./navigation/index.js"))
      .then((module) => {
        document.removeEventListener("click", onEarlyClick);
        module.start({ mountAll, unmountAll, readProps, pageLink, clickedPageLink, event });
        release(module.follow);
      })
      .catch((error) => {
        document.removeEventListener("click", onEarlyClick);
        release(null);
        console.warn("Navigation did not start", error);
      });
  };
  const onIntent = (event) => {
    if (pageLink(event.target)) load(event);
  };
  // Bubble phase, so a handler that prevents the default (a widget's own link) wins.
  const onEarlyClick = (event) => {
    const link = clickedPageLink(event);
    if (!link) return;
    event.preventDefault();
    if (held) clearTimeout(held.timer);
    held = { link, timer: setTimeout(() => release(null), HOLD_MS) };
    load(event);
  };
  for (const type of intents) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
  document.addEventListener("click", onEarlyClick);
}

function boot() {
  mountAll();
  watchLinks();
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", boot);
} else {
  boot();
}
