"""Write the site's drawings and icons (`make`: python -m motorlab.build.pictures) and print the
files written, one a line: make's stamp, so a file that goes missing is drawn again."""

from __future__ import annotations

from motorlab.build import icons
from motorlab.build.drawings import drawings
from motorlab.paths import PROJECT_ROOT


def main() -> None:
    for path, text in drawings().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(path.relative_to(PROJECT_ROOT))
    for path in icons.generate():
        print(path.relative_to(PROJECT_ROOT))


if __name__ == "__main__":
    main()
