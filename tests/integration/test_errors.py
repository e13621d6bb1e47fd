"""Error pages: 404 in the locale of the prefix, the generic page, and the fallback page."""

import pytest
from bs4 import BeautifulSoup
from jinja2 import ChoiceLoader, DictLoader

from motorlab.build.export import ERROR_PAGE_PATH, ERROR_PAGES, PREFIXES
from motorlab.web.self_request import error_page
from tests.support.app import soup_of, visible_text

ES_404 = ("es", "No se ha encontrado esta página", "Volver a la página de inicio", "/")
EN_404 = ("en", "This page could not be found", "Back to the home page", "/en")


@pytest.mark.shared_app
@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/no-such-page", ES_404),
        ("/en/no-such-page", EN_404),
        ("/en/nope/", EN_404),
        ("/english", ES_404),
    ],
)
def test_not_found_in_the_locale_of_the_prefix(client, path, expected):
    lang, message, link_text, home = expected
    response = client.get(path, follow_redirects=True)  # `/en/nope/` -> 308 `/en/nope`
    assert response.status_code == 404
    soup = soup_of(response)
    assert (soup.html["lang"], soup.h1.get_text(strip=True)) == (lang, message)
    link = soup.find("main").find("a", string=link_text)
    assert link is not None and link["href"] == home
    assert soup.find("meta", attrs={"name": "robots"})["content"] == "noindex"
    assert soup.find("link", rel="canonical") is None


def test_unexpected_errors_show_the_generic_page_or_if_that_fails_a_minimal_one(app):
    @app.route("/boom")
    def boom():
        raise RuntimeError("secret detail")

    client = app.test_client()
    response = client.get("/boom")
    assert response.status_code == 500
    soup = soup_of(response)
    assert soup.h1.get_text(strip=True) == "Error"
    assert "500" in visible_text(soup)
    body = response.get_data(as_text=True)
    assert "secret detail" not in body and "Traceback" not in body
    # The error template itself failing: the built-in page, still in the path's language.
    broken = DictLoader({"errors/error.html": "{% extends 'missing.html' %}"})
    app.jinja_env.loader = ChoiceLoader([broken, app.jinja_env.loader])
    spanish = ("Se ha producido un error al mostrar la página de error", "Volver al inicio", "/")
    english = ("An error occurred while showing the error page", "Go back to home", "/en")
    for path, status, lang, (text, link_text, home) in [
        ("/boom", 500, "es", spanish),
        ("/en/missing", 404, "en", english),
    ]:
        response = client.get(path)
        assert response.status_code == status
        soup = soup_of(response)
        assert soup.html["lang"] == lang
        assert soup.h1.get_text(strip=True) == text
        assert soup.find("a", string=link_text)["href"] == home


@pytest.mark.shared_app
def test_http_errors_keep_their_status_and_localised_message(client):
    response = client.post("/")
    assert response.status_code == 405 and "GET" in response.headers["Allow"]
    soup = soup_of(response)
    assert "405" in visible_text(soup)
    assert soup.h1.get_text(strip=True) == "Esta dirección no admite ese tipo de petición"
    long = client.get("/" + "a" * 5000)
    assert long.status_code == 414
    assert soup_of(long).h1.get_text(strip=True) == "La dirección es demasiado larga"


HOSTILE_PATHS = [
    "/%00",
    "/en/%00",
    "/%00/../etc/passwd",
    "/..%2f..%2fetc/passwd",
    "/%C0%AF",
    "/%ff%fe",
    "/%E2%80%AE",
    "/" + "a" * 5000,
    "/en/" + "%F0%9F%9A%97" * 300,
    "/static/%00",
    "/static/../config.py",
    "/en/%0d%0aSet-Cookie:x=1",
    "/<script>alert(1)</script>",
    "/language/%00",
    "/language/en?next=%00",
    "/?next=%0d%0a",
]


@pytest.mark.shared_app
@pytest.mark.parametrize("path", HOSTILE_PATHS)
def test_hostile_paths_answer_4xx_without_traceback(client, path):
    response = client.get(path)
    assert response.status_code < 500
    body = response.get_data(as_text=True)
    assert "Traceback" not in body
    assert "<script>alert" not in body
    assert "Set-Cookie" not in response.headers or path.startswith("/language")


@pytest.mark.shared_app
@pytest.mark.parametrize("locale", ["es", "en"])
def test_the_not_found_page_has_its_drawing_and_other_errors_none(app, client, locale):
    """The 404s the app answers and the export writes show their drawing (decorative, sized)
    beside the way home and the sections; the other error pages have none."""
    prefix = PREFIXES[locale]
    answered = soup_of(client.get(f"{prefix}/no-such-page"))
    pages = {"app 404": answered}
    for status in ERROR_PAGES:
        html = error_page(app, prefix + ERROR_PAGE_PATH, status).decode()
        pages[f"export {status}"] = BeautifulSoup(html, "html.parser")
    drawings = {
        name: [
            (img["src"].split("?")[0], img["alt"], img["width"], img["height"])
            for img in soup.select("main .c-error img")
        ]
        for name, soup in pages.items()
    }
    drawing = [("/static/img/not-found.svg", "", "480", "360")]
    assert drawings == {name: drawing if name.endswith("404") else [] for name in pages}
    section = answered.select_one("main .c-error")
    assert section.find("h1") and section.select_one(".c-error__sections li")
