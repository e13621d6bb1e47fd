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

function boot() {
  mountAll();
  watchLinks({ mountAll, unmountAll, readProps });
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", boot);
} else {
  boot();
}
