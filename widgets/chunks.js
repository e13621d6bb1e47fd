// The lazy-piece rules (the spec's), for every chunk imported after the entry: the widgets'
// (mount.js) and the navigation's (navigation/links.js). A chunk that fails to load, or takes
// longer than 120 s, reloads the page once (a new deployment may have replaced the chunks);
// the guard in sessionStorage allows one reload per 60 s.

export const LOAD_TIMEOUT_MS = 120_000;
const RELOAD_GUARD_MS = 60_000;
const RELOAD_KEY = "motorlab:chunk-reload";

export function withTimeout(promise, ms = LOAD_TIMEOUT_MS) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`chunk took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// Whether a page load may start now: at most one per RELOAD_GUARD_MS (recorded here). No
// storage, no guard: never risk a reload loop.
export function mayReload() {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY)) || 0;
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}

// One full reload per RELOAD_GUARD_MS. Returns true when a reload was started.
export function reloadOnce() {
  if (!mayReload()) return false;
  location.reload();
  return true;
}

// Imports a lazily loaded chunk; a failure reloads the page (once per 60 s) or rethrows.
export async function loadChunk(load) {
  try {
    return await withTimeout(load());
  } catch (error) {
    reloadOnce();
    throw error;
  }
}
