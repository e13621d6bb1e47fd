"""Who the site speaks for (PRODUCT.md, "Identity"), stated once. A name standing alone comes
from here; inside a translated sentence it stays there, for the translators."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup


@dataclass(frozen=True)
class Agency:
    short_name: str  # the page titles' suffix; set bold in the header's brand
    descriptor: str  # the rest of the full name, set lighter after the short name
    abbreviation: str  # the footer's legal line
    founding_year: int

    @property
    def name(self) -> str:
        return f"{self.short_name} {self.descriptor}"


AGENCY = Agency(short_name="Motorlab", descriptor="Digital", abbreviation="MLD", founding_year=2012)


def page_title(title: str) -> Markup:
    """A page's <title> (and share cards'): the page's own, then the short name, escaped."""
    return Markup("{} | {}").format(title, AGENCY.short_name)
