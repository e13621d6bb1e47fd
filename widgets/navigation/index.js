// Fetch-and-swap navigation, imported by links.js at the first intent to navigate, which
// then hands it every plain left click on a same-origin page link (`visit`). A visit gets
// the target's pre-rendered HTML (links.js's fetch-page.js, handed over in `start`'s
// options, so this chunk needs no other chunk before it can swap), swaps it in (swap.js),
// pushes history, moves focus to the new heading, announces the new title and mounts the
// new page's widgets, with the loading bar and aria-busy while it waits. The bar's state is
// kept here (../loading_bar/controller.js); its React view joins when it has loaded.
// aria-busy sits on <body>, not <html>: ARIA in HTML allows no aria-* attribute on <html>,
// and axe 4.14 reports it (aria-allowed-attr, WCAG 4.1.2).
// Back/forward fetch again and restore the scroll position. A network failure or timeout
// keeps the visitor on the page they are reading: the bar turns red and a toast says the page
// could not be loaded, with a button to try again. Anything else unusual (non-HTML answer,
// locale switch, changed assets) ends in a real navigation: "when in doubt, do a real page
// load". Error pages (404, 500) that come as HTML are swapped in as the pages they are.
import { createLoadingBar } from "../loading_bar/controller.js";
import { prefetchVisible } from "./prefetch-visible.js";
import { canSwap, inertStylesheets, loadBrandFace, swap } from "./swap.js";

let env = null;
let labels = null;
let toast = null; // the toast module, imported at start: needed only when a visit fails
let bar = null;
let announcer = null;
let visitId = 0;
let shown = ""; // path and query of the page on screen

const pageKey = (url) => {
  const { pathname, search } = new URL(url, location.href);
  return pathname + search;
};

function saveScroll() {
  history.replaceState({ ...history.state, motorlab: true, scroll: window.scrollY }, "");
}

function announce(text) {
  announcer.textContent = "";
  setTimeout(() => {
    announcer.textContent = text;
  }, 100);
}

// The element a #fragment names: by its decoded id, else as written (the browser's own
// order). A fragment that does not decode (`#%E0%A4%A`, any address may carry one) is only
// ever as written: decodeURIComponent throws on it.
function fragmentTarget(url) {
  const written = url.hash.slice(1);
  if (!written) return null;
  let decoded = written;
  try {
    decoded = decodeURIComponent(written);
  } catch {
    // Not UTF-8 once decoded: the id as written.
  }
  return document.getElementById(decoded) || document.getElementById(written);
}

// Focus goes to the link's #fragment target when there is one, else the new <h1>.
function focusArrival(url) {
  const main = document.querySelector("main");
  const target = fragmentTarget(url) || main.querySelector("h1") || main;
  if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

// The failure toast; its strings are the server's (widget_props.py, "navigation").
async function failureToast(retry) {
  const { showToast } = await toast;
  const remove = showToast(labels.failed, {
    tone: "error",
    closeLabel: labels.close,
    action: { label: labels.retry, onClick: () => (remove(), retry()) },
  });
}

function placeScroll(url, action, scroll) {
  if (action === "pop" && typeof scroll === "number") return window.scrollTo(0, scroll);
  const target = fragmentTarget(url);
  if (target) return target.scrollIntoView();
  return window.scrollTo(0, 0);
}

function realNavigation(url, action) {
  if (action === "pop") location.replace(url);
  else location.assign(url);
}

// A visit of `href`: `action` "push" (a click) or "pop" (back/forward, with the saved
// `scroll`); `page` and `since` when links.js asked for the page before this module started.
// Whatever throws on the way ends in a real navigation of the target, never a page left
// half swapped, busy, or without its widgets.
export async function visit(href, { action = "push", scroll, page, since } = {}) {
  const id = ++visitId;
  const progress = { pushed: false };
  try {
    await arrive(href, id, progress, { action, scroll, page, since });
  } catch (error) {
    if (id !== visitId) return; // a later visit took over
    console.warn("Navigation: a real page load instead, after", error);
    // After pushState the address is already the target's: replace that entry.
    realNavigation(href, progress.pushed ? "pop" : action);
  }
}

async function arrive(href, id, progress, { action, scroll, page, since }) {
  if (action === "push") saveScroll();
  bar.start(since);
  document.body.setAttribute("aria-busy", "true");
  page = await (page || env.fetchPage(href));
  if (id !== visitId) return; // a later visit took over
  const done = (failed) => {
    document.body.removeAttribute("aria-busy");
    if (failed) bar.fail();
    else bar.finish();
  };
  if (page.error === "network" || page.error === "timeout") {
    done(true); // the page on screen stays
    // Without the toast's code (it did not load), the browser's own navigation says it.
    failureToast(() => visit(href, { action, scroll })).catch(() => realNavigation(href, action));
    return;
  }
  if (page.error) {
    done(true);
    setTimeout(() => realNavigation(href, action), bar.hideDelay);
    return;
  }
  const doc = new DOMParser().parseFromString(inertStylesheets(page.html), "text/html");
  if (!canSwap(doc)) {
    done(false);
    realNavigation(href, action);
    return;
  }
  const url = new URL(page.url || href);
  url.hash = new URL(href).hash;
  if (action === "push") {
    history.pushState({ motorlab: true, scroll: 0 }, "", url.href);
    progress.pushed = true;
  }
  // The old page's widgets go in the same task as the page (a carousel unmounted a frame
  // early would show the server's list). No transition: a cross-fade or a fade-in holds the
  // new heading back by its length (a view transition, by several frames on a slowed phone
  // CPU), and dimming the page left while the next loads takes its text below AA contrast;
  // the loading bar is what shows a wait (issue 37).
  env.unmountAll(document.querySelector("main"));
  swap(doc);
  shown = pageKey(url.href);
  placeScroll(url, action, scroll);
  focusArrival(url);
  env.mountAll(document);
  prefetchVisible(env);
  if (id !== visitId) return; // a later visit started meanwhile: the bar is its own
  announce(document.title);
  done(false);
}

function onPopState(event) {
  if (event.state && event.state.motorlab) {
    visit(location.href, { action: "pop", scroll: event.state.scroll });
  } else if (pageKey(location.href) !== shown) {
    // An anchor's history entry of another page than the one on screen.
    visit(location.href, { action: "pop" });
  }
}

let scrollTimer = null;
function onScroll() {
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(saveScroll, 150);
}

// `options`: mount.js's mountAll, unmountAll and readProps, and fetch-page.js's fetchPage.
export function start(options) {
  env = options;
  // The toast's strings sit in the bar's host (templates/components/loading_bar): read
  // before the bar renders there, which replaces the host's content.
  const host = document.querySelector(".c-loading-bar__host");
  labels = host ? env.readProps(host) : {};
  bar = createLoadingBar();
  loadBrandFace();
  // The live region exists before any message goes in it; the rest of the toast is loaded
  // now, not at a failure, when the network may be gone.
  toast = import("../toast/index.js");
  toast.then(({ toastRegion }) => toastRegion()).catch(() => {});
  announcer = document.createElement("div");
  announcer.className = "u-visually-hidden";
  announcer.setAttribute("aria-live", "polite");
  announcer.setAttribute("aria-atomic", "true");
  document.body.append(announcer);
  history.scrollRestoration = "manual";
  shown = pageKey(location.href);
  saveScroll();
  window.addEventListener("popstate", onPopState);
  window.addEventListener("scroll", onScroll, { passive: true });
}
