"""The content entities of the specification (section 3), as frozen dataclasses.

Strings are lazy gettext objects (`_l`), so the data exists at import time and is translated
when a template renders it. Links are route paths (`/services`); templates localize them with
the `localized` filter, so one datum serves both locales.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import LazyString

Text = LazyString | str


@dataclass(frozen=True)
class Image:
    src: str  # path under static/
    alt: Text  # empty string marks a decorative image
    width: int
    height: int


@dataclass(frozen=True)
class Brand:
    name: str  # a proper name: not translated
    logo: Image


@dataclass(frozen=True)
class ProjectCard:
    kind: Text  # spec: type
    title: Text
    image: Image  # spec: urlImage
    button_text: Text  # spec: textButton
    link: str  # spec: urlButton, a route path


@dataclass(frozen=True)
class Slide:
    title: Text
    description: Text
    image: Image  # spec: urlImage
    button_text: Text  # spec: textButton
    link: str  # spec: linkButton, a route path


@dataclass(frozen=True)
class Reason:
    """One item of the home page's "why us" section."""

    title: Text
    text: Text
    icon: Image


@dataclass(frozen=True)
class Service:
    title: Text
    description: Text
    image: Image  # spec: urlImage
    benefits: tuple[Text, ...] = ()


@dataclass(frozen=True)
class TechnologyItem:
    title: str
    image: Image  # spec: urlImage


@dataclass(frozen=True)
class TechnologyGroup:
    title: Text
    items: tuple[TechnologyItem, ...] = ()


@dataclass(frozen=True)
class TeamMember:
    title: str  # spec: the member's name
    position: Text
    image: Image  # spec: urlImage


@dataclass(frozen=True)
class Team:
    title: Text
    members: tuple[TeamMember, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class ResultItem:
    tstrong: Text  # the figure, e.g. "+500"
    text: Text


@dataclass(frozen=True)
class ContactLabels:
    name: Text
    email: Text
    tellus: Text
    submit: Text
    privacity: Text


@dataclass(frozen=True)
class Module:
    """One module of a case-study product; `icon` is decorative (the title says it all)."""

    title: Text
    icon: Image | None = None


@dataclass(frozen=True)
class Phase:
    """One step of how a project was run (discovery, sprints, pilot...)."""

    title: Text
    text: Text


@dataclass(frozen=True)
class Screen:
    """A drawn mock-up of a product screen, with its caption."""

    caption: Text
    image: Image


@dataclass(frozen=True)
class CaseStudy:
    """A case-study page (/projects/<slug>): the spec's overview, modules, methodology,
    screens, technologies and results; `results` is empty when the spec shows none."""

    slug: str  # also the route: /projects/<slug>
    name: str  # the product's name: not translated
    kind: Text
    description: Text  # the meta description
    lead: Text
    hero: Image
    overview: tuple[Text, ...]
    modules_text: Text
    modules: tuple[Module, ...]
    methodology: tuple[Phase, ...]
    screens: tuple[Screen, ...]
    technologies: tuple[str, ...]  # product names: not translated
    results: tuple[ResultItem, ...] = ()

    @property
    def path(self) -> str:
        return f"/projects/{self.slug}"


@dataclass(frozen=True)
class ArtDirectedImage:
    """One picture in two crops: `wide` from `media` up, `narrow` below (a <picture>)."""

    wide: Image
    narrow: Image
    media: str = "(min-width: 41rem)"
