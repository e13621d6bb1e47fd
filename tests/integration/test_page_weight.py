"""Every page fits TCP's initial window (RFC 6928): one byte over waits a whole round trip.
Default configuration (ANALYTICS_ID adds about 900 bytes); /test is not exported: left out."""

from __future__ import annotations

import pytest
from werkzeug.exceptions import abort

from motorlab import config, create_app
from motorlab.build.export import ERROR_PAGES
from motorlab.i18n import COOKIE_NAME, LOCALES, localized_rule
from motorlab.pages import registry
from tests.support.contact_support import csrf_token

WINDOW = 10 * 1460  # TCP's first window: 10 segments of 1,460 bytes
BUDGET = WINDOW - 800  # a margin for the server's own header lines and TLS
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # Chromium's
SERVED = registry.listed_pages()
PATHS = [localized_rule(page.path, locale) for page in SERVED for locale in LOCALES]
# Every status that has an error page: the export's (nginx answers them), the app's 403 and 500.
STATUSES = sorted({*ERROR_PAGES, 403, 500})


def transfer_size(response) -> int:
    """The answer as HTTP/1.1 puts it on the wire, its body compressed as the browser asked."""
    head = f"HTTP/1.1 {response.status}\r\n"
    head += "".join(f"{name}: {value}\r\n" for name, value in response.headers.items())
    return len((head + "\r\n").encode("latin-1")) + len(response.data)


def over_budget(answers) -> dict[str, int]:
    sizes = {}
    for name, response in answers:
        assert response.headers.get("Content-Encoding") == "br", name
        sizes[name] = transfer_size(response)
    return {name: size for name, size in sizes.items() if size > BUDGET}


@pytest.fixture
def app():
    app = create_app(config.TestConfig())

    # A route for each error page's status, as a request in each language meets it.
    def fail(code: int):
        abort(code)

    for locale in LOCALES:
        app.add_url_rule(localized_rule("/__status/<int:code>", locale), view_func=fail)
    return app


def visit(app, path: str, locale: str | None = None, **headers):
    client = app.test_client()
    if locale:
        client.set_cookie(COOKIE_NAME, locale)
    return client.get(path, headers={**BROWSER, **headers})


def test_every_page_and_every_error_page_fits_the_first_window(app):
    answers = [(path, visit(app, path, "en" if path.startswith("/en") else "es")) for path in PATHS]
    # The first visit to the site's root: no language cookie yet, and one set in the answer.
    answers.append(("/ (first visit)", visit(app, "/", **{"Accept-Language": "es-ES,es"})))
    assert len(answers) == 2 * len(SERVED) + 1
    assert all(response.status_code == 200 for _path, response in answers)
    for locale in LOCALES:
        prefix = localized_rule("/", locale).rstrip("/")
        not_found = visit(app, f"{prefix}/no-such-page", locale)  # with its drawing
        answers.append((f"{prefix}/no-such-page", not_found))
        for status in STATUSES:
            response = visit(app, f"{prefix}/__status/{status}", locale)
            assert response.status_code == status
            answers.append((f"{prefix} {status}", response))
    assert over_budget(answers) == {}


@pytest.mark.parametrize("locale", LOCALES)
def test_every_state_of_the_contact_page_fits_the_first_window(app, locale):
    """The form, the form with its errors (422), refused (400), and the confirmation."""
    path = localized_rule("/contact", locale)
    client = app.test_client()
    client.set_cookie(COOKIE_NAME, locale)
    first = client.get(path, headers=BROWSER)
    token = csrf_token(client, path)
    invalid = client.post(path, data={"csrf_token": token, "email": "x"}, headers=BROWSER)
    refused = client.post(path, data={"name": "A"}, headers=BROWSER)  # no token
    assert (first.status_code, invalid.status_code, refused.status_code) == (200, 422, 400)
    answers = [("form", first), ("errors", invalid), ("refused", refused)]
    sent = {"name": "Ana", "email": "ana@example.com", "description": "A booking app, please."}
    posted = client.post(path, data={**sent, "csrf_token": csrf_token(client, path)})
    assert posted.status_code == 303
    answers.append(("sent", client.get(path, headers=BROWSER)))
    assert over_budget(answers) == {}
