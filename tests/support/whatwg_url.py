"""URLs resolved as browsers resolve them (WHATWG URL, Node's `new URL`), not as urljoin does: a
browser reads `/\\evil.example` as `//evil.example` and drops tabs and newlines."""

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


@pytest.fixture(scope="session")
def browser_urls():
    """`browser_urls(base, reference)`: the absolute URL a browser would go to (one Node process
    for the whole run)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js is missing (it builds the widgets): install nodejs")
    process = subprocess.Popen(
        [node, "-e", _RESOLVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, encoding="utf-8"
    )

    def resolve(base: str, reference: str) -> str | None:
        process.stdin.write(json.dumps([base, reference]) + "\n")
        process.stdin.flush()
        return json.loads(process.stdout.readline())

    yield resolve
    process.stdin.close()
    process.wait(10)
    process.stdout.close()
