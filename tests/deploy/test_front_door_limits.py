"""What nginx answers itself: one header limit end to end (motorlab/web/http_limits.py: what
nginx takes, the app answers), and every refusal of nginx's own is the site's page in the
language of the path; a contact post over nginx's rate limit keeps the visitor's text."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlencode

import pytest
from bs4 import BeautifulSoup

from motorlab.web import http_limits, request_body
from tests.support.nginx import assert_site_page, request, title_and_language
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


def request_line_target(path: str, length: int, method: str = "GET") -> bytes:
    """`path?q=xxx` such that `METHOD target HTTP/1.1` is `length` bytes."""
    padding = length - len(f"{method} {path}?q= HTTP/1.1")
    return f"{path}?q={'x' * padding}".encode()


PARTS = [(f"X-Part-{n}", "x" * (LINE - 100)) for n in range(BUFFERS + 1)]
TOO_LONG = http_limits.REQUEST_LINE + 1
# (status, target, method, headers, the page's language)
REFUSALS = [
    *[(431, target, method, [line_of("Cookie", LINE + 1)], language)
      for target, method, language in [
        (b"/en/contact", "GET", "en"), (b"/en/contact", "POST", "en"), (b"/contact", "GET", "es"),
        (b"/en/services", "GET", "en"), (b"/", "GET", "es"),
    ]],
    # Within nginx's buffers, past HEADER_BYTES: the count's 431 page (as over HTTP/2).
    *[(431, target, "GET", PARTS[: BYTES // (LINE - 100) + 1], language) for target, language in [
        (b"/en/contact", "en"), (b"/en/services", "en"), (b"/static/img/favicon.svg", "es"),
    ]],
    (431, b"/en/contact", "GET", PARTS, "en"),  # more than the buffers hold
    *[(414, request_line_target(path, TOO_LONG, method), method, [], language)
      for path, method, language in [
        ("/en/contact", "GET", "en"), ("/en/contact", "POST", "en"), ("/contact", "GET", "es"),
    ]],
    # Over nginx's buffer: it cannot read the path, so the default language's page.
    (414, request_line_target("/en/contact", LINE * 2), "GET", [], "es"),
    # Regression: nginx answered these with its bare pages where the app answers with its own.
    *[(status, path, method, headers, "en" if path.startswith(b"/en") else "es")
      for path in [b"/en/services", b"/services", b"/en", b"/"]
      for status, method, headers in [
        (405, "POST", []),
        (405, "DELETE", []),
        (412, "GET", [("If-Match", '"not-this-one"')]),
        (412, "GET", [("If-Unmodified-Since", "Mon, 01 Jan 1990 00:00:00 GMT")]),
        (501, "GET", [("Transfer-Encoding", "gzip")]),
    ]],
]  # fmt: skip


@pytest.mark.parametrize(("status", "target", "method", "headers", "language"), REFUSALS)
def test_what_nginx_refuses_gets_the_sites_page(
    nginx_server, exported_site, status, target, method, headers, language
):
    if target == b"/" and status in (412, 501):  # no file to meet a condition: the detection
        headers = [*headers, ("Cookie", "i18n_redirected=es")]
    answer = request(nginx_server, target, method=method, headers=headers)
    assert_site_page(answer, status, language, exported_site[0])
    if status == 405:
        assert answer.get("Allow") == ["GET, HEAD"]
    if status == 412:
        assert "max-age" not in " ".join(answer.get("Cache-Control")), "no error page kept"


def test_an_http_2_version_in_an_http_1_request_line_gets_the_505_page(nginx_server, exported_site):
    answer = request(nginx_server, b"/en/services", version=b"HTTP/2.0")
    # nginx reads no path from a line it refused: the default language's page.
    assert_site_page(answer, 505, "es", exported_site[0])


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
    nginx_server, exported_site, path, language, said
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
    assert_site_page(answer, 413, language, exported_site[0])


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_the_longest_request_line_reaches_the_app(nginx_server, method):
    target = request_line_target("/en/contact", http_limits.REQUEST_LINE, method)
    answer = request(nginx_server, target, method=method)
    # The app's own answer: the page, or for a post without a token its form with the error.
    assert answer.status == (200 if method == "GET" else 400)
    assert "Ready to start?" in title_and_language(answer)[0]


@pytest.mark.parametrize("path", [b"/en/services", b"/static/img/favicon.svg"])
@pytest.mark.parametrize("ranges", ["bytes=99999999-", "bytes=0-9", "bytes=0-1,5-9"])
def test_a_range_gets_the_whole_file(nginx_server, path, ranges):
    """Regression: an unsatisfiable Range got nginx's bare 416, with the page's Cache-Control
    and the security headers twice. As the app's pages, nginx answers with the whole file."""
    answer = request(nginx_server, path, headers=[("Range", ranges)])
    assert (answer.status, answer.body) == (200, request(nginx_server, path).body)
    assert not answer.get("Content-Range") and not answer.get("Accept-Ranges")


def test_a_conditional_request_that_holds_is_still_answered(nginx_server):
    """Only a condition that fails gets the 412 page: a current one gets the page."""
    (etag,) = request(nginx_server, b"/en/services").get("ETag")
    answer = request(nginx_server, b"/en/services", headers=[("If-Match", etag)])
    assert answer.status == 200 and title_and_language(answer)[1] == "en"


VISITOR_TEXT = "Nuestra flota de furgonetas necesita una app para los talleres"


def test_a_contact_post_over_nginxs_limit_gets_the_apps_429_page_with_its_text(nginx_server):
    """Regression: nginx's `app` limit answered its bare 429 page and the text was lost. Now
    the post is handed to the app, marked, which refuses it with the form and the text; the
    hand-off has its own limit (2 a second, bursts of 20), past which the static 429 page."""
    body = urlencode({"name": "Ana", "email": "ana@example.com", "description": VISITOR_TEXT})
    form = [("Content-Type", "application/x-www-form-urlencoded")]

    def post(_):  # from another address than the tests' own, which nginx_server exempts
        return request(nginx_server, b"/contact", method="POST", headers=form,
                       body=body.encode(), source="127.0.0.9")  # fmt: skip

    with ThreadPoolExecutor(16) as pool:  # faster than the limits refill, on a busy machine too
        answers = list(pool.map(post, range(400)))
    statuses = [answer.status for answer in answers]
    assert set(statuses) <= {400, 429}, "no post over the limit is accepted"  # 400: no token
    handed = [a for a in answers if a.status == 429 and VISITOR_TEXT.encode() in a.body]
    static = [a for a in answers if a.status == 429 and VISITOR_TEXT.encode() not in a.body]
    print(f"{statuses.count(400)} to the form, {len(handed)} handed off, {len(static)} static")
    assert len(handed) >= 20, "the hand-off's burst"
    assert len(static) > len(handed), "the hand-off is bounded too"
    for answer in handed[:1] + static[:1]:
        assert title_and_language(answer)[1] == "es" and answer.get("Content-Security-Policy")
    page = BeautifulSoup(handed[0].body.decode(), "html.parser")
    assert page.find("textarea").string.strip() == VISITOR_TEXT
    assert "Has enviado varias solicitudes" in page.get_text()
    assert handed[0].get("Retry-After") == ["1"]
    assert handed[0].get("Cache-Control") == ["no-store"]
