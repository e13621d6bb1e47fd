// The link watcher, part of the entry (mount.js imports it statically, so it is on every
// page before any intent): it decides which links a script may take over, asks for a page's
// HTML at the first sign of a visit, and hands clicks to the navigation module (./index.js),
// which it imports at the first intent to navigate (pointer over or down, touch start or
// focus on a page link). Loading or scrolling a page alone fetches neither.
//
// A click before that module has started is never held: the page's HTML is requested at
// once (or was, on intent), and whichever comes first decides. The module first: it swaps
// the page when the HTML arrives. The HTML first (or the module fails to load): the
// browser's own navigation, at once, which may take the page from the HTTP cache. A fetch
// that failed (no answer, or past its deadline) waits for the module up to 3 s, so the
// visitor gets the spec's failure state (red bar, toast, the page kept) rather than the
// browser's error page; only a module that cannot come leaves it to the browser.
// The module's import follows the lazy-piece rules (../chunks.js): 120 s at most, and a
// failure reloads the page at most once per 60 s, or, with a click waiting, loads its page.
import { mayReload, reloadOnce, withTimeout } from "../chunks.js";
import { fetchPage, prefetch } from "./fetch-page.js";

const FILE_EXTENSION = /\.(?!html?$)[a-z0-9]+$/i;
const INTENTS = ["pointerover", "pointerdown", "touchstart", "focusin"];

// The one check of which links a script may take over: a same-origin page link with no
// target or download, in the page's own language (not the language switcher), not inside
// [data-navigation="off"], not a file, and not an anchor in the current document. Returns
// the link, else null.
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

const samePage = (href) => href.split("#")[0] === location.href.split("#")[0];
const CODE_WAIT_MS = 3000; // a failed first click waits this long for the module
const unreachable = (page) => page.error === "network" || page.error === "timeout";

export function watchLinks(env) {
  let loading = null; // the navigation module's import, from the first intent
  let navigation = null; // the module, once started
  let failed = false; // it did not load: every click stays the browser's
  let pending = null; // { href, page, since }: a click made before the module started

  const browse = (click) => {
    if (pending !== click) return;
    pending = null;
    location.assign(click.href);
  };

  const load = () => {
    loading ||= withTimeout(import("./index.js")).then(
      (module) => {
        module.start({ ...env, fetchPage, prefetch, pageLink });
        navigation = module;
        const click = pending;
        pending = null;
        if (click) navigation.visit(click.href, click);
      },
      (error) => {
        failed = true;
        console.warn("Navigation did not load", error);
        if (!pending) return reloadOnce();
        mayReload(); // a page load now: the guard counts it
        return browse(pending);
      },
    );
  };

  const onIntent = (event) => {
    const link = pageLink(event.target);
    if (!link) return;
    load(); // first: the module's request goes out before the page's
    if (!samePage(link.href)) prefetch(link.href);
  };

  // Bubble phase, so a handler that prevents the default (a widget's own link) wins.
  const onClick = (event) => {
    const link = failed ? null : clickedPageLink(event);
    if (!link) return;
    event.preventDefault();
    if (navigation) return navigation.visit(link.href);
    load();
    const click = { href: link.href, page: fetchPage(link.href), since: Date.now() };
    pending = click;
    // Settled before the module started: the browser's navigation, at once, unless the page
    // could not be had (then the module says so, if it comes within CODE_WAIT_MS).
    click.page.then((page) => (unreachable(page) ? setTimeout(() => browse(click), CODE_WAIT_MS) : browse(click)));
  };

  for (const type of INTENTS) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
  document.addEventListener("click", onClick);
}
