"""The edge against a hostile client (#21): what gunicorn takes from a request cannot change
where the app thinks it is mounted, and nginx keeps answering under slow connections."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from bs4 import BeautifulSoup

from motorlab import create_app
from tests.conftest import config_with


def fetch(url: str, headers: dict | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def stylesheet_and_lang(body: str) -> tuple[str, str]:
    page = BeautifulSoup(body, "html.parser")
    return page.find("link", rel="stylesheet")["href"], page.html["lang"]


@pytest.fixture(scope="module")
def gunicorn_alone(session_dir):
    """The app under gunicorn on loopback, which is in gunicorn's default
    `forwarded_allow_ips`: the SCRIPT_NAME header is taken from this client."""
    from tests.servers import app_environment, start_gunicorn

    workdir = session_dir / "edge-gunicorn"
    workdir.mkdir()
    server, base = start_gunicorn("wsgi:app", app_environment(workdir / "outbox.sqlite3"), workdir)
    yield base
    server.stop()


def test_a_script_name_header_cannot_poison_the_page_cache(gunicorn_alone):
    """#21: `SCRIPT_NAME: /en` on /en/aboutus had /aboutus stored with /en/static/… links."""
    cookie = {"Cookie": "i18n_redirected=es"}
    status, body = fetch(gunicorn_alone + "/en/aboutus", {**cookie, "SCRIPT_NAME": "/en"})
    assert status == 200
    stylesheet, lang = stylesheet_and_lang(body)
    assert lang == "en" and stylesheet.startswith("/static/"), "the English page, at the root"
    for _ in range(3):  # whichever worker answers
        status, body = fetch(gunicorn_alone + "/aboutus", cookie)
        stylesheet, lang = stylesheet_and_lang(body)
        assert status == 200 and lang == "es" and stylesheet.startswith("/static/")
        assert fetch(gunicorn_alone + stylesheet.split("?")[0])[0] == 200


def test_a_configured_prefix_is_the_only_script_name():
    app = create_app(config_with(SCRIPT_NAME="/site"))
    client = app.test_client()  # builds requests under APPLICATION_ROOT, here /site
    client.set_cookie("i18n_redirected", "es")

    def get(script_name: str, path: str):
        return client.get(path, environ_overrides={"SCRIPT_NAME": script_name, "PATH_INFO": path})

    page = get("", "/site/en/services")
    assert page.status_code == 200
    assert stylesheet_and_lang(page.get_data(as_text=True))[0].startswith("/site/static/")
    assert get("", "/en/services").status_code == 404, "outside the prefix"
    forged = get("/site/en", "/services")  # a server that took SCRIPT_NAME from a header
    assert forged.status_code == 200
    assert stylesheet_and_lang(forged.get_data(as_text=True)) == (
        stylesheet_and_lang(page.get_data(as_text=True))
    )
