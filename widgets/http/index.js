// The HTTP client, for every widget. One place that knows the base address, the JSON
// Accept header, the CSRF header and the deadline. It never throws: every call resolves
// to a value, { ok, status, data, error }, where `error` is null, "timeout", "network",
// "status" (a non-2xx answer; `data` still holds its JSON body, if any) or "format".

const DEFAULT_TIMEOUT_MS = 15_000; // shorter than gunicorn's 30 s worker timeout
export const MIN_DELAY_MS = 200; // a visible state lasts at least this, so it never flickers

// The base address the server rendered (<meta name="api-base-url">, from API_BASE_URL);
// empty means the site's own origin.
export function baseUrl(doc = document) {
  const meta = doc.querySelector('meta[name="api-base-url"]');
  const value = meta && meta.content.trim();
  return value ? new URL(value, location.href).href : location.origin + "/";
}

export function resolve(path, base = baseUrl()) {
  return new URL(path, base).href;
}

const wait = (ms) => new Promise((done) => setTimeout(done, ms));

// fetch() under a deadline, for every request a widget makes (request below, and the
// navigation's page fetch): `read(response)` runs within it too, so a body that stalls is a
// timeout. Never throws: resolves to what `read` returns, or to
// { ok: false, status: 0, data: null, error: "timeout" | "network" | "aborted" }.
// A way to cancel a request made with fetchWithDeadline: pass `signal` in its init, call
// `cancel()`; the request then resolves to the error "aborted".
export function canceller() {
  const controller = new AbortController();
  return { signal: controller.signal, cancel: () => controller.abort() };
}

// `init.signal` (optional, a canceller's) cancels the request: then the error is "aborted".
export async function fetchWithDeadline(url, init, timeout, read) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  const { signal: cancel, ...rest } = init;
  cancel?.addEventListener("abort", () => controller.abort(), { once: true });
  try {
    const response = await fetch(url, { ...rest, credentials: "same-origin", signal: controller.signal });
    return await read(response);
  } catch {
    const error = cancel?.aborted ? "aborted" : controller.signal.aborted ? "timeout" : "network";
    return { ok: false, status: 0, data: null, error };
  } finally {
    clearTimeout(timer);
  }
}

async function readJson(response) {
  let data = null;
  let error = response.ok ? null : "status";
  if ((response.headers.get("Content-Type") || "").includes("application/json")) {
    data = await response.json().catch(() => null);
    if (data === null) error = "format";
  } else if (response.ok) {
    error = "format";
  }
  return { ok: error === null, status: response.status, data, error };
}

export async function request(
  path,
  { method = "GET", body, csrfToken, headers = {}, timeout = DEFAULT_TIMEOUT_MS, minDelay = 0 } = {},
) {
  const floor = wait(minDelay);
  const sendHeaders = { Accept: "application/json", ...headers };
  if (csrfToken) sendHeaders["X-CSRFToken"] = csrfToken;
  const result = await fetchWithDeadline(resolve(path), { method, body, headers: sendHeaders }, timeout, readJson);
  await floor;
  return result;
}
