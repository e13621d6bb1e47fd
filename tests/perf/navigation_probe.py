"""bench_navigation's probe: a throttled page whose isolated-world script reports the click and
the new page's <h1> rendering."""

import json
import time
from urllib.parse import urlsplit

# Lighthouse's mobile throttling (its "Slow 4G" figures), in the protocol's units (bytes/s).
NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 750 * 1024 / 8,
}
CPU_SLOWDOWN = 4
QUIET_MS = 500  # a quiet network: no request in flight for this long (Playwright's networkidle)
TIMEOUT_S = 60

WORLD = "motorlab-bench"
BINDING = "__motorlabBenchReport"
# The isolated world's script (see bench_navigation.py's docstring). `doc` names the document, `n`
# counts the <h1>s it has marked: a click reports how many there were, a heading shown its own.
WATCHER = """(() => {
  const MARK = "bench-h1-";
  const doc = Math.random().toString(36).slice(2);
  let count = 0;
  const report = (kind, time, n) => window.BINDING(JSON.stringify(
    {kind, doc, n, path: location.pathname, t: performance.timeOrigin + time}));
  const mark = (node) => {
    const found = node.matches("h1") ? [node] : node.querySelectorAll("h1");
    for (const h1 of found) {
      if (!h1.hasAttribute("elementtiming")) h1.setAttribute("elementtiming", MARK + ++count);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node.nodeType === 1) mark(node);
    }
  }).observe(document, {childList: true, subtree: true});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.identifier.startsWith(MARK)) continue;
      const n = Number(entry.identifier.slice(MARK.length));
      report("shown", entry.renderTime || entry.loadTime, n);
    }
  }).observe({type: "element", buffered: true});
  addEventListener("click", (event) => report("click", event.timeStamp, count), true);
})();""".replace("BINDING", BINDING)


class Probe:
    """One throttled page with the watcher in it: its reports, the requests in flight, and
    whether the target was asked for by a navigation request."""

    def __init__(self, context, page, target: str) -> None:
        self.page = page
        self.target = target
        self.reports: list[dict] = []
        self.in_flight: set = set()
        self.last_change = time.monotonic()
        self.navigations: list[str] = []
        session = context.new_cdp_session(page)
        session.on("Runtime.bindingCalled", self._reported)
        session.send("Runtime.enable")
        session.send("Runtime.addBinding", {"name": BINDING, "executionContextName": WORLD})
        session.send("Page.enable")
        script = {"source": WATCHER, "worldName": WORLD}
        session.send("Page.addScriptToEvaluateOnNewDocument", script)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", NETWORK)
        session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)

    def _reported(self, event: dict) -> None:
        if event["name"] == BINDING:
            self.reports.append(json.loads(event["payload"]))

    def _started(self, request) -> None:
        self.in_flight.add(request)
        self.last_change = time.monotonic()
        if request.is_navigation_request() and urlsplit(request.url).path == self.target:
            self.navigations.append(request.url)

    def _ended(self, request) -> None:
        self.in_flight.discard(request)
        self.last_change = time.monotonic()

    def _wait(self, found, what: str):
        deadline = time.monotonic() + TIMEOUT_S
        while (result := found()) is None:
            if time.monotonic() > deadline:
                raise RuntimeError(f"no {what} within {TIMEOUT_S} s")
            self.page.wait_for_timeout(10)
        return result

    def quiet(self) -> None:
        """Wait until no request has been in flight for QUIET_MS."""

        def still() -> bool | None:
            idle = time.monotonic() - self.last_change > QUIET_MS / 1000
            return True if idle and not self.in_flight else None

        self._wait(still, "quiet network")

    def _report(self, since: int, kind: str, path: str | None = None, click: dict | None = None):
        """The first report of `kind` since the `since`th (of `path`; with `click`, a heading
        marked after it: in another document, or later in the click's own)."""
        for r in self.reports[since:]:
            later = click is None or r["doc"] != click["doc"] or r["n"] > click["n"]
            if r["kind"] == kind and path in (None, r["path"]) and later:
                return r
        return None

    def click(self, path: str, hover_ms: int = 0) -> tuple[dict, dict]:
        """Click the page's (first visible) link to `path`, after resting on it `hover_ms`;
        the click's report and the report of `path`'s heading shown."""
        links = self.page.locator(f'a[href="{path}"]:visible')
        if not links.count():
            raise SystemExit(f"{self.page.url} has no visible link to {path}")
        box = links.first.bounding_box()
        seen = len(self.reports)
        # The mouse itself, not Playwright's click: its checks before pressing would lengthen
        # the hover. One move onto the link (one pointerover), then a press at once.
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if hover_ms:
            self.page.wait_for_timeout(hover_ms)
        self.page.mouse.down()
        self.page.mouse.up()
        click = self._wait(lambda: self._report(seen, "click"), "click")
        shown = self._wait(lambda: self._report(seen, "shown", path, click), f"heading of {path}")
        return click, shown
