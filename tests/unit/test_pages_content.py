"""The content of the services, about and portfolio pages: real files, drawn here, translated."""

import pytest
from flask_babel import force_locale

from motorlab.content import portfolio, services, team
from tests.conftest import STATIC, images_in

PAGES_CONTENT = (
    services.SERVICES,
    services.TECHNOLOGY_GROUPS,
    team.PHOTO,
    team.TEAMS,
    portfolio.PROJECTS,
)


@pytest.mark.parametrize("image", list(images_in(PAGES_CONTENT)), ids=lambda i: i.src)
def test_every_image_exists_and_is_an_svg_drawn_here(image):
    text = (STATIC / image.src).read_text(encoding="utf-8")
    assert text.startswith("<svg") and "<script" not in text
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text
    assert f'viewBox="0 0 {image.width} {image.height}"' in text


def test_the_spec_counts():
    assert len(services.SERVICES) == 3
    assert all(len(s.benefits) >= 3 for s in services.SERVICES)
    assert len(services.TECHNOLOGY_GROUPS) == 4
    assert len(team.TEAMS) == 4
    assert 12 <= sum(len(t.members) for t in team.TEAMS) <= 16
    assert len(portfolio.PROJECTS) == 4


def test_lazy_strings_translate_to_spanish(app):
    with app.test_request_context("/"), force_locale("es"):
        assert [str(g.title) for g in services.TECHNOLOGY_GROUPS] == [
            "Front-End",
            "Back-End",
            "Bases de datos",
            "Desarrollo móvil",
        ]
        assert str(portfolio.CLIENTS_TITLE) == "Nuestros Clientes"
        assert str(team.TEAMS[0].members[0].image.alt) == "Retrato de Lucía Ferrer"
