"""The team's pictures show people with faces: every member's portrait draws a face with eyes,
brows, a nose and a mouth, no two portraits are the same face, and the team picture shows a
face for each person standing in it."""

from __future__ import annotations

from motorlab.build.drawings.canvas import parts
from motorlab.build.drawings.people import PEOPLE
from motorlab.content import team
from tests.support.app import STATIC

TEAM = STATIC / "img" / "team"
FACE = ["face", "eyes", "brows", "nose", "mouth"]


def test_every_member_has_a_portrait_of_their_own_face_and_is_in_the_team_pictures():
    members = [
        m.image.src.removeprefix("img/team/").removesuffix(".svg")
        for t in team.TEAMS
        for m in t.members
    ]
    assert sorted(members) == sorted(PEOPLE)
    files = {slug: (TEAM / f"{slug}.svg").read_text("utf-8") for slug in members}
    for slug, text in files.items():
        assert [p for p in parts(text) if p in FACE] == FACE, slug
    assert len(set(files.values())) == len(members), "no two portraits are the same file"
    faces = {(p.eyes, p.brows, p.mouth) for p in PEOPLE.values()}
    assert len(faces) == len(PEOPLE), "eyes, brows and mouth differ from one face to the next"
    # A team, not a row of the same smiley: every kind of eyes and of mouth is someone's.
    assert {p.eyes for p in PEOPLE.values()} == {"open", "wide", "happy", "wink"}
    assert {p.mouth for p in PEOPLE.values()} == {"smile", "grin", "laugh", "smirk", "calm"}
    for name, people in (("photo-desktop.svg", 11), ("photo-mobile.svg", 7)):
        shown = parts((TEAM / name).read_text("utf-8"))
        assert [shown.count(p) for p in FACE] == [people] * len(FACE), name
