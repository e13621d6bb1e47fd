"""URLs resolved as browsers resolve them (WHATWG URL, Node's `new URL`), not as urljoin does: a
browser reads `/\\evil.example` as `//evil.example` and drops tabs and newlines. One Node
process answers every question of a test run."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

# Reads lines of JSON [base, reference]; writes the resolved URL, or null when it fails to parse.
_RESOLVER = """
const lines = require("readline").createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const [base, reference] = JSON.parse(line);
  let resolved = null;
  try { resolved = new URL(reference, base).href; } catch { resolved = null; }
  process.stdout.write(JSON.stringify(resolved) + "\\n");
});
"""


class BrowserUrls:
    """`resolve(base, reference)`: the absolute URL a browser would go to."""

    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("Node.js is missing (it builds the widgets): install nodejs")
        self.process = subprocess.Popen(
            [node, "-e", _RESOLVER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def resolve(self, base: str, reference: str) -> str | None:
        self.process.stdin.write(json.dumps([base, reference]) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(10)
        self.process.stdout.close()


@pytest.fixture(scope="session")
def browser_urls():
    """One resolver for the whole run."""
    urls = BrowserUrls()
    yield urls
    urls.close()
