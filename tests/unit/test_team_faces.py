"""The team's pictures show people with faces: every portrait file draws a face with eyes,
brows, a nose and a mouth, no two portraits are the same face, and the team picture shows a
face for each person standing in it."""

from __future__ import annotations

from motorlab.build.drawings.canvas import parts
from motorlab.build.drawings.people import PEOPLE
from motorlab.content import team
from tests.support.app import STATIC

TEAM = STATIC / "img" / "team"
FACE = ["face", "eyes", "brows", "nose", "mouth"]


def members() -> list[str]:
    return [
        m.image.src.removeprefix("img/team/").removesuffix(".svg")
        for t in team.TEAMS
        for m in t.members
    ]


def test_every_member_has_a_drawn_person():
    assert sorted(members()) == sorted(PEOPLE)


def test_every_portrait_shows_a_face():
    for slug in members():
        shown = parts((TEAM / f"{slug}.svg").read_text("utf-8"))
        assert [p for p in shown if p in FACE] == FACE, slug


def test_no_two_portraits_share_a_face():
    """Eyes, mouth and the whole face markup differ enough that nobody is a copy."""
    faces = {slug: (PEOPLE[slug].eyes, PEOPLE[slug].brows, PEOPLE[slug].mouth) for slug in PEOPLE}
    assert len(set(faces.values())) == len(PEOPLE)
    files = {(TEAM / f"{slug}.svg").read_text("utf-8") for slug in members()}
    assert len(files) == len(members())


def test_the_portraits_have_expressions():
    """More than one kind of eyes and of mouth: a team, not a row of the same smiley."""
    assert {p.eyes for p in PEOPLE.values()} == {"open", "wide", "happy", "wink"}
    assert {p.mouth for p in PEOPLE.values()} == {"smile", "grin", "laugh", "smirk", "calm"}


def test_the_team_pictures_show_a_face_per_person():
    for name, people in (("photo-desktop.svg", 11), ("photo-mobile.svg", 7)):
        shown = parts((TEAM / name).read_text("utf-8"))
        assert [shown.count(p) for p in FACE] == [people] * len(FACE), name
