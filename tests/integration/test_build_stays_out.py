"""Serving every public page and root file in a fresh interpreter loads no `motorlab.build`,
`motorlab.dev` or fontTools module."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support.app import ROOT

SERVE_EVERYTHING = """
import json, sys
from motorlab import create_app
from motorlab.config import TestConfig
from motorlab.icons import ROOT_FILES
from motorlab.pages.registry import public_paths
app = create_app(TestConfig())
client = app.test_client()
paths = public_paths(app) + list(ROOT_FILES)
statuses = {path: client.get(path).status_code for path in paths}
loaded = sorted(name for name in sys.modules if name.split(".")[0] == "fontTools"
                or name.split(".")[:2] in (["motorlab", "build"], ["motorlab", "dev"]))
print(json.dumps({"statuses": statuses, "loaded": loaded}))
"""


def test_serving_every_page_loads_no_build_or_development_code():
    command = [sys.executable, "-c", SERVE_EVERYTHING]
    result = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    )
    served = json.loads(result.stdout.splitlines()[-1])
    assert len(served["statuses"]) > 20
    assert set(served["statuses"].values()) == {200}
    assert served["loaded"] == []
