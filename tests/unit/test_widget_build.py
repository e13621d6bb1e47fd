"""The widget build is reproducible: building the same sources twice gives the same
content-hashed files and manifest, and the one in static/build/ is up to date."""

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def build(outdir: Path) -> dict[str, bytes]:
    subprocess.run(
        ["node", "widgets/build.mjs", f"--outdir={outdir}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=120,
    )
    return {str(p.relative_to(outdir)): p.read_bytes() for p in outdir.rglob("*") if p.is_file()}


def test_build_is_reproducible_and_current(tmp_path, widget_manifest):
    first = build(tmp_path / "a")
    second = build(tmp_path / "b")
    assert first == second
    assert json.loads(first["manifest.json"]) == widget_manifest  # make setup built these sources
    named = {widget_manifest["entry"]["file"], *widget_manifest["entry"]["imports"]}
    for widget in widget_manifest["widgets"].values():
        named.update([widget["file"], *widget["imports"]])
    assert {name for name in first if name.endswith(".js")} == named  # nothing unaccounted
