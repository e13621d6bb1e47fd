// Fetches a page's pre-rendered HTML with a deadline; prefetches are kept briefly so the
// click that follows a hover reuses them. Never throws: failures are values.
import { fetchWithDeadline } from "../http/index.js";

const TIMEOUT_MS = 20_000; // shorter than gunicorn's 30 s worker timeout
const PREFETCH_TTL_MS = 10_000;
const prefetched = new Map();

const HTML = { headers: { Accept: "text/html, application/xhtml+xml" } };

async function readPage(response) {
  const type = response.headers.get("Content-Type") || "";
  if (!type.includes("text/html")) return { error: "format", url: response.url };
  return { error: null, status: response.status, url: response.url, html: await response.text() };
}

const get = (url) => fetchWithDeadline(url, HTML, TIMEOUT_MS, readPage);

const key = (url) => url.split("#")[0];

// Pages each visitor gets their own, as the server lists them (<meta name="no-prefetch">:
// the contact page, whose form token starts a session): asked for at a click only, never
// ahead of one, so a hover or a scroll past a link creates nothing on the server.
const ownPage = (url) =>
  (document.querySelector('meta[name="no-prefetch"]')?.content || "")
    .split(" ")
    .includes(new URL(url, location.href).pathname);

export function prefetch(url) {
  if (ownPage(url)) return;
  const entry = prefetched.get(key(url));
  if (entry && Date.now() - entry.at < PREFETCH_TTL_MS) return;
  prefetched.set(key(url), { at: Date.now(), page: get(key(url)) });
}

export function fetchPage(url) {
  const entry = prefetched.get(key(url));
  prefetched.delete(key(url));
  if (entry && Date.now() - entry.at < PREFETCH_TTL_MS) return entry.page;
  return get(key(url));
}
