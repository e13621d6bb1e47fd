"""One header limit end to end (motorlab/web/http_limits.py): whatever nginx takes, the app
answers; one byte more gets the site's 414 or 431 page in the language of the path."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from bs4 import BeautifulSoup

from motorlab.web import http_limits, request_body
from tests.support.nginx import TITLES, assert_site_page, request, title_and_language
from tests.support.processes import free_port

READY = ("Ready to start? | Motorlab", "en")
LINE, BYTES, BUFFERS = http_limits.HEADER_LINE, http_limits.HEADER_BYTES, http_limits.HEADER_BUFFERS


def line_of(name: str, length: int) -> tuple[str, str]:
    """A header whose line `name: value` with its CRLF is exactly `length` bytes."""
    return name, "x" * (length - len(f"{name}: \r\n"))


# gunicorn's default secure_scheme_headers read these too (X-Forwarded-Ssl "on" and
# X-Forwarded-Protocol "ssl" mean https); nginx clears every one of them.
SCHEME_HEADERS = [
    ("X-Forwarded-Ssl", "on"),
    ("X-Forwarded-Ssl", "off"),
    ("X-Forwarded-Protocol", "ssl"),
    ("X-Forwarded-Protocol", "http"),
    ("X-Forwarded-Scheme", "https"),
    ("X-Url-Scheme", "https"),
    ("Front-End-Https", "on"),
]
# Requests nginx takes whole, each answered by the app with its page: {what: (path, headers)}.
TAKEN = {
    "a tab in a value": (b"/en/contact", [("X-Note", "a\tb")]),
    "a 10 kB cookie": (b"/en/contact", [("Cookie", "parent_domain=" + "c" * 10 * 1024)]),
    # nginx takes about a thousand lines; gunicorn's default limit is 100.
    "900 lines": (b"/en/contact", [(f"X-Line-{number}", "1") for number in range(900)]),
    **{
        f"the longest {name} line": (b"/contact", [line_of(name, LINE)])
        for name in ("Cookie", "X-Forwarded-For", "User-Agent")
    },
    # Lines of one field, each within a buffer, that nginx joins into one longer line
    # (X-Forwarded-For through $proxy_add_x_forwarded_for): gunicorn takes it too.
    **{
        f"{count} {name} lines": (
            b"/en/contact",
            [(name, f"{n}" + "x" * size) for n in range(count)],
        )
        for name, count, size in [
            ("X-Forwarded-For", 2, 12 * 1024),
            ("Cookie", 2, 12 * 1024),
            ("X-Forwarded-For", BYTES // LINE, LINE - 100),  # the longest line nginx joins
        ]
    },
    **{f"{name}: {value}": (b"/en/contact", [(name, value)]) for name, value in SCHEME_HEADERS},
    "a visitor's own Front-Rate-Limited mark": (b"/en/contact", [("Front-Rate-Limited", "1")]),
}


@pytest.mark.parametrize(("path", "headers"), TAKEN.values(), ids=TAKEN.keys())
def test_what_nginx_takes_reaches_the_app(nginx_server, path, headers):
    answer = request(nginx_server, path, headers=headers)
    assert answer.status == 200, answer.body[:300]
    spanish = ("¿Listo para empezar? | Motorlab", "es")
    assert title_and_language(answer) == (READY if path.startswith(b"/en/") else spanish)


PARTS = [(f"X-Part-{n}", "x" * (LINE - 100)) for n in range(BUFFERS + 1)]
OVER = [
    *[(target, method, [line_of("Cookie", LINE + 1)], language) for target, method, language in [
        (b"/en/contact", "GET", "en"), (b"/en/contact", "POST", "en"), (b"/contact", "GET", "es"),
        (b"/en/services", "GET", "en"), (b"/", "GET", "es"),
    ]],
    # Within nginx's buffers, past HEADER_BYTES: the count's 431 page (as over HTTP/2).
    (b"/en/contact", "GET", PARTS[: BYTES // (LINE - 100) + 1], "en"),
    (b"/en/services", "GET", PARTS[: BYTES // (LINE - 100) + 1], "en"),
    (b"/static/img/favicon.svg", "GET", PARTS[: BYTES // (LINE - 100) + 1], "es"),
    (b"/en/contact", "GET", PARTS, "en"),  # more than the buffers hold
]  # fmt: skip


@pytest.mark.parametrize(("target", "method", "headers", "language"), OVER)
def test_more_header_than_nginx_takes_gets_the_sites_431_page(
    nginx_server, target, method, headers, language
):
    answer = request(nginx_server, target, method=method, headers=headers)
    assert_site_page(answer, 431, language)


class EchoHeaders(BaseHTTPRequestHandler):
    """An upstream that answers with the request's header lines as nginx passed them."""

    def do_GET(self):
        body = str(self.headers).encode("latin-1")
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def nginx_before_echo(exported_site, session_dir, launch):
    """nginx's config in front of EchoHeaders (in this process): its base URL."""
    upstream = ThreadingHTTPServer(("127.0.0.1", free_port()), EchoHeaders)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    workdir = session_dir / "echo"
    workdir.mkdir()
    address = f"127.0.0.1:{upstream.server_port}"
    server, base = launch.start_nginx(exported_site[0], address, workdir, unlimited=("127.0.0.1",))
    yield base
    server.stop()
    upstream.shutdown()
    upstream.server_close()


