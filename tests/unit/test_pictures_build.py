"""The build's pictures are reproducible: drawn again in this process, every drawing and icon
is byte for byte the file `make` wrote (a rebuild never changes a picture's hashed URL)."""

import pytest

from motorlab.build import icons
from motorlab.build.drawings import drawings


@pytest.mark.build
def test_every_drawing_drawn_again_is_the_built_file():
    drawn = drawings()
    assert len(drawn) > 60
    changed = [path.name for path, text in drawn.items() if path.read_text("utf-8") != text]
    assert changed == []


@pytest.mark.build
def test_every_icon_drawn_again_is_the_built_file(tmp_path):
    written = icons.generate(tmp_path)
    assert sorted(path.name for path in written) == sorted(
        path.name for path in icons.ICONS.iterdir() if path.is_file()
    )
    assert [p.name for p in written if p.read_bytes() != (icons.ICONS / p.name).read_bytes()] == []
