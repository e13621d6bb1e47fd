// Once the navigation has started (the visitor has shown they move between pages), the page
// links on screen are asked for while the browser is idle, so that a later click swaps at
// once instead of waiting a round trip. Not when the connection asks to save data or is 2G;
// at most MAX_PER_PAGE addresses per page shown. fetch-page.js keeps each for its TTL; the
// pages' own Cache-Control (60 s) lets the HTTP cache answer a later fetch after that. They
// go out at low priority, and a click cancels those still in flight (fetch-page.js).
const MAX_PER_PAGE = 6;
const IDLE_TIMEOUT_MS = 2000;

let observer = null;

const frugal = () => {
  const connection = navigator.connection;
  return Boolean(connection && (connection.saveData || /2g/.test(connection.effectiveType || "")));
};

const whenIdle = (callback) =>
  "requestIdleCallback" in window ? requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(callback, 200);

// `pageLink` and `prefetch` are links.js's and fetch-page.js's; called at start and after
// each swap (the links on screen are then the new page's).
export function prefetchVisible({ pageLink, prefetch }) {
  observer?.disconnect();
  if (frugal() || !("IntersectionObserver" in window)) return;
  const here = location.href.split("#")[0];
  const asked = new Set([here]);
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const href = entry.target.href.split("#")[0];
      if (asked.has(href) || asked.size > MAX_PER_PAGE) continue;
      asked.add(href);
      whenIdle(() => prefetch(href, "low"));
    }
  });
  for (const link of document.querySelectorAll("a[href]")) {
    if (pageLink(link)) observer.observe(link);
  }
}
