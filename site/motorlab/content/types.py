"""The content entities of the specification (section 3), as frozen dataclasses: lazy strings,
translated when rendered, and links by endpoint (`url_for` adds the locale)."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import LazyString

Text = LazyString | str


@dataclass(frozen=True)
class Link:
    """A page of the site: `url_for(link.endpoint, **link.params)` in a template."""

    endpoint: str  # e.g. "pages.services", "pages.case_study"
    values: tuple[tuple[str, str], ...] = ()  # URL values, e.g. (("slug", "ads"),)

    @property
    def params(self) -> dict[str, str]:
        return dict(self.values)


@dataclass(frozen=True)
class NavItem:
    label: Text
    link: Link


@dataclass(frozen=True)
class Image:
    src: str  # path under static/; "{locale}" in it: a drawing with words, a file per language
    alt: Text  # empty string marks a decorative image
    width: int
    height: int

    @classmethod
    def drawn(cls, name: str, alt: Text, width: int, height: int) -> Image:
        """A drawing with words, one per language: `ads/planning` in img/projects/."""
        return cls(f"img/projects/{name}.{{locale}}.svg", alt, width, height)

    def file(self, locale: str) -> str:
        """The path of the file a page in `locale` shows."""
        return self.src.replace("{locale}", locale).partition("#")[0]

    @property
    def fragment(self) -> str:
        """`#<view>` when the picture is one view of a file that holds several, else empty."""
        _, mark, view = self.src.partition("#")
        return mark + view


@dataclass(frozen=True)
class Brand:
    name: str  # a proper name: not translated
    logo: Image


@dataclass(frozen=True)
class Card:
    """A home slide or a project card: a picture, a title, a line and a button's link."""

    title: Text
    text: Text  # a slide's description, a project's kind (e.g. "Fault-reporting app")
    image: Image
    button_text: Text
    link: Link  # where the button leads
    brands: tuple[Brand, ...] = ()  # a project's: the group's brands it serves
    result: ResultItem | None = None  # a project's headline figure


@dataclass(frozen=True)
class Point:
    """A titled point of a list: a reason, a step of a method, a module, a technology."""

    title: Text
    text: Text = ""
    icon: Image | None = None


@dataclass(frozen=True)
class Service:
    title: Text
    description: Text
    image: Image
    benefits: tuple[Text, ...] = ()


@dataclass(frozen=True)
class TechnologyGroup:
    title: Text
    items: tuple[Point, ...] = ()  # each a name and its icon


@dataclass(frozen=True)
class TeamMember:
    title: str  # the member's name
    position: Text
    image: Image


@dataclass(frozen=True)
class Team:
    title: Text
    members: tuple[TeamMember, ...]


@dataclass(frozen=True)
class ResultItem:
    figure: Text  # e.g. "+500"
    text: Text
    meaning: Text = ""  # a case study's: what the figure meant for the brands


@dataclass(frozen=True)
class ContactLabels:
    name: Text
    email: Text
    description: Text
    submit: Text
    sending: Text  # the submit button's text while the form is being sent (with JavaScript)
    privacy_note: Text
    summary_title: Text  # the error summary's title, above the fields


@dataclass(frozen=True)
class ContactSent:
    title: Text
    message: Text
    steps_title: Text
    steps: tuple[Text, ...]
    back: Text  # the link to the home page
    send_another: Text  # the link back to an empty form


@dataclass(frozen=True)
class Screen:
    caption: Text
    image: Image

    @classmethod
    def drawn(cls, name: str, caption: Text, alt: Text, size=(400, 520)) -> Screen:
        return cls(caption, Image.drawn(name, alt, *size))


@dataclass(frozen=True)
class Quote:
    text: Text
    name: str
    role: Text


@dataclass(frozen=True)
class CaseStudy:
    """A case-study page (/projects/<slug>)."""

    slug: str  # the route's value: /projects/<slug>
    name: str  # the product's name: not translated
    kind: Text
    description: Text  # the meta description
    lead: Text
    hero: Image
    overview: tuple[Text, ...]
    modules_text: Text
    module_count: int  # as `modules_text` states it (ADS: 15, with 14 modules listed)
    modules: tuple[Point, ...]
    methodology: tuple[Point, ...]
    screens: tuple[Screen, ...]
    technologies: tuple[str, ...]  # product names: not translated
    brands: tuple[Brand, ...]  # the group's brands it serves (content/brands.py)
    challenge: Text  # the story: what the brands needed...
    built: Text  # ...and what we built for it
    quote: Quote  # a word from the brands' side
    medium: str  # phone-app, back-office, public-site or cms: the page's layout follows it
    results: tuple[ResultItem, ...] = ()  # empty: `highlight` heads its card instead
    highlight: ResultItem | None = None

    @property
    def headline(self) -> ResultItem | None:
        """The figure a card leads with: the first result, or the highlight without results."""
        return self.results[0] if self.results else self.highlight

    @property
    def link(self) -> Link:
        return Link("pages.case_study", (("slug", self.slug),))


@dataclass(frozen=True)
class ArtDirectedImage:
    """One picture in two crops: `wide` from `media` up, `narrow` (if any) below."""

    wide: Image
    narrow: Image | None = None
    media: str = "(min-width: 41rem)"
