// The only entry point esbuild bundles, loaded as a module script on every page.
// 1. Islands: each server-rendered node marked data-widget="<name>" is enhanced by the
//    widget of that name, whose code is imported only when such a node is on the page and
//    near the viewport (`whenNear`).
//    Props come from the node's own <script type="application/json">. A failing widget
//    leaves the server markup as it is; the other widgets still mount.
// 2. Lazy-load failures: chunks.js's rules (a reload at most once per 60 s, a 120 s timeout).
// 3. Links: navigation/links.js (imported here, so it is on the page from the start)
//    watches intents and clicks on page links and brings the navigation module.

import { loadChunk } from "./chunks.js";
import { watchLinks } from "./navigation/links.js";

const registry = {
  carousel: () => import("./carousel/index.js"),
  consent_banner: () => import("./consent_banner/index.js"),
  contact_form: () => import("./contact_form/index.js"),
  nav_menu: () => import("./nav_menu/index.js"),
};

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

// Islands hydrate in slices: one at a time, each in its own turn that starts when the
// browser is idle (or after IDLE_TIMEOUT_MS): a turn asks for the widget's chunk (the
// downloads run side by side; React's evaluation comes when its chunk arrives), a later
// turn mounts it, and the next turn waits for that mount to be on the page (a carousel's
// render is a React transition, in slices of its own), at most TURN_MS. So no two widgets'
// work stacks into one long task, input and rendering come first between them, and the
// load, the first paint and a click on the way never wait behind a widget's code.
const IDLE_TIMEOUT_MS = 1000;
const TURN_MS = 500;
const whenIdle = () =>
  new Promise((resolve) =>
    "requestIdleCallback" in window
      ? requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(resolve, 50),
  );
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let turns = Promise.resolve();
// Runs `work` in the next turn (in the idle callback's own task); resolves to its result.
// The turn after it starts once that result has settled, or TURN_MS after it began.
function inTurn(work) {
  let result;
  const turn = turns.then(whenIdle).then(() => {
    result = new Promise((resolve) => resolve(work()));
    return Promise.race([result.catch(() => {}), wait(TURN_MS)]);
  });
  turns = turn;
  return turn.then(() => result);
}

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
    const loading = await inTurn(() => ({ chunk: loadChunk(load) })); // asked for, not awaited
    const widget = await loading.chunk;
    // A widget's mount returns its cleanup, or a promise of it once the widget is on the page.
    // A swap may have taken the node's page away meanwhile: then nothing mounts.
    const cleanup = await inTurn(() => (node.isConnected ? widget.mount(node, readProps(node)) : null));
    if (!node.isConnected) return typeof cleanup === "function" ? cleanup() : undefined;
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

function boot() {
  mountAll();
  watchLinks({ mountAll, unmountAll, readProps });
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", boot);
} else {
  boot();
}
