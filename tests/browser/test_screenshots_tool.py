"""`make screenshots`: the README's two shots in docs/, and the review set in build/screens/
(outside git), which SCREENS_ONLY=1 (`--screens-only`) writes alone."""

import importlib.util
import subprocess

import pytest
from PIL import Image

from tests.support.app import ROOT

pytestmark = pytest.mark.browser

spec = importlib.util.spec_from_file_location("screenshots", ROOT / "tests/tools/screenshots.py")
screenshots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(screenshots)

PAGES = ["home", "portfolio", "case-study", "about", "contact", "404"]


def test_the_review_set_is_every_page_in_both_languages_outside_git_and_leaves_docs_alone(
    browser, live_server, tmp_path, monkeypatch
):
    ignored = ["git", "check-ignore", "-q", str(screenshots.SCREENS / "home-es-375.png")]
    assert subprocess.run(ignored, cwd=ROOT).returncode == 0, "build/screens is outside git"
    monkeypatch.setattr(screenshots, "WINDOWS", {375: 812})  # one width: the test's budget
    monkeypatch.setattr(screenshots, "SCREENS", tmp_path / "screens")
    monkeypatch.setattr(screenshots, "DOCS", tmp_path / "docs")
    written = screenshots.shoot(live_server, readme=False, browser=browser)
    expected = sorted(f"{page}-{locale}-375.png" for page in PAGES for locale in ("es", "en"))
    assert sorted(path.name for path in written) == expected
    assert sorted(path.name for path in (tmp_path / "screens").iterdir()) == expected
    assert not (tmp_path / "docs").exists()
    for path in written:
        with Image.open(path) as image:
            assert image.format == "PNG" and image.width == 375 and image.height >= 812
    with Image.open(tmp_path / "screens" / "home-es-375.png") as home:
        assert home.height > 2 * 812, "the whole page, not its first screen"
    assert screenshots.review_pages() == {
        "home": "/",
        "portfolio": "/portfolio",
        "case-study": "/projects/ads",
        "about": "/aboutus",
        "contact": "/contact",
        "404": screenshots.MISSING,
    }
