"""The widget build's manifest (esbuild's output, made by `make setup`)."""

from __future__ import annotations

import json

import pytest

from motorlab.rendering.assets import BUILD_DIR, MANIFEST, STATIC_FOLDER

BUILD = STATIC_FOLDER / BUILD_DIR


def read_widget_manifest() -> dict:
    path = STATIC_FOLDER / MANIFEST
    if not path.exists():
        pytest.fail(f"{path} is missing: run `make setup` (npm run build)")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def widget_manifest() -> dict:
    return read_widget_manifest()


@pytest.fixture(scope="session")
def react_chunk(widget_manifest) -> str:
    """The one chunk both React widgets share: React and react-dom."""
    widgets = widget_manifest["widgets"]
    shared = set(widgets["carousel"]["imports"]) & set(widgets["loading_bar"]["imports"])
    shared -= set(widget_manifest["entry"]["imports"])
    assert len(shared) == 1, shared
    return shared.pop()
