"""The car brands of the group the agency works for (fictional names, drawn wordmarks)."""

from motorlab.content.types import Brand, Image

_NAMES = ("Valdora", "Nordvik", "Corvane", "Solmar", "Idrena", "Ardentia")

BRANDS: tuple[Brand, ...] = tuple(
    Brand(name, Image(f"img/brands/{name.lower()}.svg", name, 200, 56)) for name in _NAMES
)
