"""The site's drawings with words or the brand's colours, as small SVG files `make` writes under
static/img/ (motorlab.build.pictures), the product screens once per declared language."""

from __future__ import annotations

from pathlib import Path

from motorlab.build.drawings import brands, people, products, scenes, tech, wordmark
from motorlab.build.drawings.language import speaking
from motorlab.content.brands import BRANDS
from motorlab.i18n import LOCALES

IMG = Path(__file__).resolve().parents[2] / "static" / "img"


def drawings() -> dict[Path, str]:
    """Every drawing of the site by its file, the product screens once per language."""
    drawn = {}
    for locale in LOCALES:
        with speaking(locale):
            for name, draw in products.DRAWINGS.items():
                drawn[IMG / name.replace("{locale}", locale)] = draw()
    drawn[IMG / "brands.svg"] = brands.sprite([brand.name for brand in BRANDS])
    drawn[IMG / "wordmark.svg"] = wordmark.draw()
    drawn[IMG / "hero.svg"] = scenes.hero()
    drawn[IMG / "not-found.svg"] = scenes.not_found()
    for slug in people.PEOPLE:
        drawn[IMG / "team" / f"{slug}.svg"] = people.portrait(slug)
    everyone = list(people.PEOPLE)
    drawn[IMG / "team" / "photo-desktop.svg"] = people.team_photo(1200, 500, everyone[:11], 1.25)
    drawn[IMG / "team" / "photo-mobile.svg"] = people.team_photo(600, 600, everyone[4:11], 1.05)
    for slug in tech.TECH:
        drawn[IMG / "tech" / f"{slug}.svg"] = tech.tech_icon(slug)
    return drawn
