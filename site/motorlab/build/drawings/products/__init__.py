"""The four products as they ship: each case study's hero and three screens, in each language."""

from motorlab.build.drawings.products import ads, kuzu, vc, viewbox

SCREENS = {
    ads: ("work-order", "planning", "history"),
    kuzu: ("scan", "report", "fault"),
    vc: ("configurator", "dealers", "booking"),
    viewbox: ("templates", "approval", "published"),
}
# The file of each drawing (under static/img, "{locale}" naming its language) and its maker.
DRAWINGS = {}
for module, screens in SCREENS.items():
    product = module.__name__.rsplit(".", 1)[-1]
    DRAWINGS[f"projects/{product}.{{locale}}.svg"] = getattr(module, product)
    for screen in screens:
        maker = getattr(module, f"{product}_{screen.replace('-', '_')}")
        DRAWINGS[f"projects/{product}/{screen}.{{locale}}.svg"] = maker
