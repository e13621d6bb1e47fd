"""One address per page: a trailing slash or repeated slashes answer 308 to the path
without them, query kept, and nothing is rendered."""

from __future__ import annotations

import pytest

from motorlab import config, create_app
from motorlab.pages.registry import public_paths

pytestmark = pytest.mark.shared_app
PAGES = [path for path in public_paths(create_app(config.TestConfig())) if path != "/"]


def get(client, path: str, query: str = ""):
    # PATH_INFO as a server passes it: the test client would read `//en` as a host name.
    return client.get("/", environ_overrides={"PATH_INFO": path, "QUERY_STRING": query})


@pytest.mark.parametrize(
    ("path", "target"),
    [
        *((page + "/", page) for page in PAGES),  # every page with a trailing slash
        ("//en/test", "/en/test"),
        ("/en//services", "/en/services"),
        ("///en", "/en"),
        ("/services//", "/services"),
        ("//", "/"),
        ("/en/", "/en"),
        ("/no-such-page/", "/no-such-page"),
    ],
)
def test_repeated_slashes_redirect_to_the_canonical_path(client, renders, path, target):
    response = get(client, path)
    assert response.status_code == 308 and response.headers["Location"] == target
    assert renders == []


def test_the_query_string_is_kept_and_an_encoded_path_stays_encoded(client):
    response = get(client, "/en/services/", "utm_source=mail&x=1")
    assert response.headers["Location"] == "/en/services?utm_source=mail&x=1"
    response = get(client, "/caf\xc3\xa9/")  # WSGI's latin-1 view of UTF-8 bytes
    assert response.headers["Location"] == "/caf%C3%A9"
