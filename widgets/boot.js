// The page's one inline script (built to build/boot-HASH.js, inlined in <head> by
// assets.inline_boot_script, allowed by its hash in the CSP). It runs before the first paint:
// 1. marks <html> "js" instead of "no-js", so CSS for enhanced states never shows to a
//    visitor without JavaScript;
// 2. once the page has loaded and shown (below), imports the widgets' entry named by <meta
//    name="widget-entry">, with a modulepreload for each <meta name="widget-preload">. So the
//    first screen (its text, its typeface if it comes in time, its largest picture) is the
//    only thing a phone downloads before it paints. (The typeface is the page's own preload:
//    styles/fonts.css.)
(() => {
  const root = document.documentElement;
  // A page whose load never ends (an image that hangs) still gets its widgets.
  const LATEST_MS = 5000;
  root.classList.replace("no-js", "js");
  let done = false;
  const enhance = () => {
    if (done) return;
    done = true;
    for (const meta of document.querySelectorAll('meta[name="widget-preload"]')) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = meta.content;
      document.head.append(link);
    }
    const entry = document.querySelector('meta[name="widget-entry"]');
    // A failed import leaves the page as the server made it, whole.
    if (entry) import(entry.content).catch(() => {});
  };
  // "Shown": the load event (the page's pictures are in) and the first contentful paint's
  // entry (it comes once that frame is on screen), then two frames, for a picture decoded
  // at the load to be painted too.
  const loaded = new Promise((resolve) => addEventListener("load", resolve, { once: true }));
  const painted = new Promise((resolve) => {
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return resolve();
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  Promise.all([loaded, painted])
    .then(nextFrame)
    .then(nextFrame)
    .then(() => setTimeout(enhance));
  setTimeout(enhance, LATEST_MS);
})();
