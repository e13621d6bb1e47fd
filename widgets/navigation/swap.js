// Puts a fetched page in place of the current one: <main>, <title>, <html lang>, the body's
// layout class, the header's language switcher and current-page marks, and the head's
// alternate/canonical/description links. Returns false when the page cannot be swapped
// (then the caller does a real navigation). The new <main> is there at once, with no
// transition (index.js says why).

const HEAD_SELECTOR = [
  'link[rel="alternate"]',
  'link[rel="canonical"]',
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[property^="og:"]',
].join(",");

// The site's own assets, which a new deployment renames: when they change, a real page load.
// The stylesheets are inline, each named by its build (data-stylesheet on the <style>): a
// page that holds others than this one (the guideline, an error page) is loaded too. The
// widgets' entry is named by <meta name="widget-entry"> (the boot script imports it).
// Scripts are not compared: gtag.js, which the consent_banner widget adds to <head> after
// "accept" (and the scripts gtag adds itself), stays there from page to page.
const assets = (doc) =>
  [
    ...Array.from(doc.querySelectorAll("[data-stylesheet]"), (el) => el.dataset.stylesheet),
    ...Array.from(doc.querySelectorAll('meta[name="widget-entry"]'), (el) => el.content),
  ]
    .sort()
    .join(" ");

// A fetched page's <style> blocks as inert <template>s, their names kept, before it is
// parsed: the parsed document takes this page's Content-Security-Policy, which allows only
// this page's blocks, and Chromium reports every other block (even empty) as a violation.
// No block of a fetched page is ever used: its <head> stays where it is.
export const inertStylesheets = (html) =>
  html.replace(/<style\b([^>]*)>[\s\S]*?<\/style>/g, "<template$1></template>");

export function canSwap(doc) {
  return (
    Boolean(doc.querySelector("main")) &&
    doc.documentElement.lang === document.documentElement.lang &&
    assets(doc) === assets(document)
  );
}

function syncCurrentLinks(doc) {
  const current = new Map();
  for (const link of doc.querySelectorAll("header a[href]")) {
    current.set(link.getAttribute("href"), link.getAttribute("aria-current"));
  }
  for (const link of document.querySelectorAll("header a[href]")) {
    const mark = current.get(link.getAttribute("href"));
    if (mark) link.setAttribute("aria-current", mark);
    else link.removeAttribute("aria-current");
  }
}

// The brand typeface for the pages swapped in. font-display: optional (styles/fonts.css) sets
// a page in Figtree only if the file was there for its first layout, and a document that
// missed it keeps the fallback for good, swapped pages too. So the page's preloaded file is
// loaded again as a face of its own that swaps in (from the cache by then), ready at start,
// and joins the document at the first swap: a click's own change, not a layout shift
// (within 500 ms of the input). Its descriptors are the stylesheet's face's.
let brandFace = null;

export function loadBrandFace() {
  const preload = document.querySelector('link[rel="preload"][as="font"]');
  const css = [...(document.fonts || [])].find((face) => face.family.replaceAll('"', "") === "Figtree");
  if (brandFace || !preload || !css || typeof FontFace !== "function") return;
  const { style, weight, unicodeRange } = css;
  brandFace = new FontFace("Figtree", `url("${preload.href}")`, { style, weight, unicodeRange, display: "swap" });
  brandFace.load().catch(() => {});
}

function addBrandFace() {
  if (brandFace?.status === "loaded" && !document.fonts.has(brandFace)) document.fonts.add(brandFace);
}

export function swap(doc) {
  addBrandFace();
  document.querySelector("main").replaceWith(document.adoptNode(doc.querySelector("main")));
  document.title = doc.title;
  document.documentElement.lang = doc.documentElement.lang;
  document.body.className = doc.body.className;
  const switcher = document.querySelector("header .c-lang");
  const nextSwitcher = doc.querySelector("header .c-lang");
  if (switcher && nextSwitcher) switcher.replaceWith(document.adoptNode(nextSwitcher));
  syncCurrentLinks(doc);
  document.head.querySelectorAll(HEAD_SELECTOR).forEach((node) => node.remove());
  doc.head.querySelectorAll(HEAD_SELECTOR).forEach((node) => document.head.append(document.adoptNode(node)));
}
