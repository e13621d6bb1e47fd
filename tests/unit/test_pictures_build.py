"""The build's pictures are reproducible: drawn again in this process, every drawing and icon
is byte for byte the file `make` wrote (a rebuild never changes a picture's hashed URL)."""

import pytest

from motorlab.build import icons
from motorlab.build.drawings import drawings


@pytest.mark.build
def test_every_drawing_and_icon_drawn_again_is_the_built_file(tmp_path):
    drawn = drawings()
    assert len(drawn) > 60
    assert [path.name for path, text in drawn.items() if path.read_text("utf-8") != text] == []
    written = icons.generate(tmp_path)
    built = sorted(path.name for path in icons.ICONS.iterdir() if path.is_file())
    assert sorted(path.name for path in written) == built
    assert [p.name for p in written if p.read_bytes() != (icons.ICONS / p.name).read_bytes()] == []
