"""The car brands of the group the agency works for (fictional names, drawn wordmarks: one
file, a view of it per brand)."""

from motorlab.content.types import Brand, Image

_NAMES = ("Valdora", "Nordvik", "Corvane", "Solmar", "Idrena", "Ardentia")

BRANDS: tuple[Brand, ...] = tuple(
    Brand(name, Image(f"img/brands.svg#{name.lower()}", name, 200, 56)) for name in _NAMES
)
_BY_NAME = {brand.name: brand for brand in BRANDS}


def brands_named(*names: str) -> tuple[Brand, ...]:
    """The brands of `names`, in the group's order (KeyError for a name not in the group)."""
    wanted = {_BY_NAME[name] for name in names}
    return tuple(brand for brand in BRANDS if brand in wanted)
