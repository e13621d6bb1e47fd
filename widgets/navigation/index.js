// Fetch-and-swap navigation, started by mount.js at the first intent to navigate.
// A plain left click on a same-origin page link fetches the target's pre-rendered HTML,
// swaps it in (swap.js), pushes history, moves focus to the new heading, announces the new
// title and mounts the new page's widgets, with the loading bar and aria-busy while it
// waits. aria-busy sits on <body>, not <html>: ARIA in HTML allows no
// aria-* attribute on <html>, and axe 4.14 reports it (aria-allowed-attr, WCAG 4.1.2).
// Back/forward fetch again and restore the scroll position. A network failure or timeout
// keeps the visitor on the page they are reading: the bar turns red and a toast says the page
// could not be loaded, with a button to try again. Anything else unusual (non-HTML answer,
// locale switch, changed assets) ends in a real navigation: "when in doubt, do a real page
// load". Error pages (404, 500) that come as HTML are swapped in as the pages they are.
import { createLoadingBar } from "../loading_bar/index.js";
import { showToast, toastRegion } from "../toast/index.js";
import { fetchPage, prefetch } from "./fetch-page.js";
import { canSwap, swap } from "./swap.js";

let env = null;
let bar = null;
let announcer = null;
let visitId = 0;
let shown = ""; // path and query of the page on screen

const pageKey = (url) => {
  const { pathname, search } = new URL(url, location.href);
  return pathname + search;
};

const PAGE_EXTENSION = /\.(?!html?$)[a-z0-9]+$/i;

// Links this module takes over: same-origin pages in the page's own language, not an
// anchor in the current document, not a file.
function pageLink(target) {
  const link = env.navigableLink(target);
  if (!link) return null;
  if (link.hreflang && link.hreflang !== document.documentElement.lang) return null; // locale switch
  if (link.closest("[data-navigation='off']")) return null;
  const url = new URL(link.href);
  if (PAGE_EXTENSION.test(url.pathname)) return null;
  const here = new URL(location.href);
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return link;
}

function saveScroll() {
  history.replaceState({ ...history.state, motorlab: true, scroll: window.scrollY }, "");
}

function announce(text) {
  announcer.textContent = "";
  setTimeout(() => {
    announcer.textContent = text;
  }, 100);
}

const fragmentTarget = (url) => url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)));

// Focus goes to the link's #fragment target when there is one, else the new <h1>.
function focusArrival(url) {
  const main = document.querySelector("main");
  const target = fragmentTarget(url) || main.querySelector("h1") || main;
  if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

// The strings of the failure toast, rendered by the server on the loading bar's host.
function failureToast(retry) {
  const host = document.querySelector(".c-loading-bar__host");
  const text = (name, fallback) => (host && host.dataset[name]) || fallback;
  const remove = showToast(text("failed", "The page could not be loaded."), {
    tone: "error",
    closeLabel: text("close", "Close"),
    action: { label: text("retry", "Try again"), onClick: () => (remove(), retry()) },
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

async function visit(href, action, scroll) {
  const id = ++visitId;
  if (action === "push") saveScroll();
  bar.start();
  document.body.setAttribute("aria-busy", "true");
  const page = await fetchPage(href);
  if (id !== visitId) return; // a later visit took over
  const done = (failed) => {
    document.body.removeAttribute("aria-busy");
    if (failed) bar.fail();
    else bar.finish();
  };
  if (page.error === "network" || page.error === "timeout") {
    done(true); // the page on screen stays
    failureToast(() => visit(href, action, scroll));
    return;
  }
  if (page.error) {
    done(true);
    setTimeout(() => realNavigation(href, action), bar.hideDelay);
    return;
  }
  const doc = new DOMParser().parseFromString(page.html, "text/html");
  if (!canSwap(doc)) {
    done(false);
    realNavigation(href, action);
    return;
  }
  const url = new URL(page.url || href);
  url.hash = new URL(href).hash;
  if (action === "push") history.pushState({ motorlab: true, scroll: 0 }, "", url.href);
  env.unmountAll(document.querySelector("main"));
  swap(doc);
  shown = pageKey(url.href);
  placeScroll(url, action, scroll);
  focusArrival(url);
  announce(document.title);
  done(false);
  env.mountAll(document);
}

function onClick(event) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = pageLink(event.target);
  if (!link) return;
  event.preventDefault();
  visit(link.href, "push");
}

function onIntent(event) {
  const link = pageLink(event.target);
  if (link && link.href.split("#")[0] !== location.href.split("#")[0]) prefetch(link.href);
}

function onPopState(event) {
  if (event.state && event.state.motorlab) {
    visit(location.href, "pop", event.state.scroll);
  } else if (pageKey(location.href) !== shown) {
    // An anchor's history entry of another page than the one on screen.
    visit(location.href, "pop");
  }
}

let scrollTimer = null;
function onScroll() {
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(saveScroll, 150);
}

// The click mount.js held while this module loaded: true when taken over (a visit started).
export function follow(link) {
  const taken = env && link.isConnected ? pageLink(link) : null;
  if (!taken) return false;
  visit(taken.href, "push");
  return true;
}

export function start(options) {
  if (env || !window.history.pushState || !window.DOMParser) return;
  env = options;
  bar = createLoadingBar();
  toastRegion(); // the live region exists before any message goes in it
  announcer = document.createElement("div");
  announcer.className = "u-visually-hidden";
  announcer.setAttribute("aria-live", "polite");
  announcer.setAttribute("aria-atomic", "true");
  document.body.append(announcer);
  history.scrollRestoration = "manual";
  shown = pageKey(location.href);
  saveScroll();
  document.addEventListener("click", onClick);
  document.addEventListener("pointerover", onIntent, { passive: true });
  document.addEventListener("touchstart", onIntent, { passive: true });
  window.addEventListener("popstate", onPopState);
  window.addEventListener("scroll", onScroll, { passive: true });
  if (options.event) onIntent(options.event);
}
