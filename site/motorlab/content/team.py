"""Content of the about page: the team photo and the four teams (fictional people)."""

from flask_babel import lazy_gettext as _l

from motorlab.content.types import ArtDirectedImage, Image, Team, TeamMember

PAGE_TITLE = _l("About us")
PAGE_DESCRIPTION = _l(
    "Meet the leadership, developers, designers and scrum masters of Motorlab Digital."
)

TITLE = _l("The people behind the software")
INTRO = _l(
    "Designers, developers and scrum masters who have spent years in showrooms and workshops, "
    "building products for the brands of one car group."
)
BRANDS_TITLE = _l("The brands we work for")
BRANDS_TEXT = _l(
    "Six car brands share our platforms, and each of them keeps its own voice and identity."
)

PHOTO_TITLE = _l("One team, one studio")
PHOTO_TEXT = _l(
    "We work in one open studio, next to the product owners of the brands, and visit dealers "
    "and workshops every sprint."
)
_PHOTO_ALT = _l("Illustration of the Motorlab Digital team together in the studio")
PHOTO = ArtDirectedImage(
    wide=Image("img/team/photo-desktop.svg", _PHOTO_ALT, 1200, 500),
    narrow=Image("img/team/photo-mobile.svg", _PHOTO_ALT, 600, 600),
)

TEAMS_TITLE = _l("Our team")


def _member(name: str, slug: str, position) -> TeamMember:
    return TeamMember(
        name,
        position,
        Image(f"img/team/{slug}.svg", _l("Portrait of %(name)s", name=name), 160, 160),
    )


TEAMS: tuple[Team, ...] = (
    Team(
        # TRANSLATORS: heading of a group of the team (two women, one man): the company's heads.
        _l("Leadership"),
        (
            # TRANSLATORS: job title of Lucía Ferrer, a woman (feminine in Spanish).
            _member("Lucía Ferrer", "lucia-ferrer", _l("Chief executive officer and co-founder")),
            # TRANSLATORS: job title of Javier Montalbán, a man (masculine in Spanish).
            _member("Javier Montalbán", "javier-montalban", _l("Chief technology officer")),
            # TRANSLATORS: job title of Marta Oliveira, a woman (feminine in Spanish).
            _member("Marta Oliveira", "marta-oliveira", _l("Head of delivery")),
        ),
    ),
    Team(
        # TRANSLATORS: heading of a group of the team: two women and two men.
        _l("Developers"),
        (
            # TRANSLATORS: job title of Daniel Ortega, a man (masculine in Spanish).
            _member("Daniel Ortega", "daniel-ortega", _l("Lead front-end developer")),
            # TRANSLATORS: job title of Irene Castells, a woman (feminine in Spanish).
            _member("Irene Castells", "irene-castells", _l("Back-end developer")),
            # TRANSLATORS: job title of Tomás Nieminen, a man (masculine in Spanish).
            _member("Tomás Nieminen", "tomas-nieminen", _l("Mobile developer")),
            # TRANSLATORS: job title of Sofía Varela, a woman (feminine in Spanish).
            _member("Sofía Varela", "sofia-varela", _l("Full-stack developer")),
        ),
    ),
    Team(
        # TRANSLATORS: heading of a group of the team: two women and one man.
        _l("UI/UX Designers"),
        (
            # TRANSLATORS: job title of Clara Duarte, a woman (feminine in Spanish).
            _member("Clara Duarte", "clara-duarte", _l("Lead UX designer")),
            # TRANSLATORS: job title of Hugo Lambert, a man (masculine in Spanish).
            _member("Hugo Lambert", "hugo-lambert", _l("UI designer")),
            # TRANSLATORS: job title of Nerea Goikoetxea, a woman (feminine in Spanish).
            _member("Nerea Goikoetxea", "nerea-goikoetxea", _l("UX researcher")),
        ),
    ),
    Team(
        # TRANSLATORS: heading of a group of the team: two men and one woman.
        _l("Scrum masters"),
        (
            # TRANSLATORS: job title of Pablo Ruiz and of Andrés Galán, both men.
            _member("Pablo Ruiz", "pablo-ruiz", _l("Scrum master")),
            # TRANSLATORS: job title of Elena Bianchi, a woman (feminine in Spanish).
            _member("Elena Bianchi", "elena-bianchi", _l("Agile coach and scrum master")),
            _member("Andrés Galán", "andres-galan", _l("Scrum master")),
        ),
    ),
)
