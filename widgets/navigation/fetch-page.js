// Fetches a page's pre-rendered HTML with a deadline; prefetches are kept briefly so the
// click that follows a hover reuses them. Never throws: failures are values.
// Priorities: a click's page, and the intent's (the pointer on the link: the likely click),
// go out at "high", ahead of whatever the page is still downloading (pictures, widgets'
// code); the idle prefetches of the links on screen at "low", and a click cancels those
// still in flight for other pages, so they never share the link with the page asked for.
import { canceller, fetchWithDeadline } from "../http/index.js";

const TIMEOUT_MS = 20_000; // shorter than gunicorn's 30 s worker timeout
const PREFETCH_TTL_MS = 10_000;
const prefetched = new Map();

const HTML = { headers: { Accept: "text/html, application/xhtml+xml" } };

async function readPage(response) {
  const type = response.headers.get("Content-Type") || "";
  if (!type.includes("text/html")) return { error: "format", url: response.url };
  return { error: null, status: response.status, url: response.url, html: await response.text() };
}

const get = (url, priority, signal) =>
  fetchWithDeadline(url, { ...HTML, priority, signal }, TIMEOUT_MS, readPage);

const key = (url) => url.split("#")[0];

// Pages each visitor gets their own, as the server lists them (<meta name="no-prefetch">:
// the contact page, whose form token starts a session): asked for at a click only, never
// ahead of one, so a hover or a scroll past a link creates nothing on the server.
const ownPage = (url) =>
  (document.querySelector('meta[name="no-prefetch"]')?.content || "")
    .split(" ")
    .includes(new URL(url, location.href).pathname);

// `priority`: "high" for an intent, "low" for the idle prefetches (prefetch-visible.js).
export function prefetch(url, priority = "high") {
  if (ownPage(url)) return;
  const entry = prefetched.get(key(url));
  if (entry && Date.now() - entry.at < PREFETCH_TTL_MS) return;
  const { signal, cancel } = canceller();
  const page = get(key(url), priority, signal);
  prefetched.set(key(url), { at: Date.now(), page, priority, cancel, done: false });
  page.then(() => {
    const kept = prefetched.get(key(url));
    if (kept?.page === page) kept.done = true;
  });
}

// A click's page: the prefetch of it if there is a fresh one, else a fetch at "high". The
// low-priority prefetches of other pages still in flight are cancelled (and forgotten).
export function fetchPage(url) {
  for (const [other, entry] of prefetched) {
    if (other === key(url) || entry.done || entry.priority !== "low") continue;
    entry.cancel();
    prefetched.delete(other);
  }
  const entry = prefetched.get(key(url));
  prefetched.delete(key(url));
  if (entry && Date.now() - entry.at < PREFETCH_TTL_MS) return entry.page;
  return get(key(url), "high");
}