def test_nginx_passes_on_no_scheme_header_but_its_own(nginx_before_echo):
    answer = request(nginx_before_echo, b"/healthz", headers=SCHEME_HEADERS)
    assert answer.status == 200
    passed = [line.partition(":")[0].lower() for line in answer.body.decode().splitlines()]
    scheme_names = {name.lower() for name, _ in SCHEME_HEADERS} | {"x-forwarded-proto"}
    assert [name for name in passed if name in scheme_names] == ["x-forwarded-proto"]
    assert "X-Forwarded-Proto: http\n" in answer.body.decode()


@pytest.mark.parametrize(("name", "value"), SCHEME_HEADERS)
def test_gunicorn_alone_reads_the_scheme_from_x_forwarded_proto_only(
    app_server, session_dir, name, value
):
    """From a trusted address (loopback), a scheme header that disagrees with
    X-Forwarded-Proto is ignored: the page, and no warning in gunicorn's log."""
    port = app_server.rsplit(":", 1)[1]
    log = session_dir / "gunicorn" / f"gunicorn-{port}.log"
    logged_before = log.stat().st_size
    for proto in ("http", "https"):
        headers = [("X-Forwarded-Proto", proto), (name, value)]
        answer = request(app_server, b"/en/contact", headers=headers)
        assert answer.status == 200, (proto, answer.body[:300])
    with log.open("rb") as lines:
        lines.seek(logged_before)
        assert b"scheme" not in lines.read().lower()


@pytest.mark.parametrize(
    ("path", "language", "said"),
    [
        ("/en/contact", "en", "Your message was too long to be read"),
        ("/contact", "es", "Tu mensaje era demasiado largo para leerlo"),
    ],
)
def test_a_body_over_the_apps_limit_gets_the_contact_page_and_over_nginx_its_413(
    nginx_server, path, language, said
):
    """nginx's limit sits above the app's: a 100 kB post gets the app's contact page with
    the form; one over nginx's own limit gets the site's 413 page, not nginx's."""
    headers = [("Content-Type", "application/x-www-form-urlencoded")]
    over_app = b"description=" + b"x" * (request_body.MAX_BODY + 36 * 1024)
    answer = request(nginx_server, path.encode(), method="POST", headers=headers, body=over_app)
    assert answer.status == 413
    page = BeautifulSoup(answer.body.decode(), "html.parser")
    assert page.html["lang"] == language and said in page.get_text()
    assert page.find("form", class_="c-contact-form") is not None
    over_nginx = b"x" * (request_body.PROXY_BODY_FACTOR * request_body.MAX_BODY + 1)
    answer = request(nginx_server, path.encode(), method="POST", headers=headers, body=over_nginx)
    assert answer.status == 413
    title, page_language = title_and_language(answer)
    assert page_language == language and title.startswith(TITLES[413][language == "es"])
    assert answer.get("Content-Security-Policy"), "the security headers as on every answer"


def request_line_target(path: str, length: int, method: str = "GET") -> bytes:
    """`path?q=xxx` such that `METHOD target HTTP/1.1` is `length` bytes."""
    padding = length - len(f"{method} {path}?q= HTTP/1.1")
    return f"{path}?q={'x' * padding}".encode()


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_the_longest_request_line_reaches_the_app(nginx_server, method):
    target = request_line_target("/en/contact", http_limits.REQUEST_LINE, method)
    answer = request(nginx_server, target, method=method)
    # The app's own answer: the page, or for a post without a token its form with the error.
    assert answer.status == (200 if method == "GET" else 400)
    assert "Ready to start?" in title_and_language(answer)[0]


@pytest.mark.parametrize(
    ("path", "method", "length", "language"),
    [
        ("/en/contact", "GET", http_limits.REQUEST_LINE + 1, "en"),
        ("/en/contact", "POST", http_limits.REQUEST_LINE + 1, "en"),
        ("/contact", "GET", http_limits.REQUEST_LINE + 1, "es"),
        # Over nginx's buffer: it cannot read the path, so the default language's page.
        ("/en/contact", "GET", LINE * 2, "es"),
    ],
)
def test_a_longer_request_line_gets_the_sites_414_page(
    nginx_server, path, method, length, language
):
    answer = request(nginx_server, request_line_target(path, length, method), method=method)
    assert answer.status == 414
    title, page_language = title_and_language(answer)
    assert page_language == language and title.startswith(TITLES[414][language == "es"])
