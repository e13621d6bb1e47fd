"""The guideline shows the design system from the very tokens of site.css, styled by a
stylesheet of its own (styles/guideline.css) that holds every rule of site.css it needs."""

import re

import pytest

from motorlab import create_app
from motorlab.content import guideline
from motorlab.rendering import tokens
from tests.support.app import config_with, soup_of
from tests.support.widgets import BUILD, read_widget_manifest

MANIFEST = read_widget_manifest()
CSS = BUILD / MANIFEST["site.css"]  # the bundle every page but the guideline inlines
OWN_CSS = BUILD / MANIFEST["guideline.css"]  # the guideline's instead


def test_guideline_lists_the_tokens_and_breakpoints_of_the_stylesheet_and_draws_each_token():
    css = CSS.read_text(encoding="utf-8")
    # The bundle opens with the fonts' @font-face rules, then the tokens' :root block.
    root = re.search(r"(?:^|\})\s*:root\s*\{([^}]*)\}", css, re.MULTILINE).group(1)
    listed = [token.name for token in guideline.ALL_TOKENS]
    assert len(listed) == len(set(listed))
    assert set(listed) == set(re.findall(r"--([\w-]+)\s*:", root))
    in_css = {int(rem) for rem in re.findall(r"@media ?\(min-width: ?(\d+)rem\)", css)}
    listed = {rem for rem, _ in guideline.LAYOUT_BREAKPOINTS}
    assert in_css == listed == {41, 48, 64, 65, 72, 91, 121}
    # Every sample of the guideline's own stylesheet is drawn by its token.
    own = OWN_CSS.read_text(encoding="utf-8")
    for group, rule in (
        (guideline.COLORS, ".c-swatch--{0}{{background:var(--{0})}}"),
        (guideline.TYPE_SCALE, ".c-type--{0}{{font-size:var(--{0})}}"),
        (guideline.SPACING, ".c-space--{0}{{width:var(--{0})}}"),
    ):
        assert [t.name for t in group if rule.format(t.name) not in own] == [], rule


@pytest.mark.parametrize("path", ["/guideline", "/en/guideline"])
def test_guideline_shows_tokens_grid_breakpoints_and_components(client, path):
    response = client.get(path)
    assert response.status_code == 200
    soup = soup_of(response)
    assert "l-body--guideline" in soup.body["class"]
    toc = soup.find("nav", class_="l-guideline__toc")
    targets = [a["href"] for a in toc.find_all("a")]
    assert len(targets) >= 8
    for target in targets:
        assert soup.find(id=target.removeprefix("#")).name == "section", target
    # On a phone the contents stack above the sections: the heading still opens the page.
    assert soup.find("h1") in toc.find_all_previous("h1")

    text = soup.find("main").get_text(" ")
    values = tokens.root_tokens()
    for token in guideline.ALL_TOKENS:
        assert f"--{token.name}" in text
        assert values[token.name] in text, token.name
    chips = {c for el in soup.select(".c-swatch__chip") for c in el["class"]}
    assert {f"c-swatch--{t.name}" for t in guideline.COLORS} <= chips

    assert len(soup.find(id="grid").find("div", class_="l-grid").find_all("span")) == 24
    breakpoints = soup.find(id="breakpoints")
    for rem in (41, 48, 65, 91, 121):
        assert f"{rem} rem" in breakpoints.get_text(" ")
    cells = [tr.find_all(["th", "td"]) for tr in breakpoints.find("tbody").find_all("tr")]
    rows = [" ".join(cell.get_text(strip=True) for cell in row) for row in cells]
    assert ", ".join(rows) == (
        "xs 320 px, sm 640 px, md 768 px, lg 1024 px, xl 1280 px, xxl 1536 px, 2xl 1536 px"
    )

    assert len(soup.find(id="buttons").find_all("a", class_="c-button")) >= 3
    assert soup.find(id="cards").find("article", class_="c-card")
    fields = soup.find(id="fields")
    assert fields.find("form") is None  # examples, never sent
    inputs = fields.find_all(["input", "textarea"])
    assert len(inputs) == 3
    for control in inputs:
        assert fields.find("label", attrs={"for": control["id"]})
        for described in control.get("aria-describedby", "").split():
            assert fields.find(id=described)
    invalid = fields.find(attrs={"aria-invalid": "true"})
    assert invalid and invalid.get("aria-describedby")


def styled_classes(css: str) -> set[str]:
    """The classes a stylesheet's selectors name."""
    css = re.sub(r'url\([^)]*\)|"[^"]*"', "", css)
    return set(re.findall(r"\.(-?[_a-zA-Z][\w-]*)", css))


@pytest.mark.parametrize("analytics", [False, True], ids=["plain", "analytics"])
def test_the_guideline_stylesheet_styles_every_class_the_page_uses(analytics):
    """Its own stylesheet imports only what the page shows of the site: a component the page
    comes to show needs its import in styles/guideline.css too. Every class of the page that
    the shared stylesheet styles is styled by the guideline's (with ANALYTICS_ID set, the
    consent's block comes after it, as on every page)."""
    app = create_app(config_with(ANALYTICS_ID="G-TEST12345" if analytics else ""))
    shared = styled_classes(CSS.read_text(encoding="utf-8"))
    own = styled_classes(OWN_CSS.read_text(encoding="utf-8"))
    consent = styled_classes((BUILD / MANIFEST["consent_banner.css"]).read_text(encoding="utf-8"))
    for path in ("/guideline", "/en/guideline"):
        soup = soup_of(app.test_client().get(path))
        used = {name for tag in soup.find_all(class_=True) for name in tag["class"]}
        missing = (used & shared) - own - (consent if analytics else set())
        assert missing == set(), path
