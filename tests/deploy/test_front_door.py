"""nginx's own answers, attacked: what it writes into headers, and the size of what it takes.

- No Location from a decoded path: every redirect through nginx, for the hostile targets
  every front door is tested with (tests/support/hostile.py), resolves on this site as a
  browser resolves it (WHATWG URL, tests/support/whatwg_url.py), and no CR, LF or TAB from
  the path reaches a header.
- One header limit end to end (motorlab/http_limits.py): whatever nginx takes, gunicorn takes
  too and the app answers; one byte more gets the site's own 414 or 431 page, in the
  language of the path.
"""

from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motorlab import http_limits, request_body
from motorlab.analytics import COOKIE_NAME as CONSENT_COOKIE
from motorlab.i18n import COOKIE_NAME as LANGUAGE_COOKIE
from tests.support.hostile import REDIRECT_BAIT, targets
from tests.support.servers import Answer, exchange, free_port
from tests.support.whatwg_url import BrowserUrls

# The headers the site's answers carry; an injected line would add another.
HEADER_NAMES = {
    "server",
    "date",
    "content-type",
    "content-length",
    "transfer-encoding",
    "connection",
    "keep-alive",
    "location",
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "permissions-policy",
    "cross-origin-opener-policy",
    "strict-transport-security",
    "cache-control",
    "vary",
    "etag",
    "last-modified",
    "accept-ranges",
    "content-encoding",
    "retry-after",
    "allow",
    "set-cookie",
}
COOKIE_NAMES = {LANGUAGE_COOKIE, CONSENT_COOKIE, "session"}


def request(base: str, target: bytes, *, method: str = "GET", headers=(), body=b"") -> Answer:
    lines = [f"{method} ".encode() + target + b" HTTP/1.1", b"Host: 127.0.0.1"]
    lines += [f"{name}: {value}".encode("latin-1") for name, value in headers]
    if method == "POST":
        lines.append(f"Content-Length: {len(body)}".encode())
    head = b"\r\n".join([*lines, b"Connection: close", b"", b""])
    return Answer(exchange(base, head, body))


def assert_safe(answer: Answer, base: str, target: str, browser_urls: BrowserUrls) -> None:
    """No header written by the path, no redirect off the site, none kept by a shared cache."""
    assert answer.status < 500, (target, answer.status)
    for line in answer.lines:
        assert not re.search(r"[\r\n\t]", line), (target, line)
    names = {name.lower() for name, _value in answer.headers}
    assert names <= HEADER_NAMES, (target, names - HEADER_NAMES)
    for cookie in answer.get("Set-Cookie"):
        assert cookie.split("=", 1)[0] in COOKIE_NAMES, (target, cookie)
    for location in answer.get("Location"):
        page = base + target.split("?")[0] if target.startswith("/") else base + "/"
        resolved = browser_urls.resolve(page, location)
        assert resolved is not None and resolved.startswith(base + "/"), (target, location)
    if 300 <= answer.status < 400:
        for value in answer.get("Cache-Control"):
            assert "public" not in value and "s-maxage" not in value, (target, value)


@pytest.mark.parametrize(
    ("target", "location"),
    [
        ("/%5Cevil.example/", "/%5Cevil.example"),
        ("/%09/evil.example/", "/%09/evil.example"),
        ("//evil.example/", "/evil.example"),
        ("/\\evil.example/", "/%5Cevil.example"),
        (
            "/%0d%0aSet-Cookie:%20analytics_consent=granted;%20Path=/;%20Max-Age=99999999/",
            "/%0D%0ASet-Cookie:%20analytics_consent=granted;%20Path=/;%20Max-Age=99999999",
        ),
        ("/%0aSet-Cookie:%20x=1/", "/%0ASet-Cookie:%20x=1"),
        ("/en/services/?next=//evil.example", "/en/services?next=//evil.example"),
        ("/en//services", "/en/services"),
        ("/caf%C3%A9/", "/caf%C3%A9"),
    ],
)
def test_a_slash_redirect_is_the_path_re_encoded(nginx_server, browser_urls, target, location):
    answer = request(nginx_server, target.encode())
    assert answer.status == 308
    assert answer.get("Location") == [location]
    assert answer.get("Set-Cookie") == []
    assert_safe(answer, nginx_server, target, browser_urls)


ENGLISH_400 = "The request could not be understood | Motorlab"
SPANISH_400 = "No se ha podido entender la petición | Motorlab"


@pytest.mark.parametrize(
    ("target", "page"),
    [
        # Bytes outside visible ASCII: gunicorn refuses them (a browser percent-encodes them).
        ("/café/".encode(), (SPANISH_400, "es")),
        ("/en/contact?q=é".encode(), (ENGLISH_400, "en")),
        # Refused by nginx's parser, which stops before it knows the path's language.
        (b"/en/services?q=\x7f", (SPANISH_400, "es")),
        (b"/en/contact?q=\x01", (SPANISH_400, "es")),
    ],
)
def test_a_target_that_cannot_be_taken_gets_the_sites_400_page(nginx_server, target, page):
    answer = request(nginx_server, target)
    assert answer.status == 400
    assert title_and_language(answer) == page


@pytest.mark.parametrize(
    "target",
    [b"/en/./services", b"/en/%2e%2e/en/services", b"/en/.%2E/services", b"/%2E/en/services?x=1",
     b"/en/services/.", b"/en/services/..", b"/./robots.txt"],
)  # fmt: skip
def test_a_dot_segment_makes_no_second_address_of_a_page(nginx_server, app_server, target):
    """nginx merged dot segments, decoded or not, and served the page they led to, where the
    app answers 404: two addresses for one page. Now both say 404."""
    through_nginx, app = request(nginx_server, target), request(app_server, target)
    assert (through_nginx.status, app.status) == (404, 404)


@pytest.mark.parametrize("bait", REDIRECT_BAIT)
@pytest.mark.parametrize("ending", ["/", "//", "/?next=//evil.example"])
def test_every_bait_with_slashes_stays_on_the_site(nginx_server, browser_urls, bait, ending):
    for page in ("", "/en", "/en/services"):
        target = f"{page}/{bait}{ending}"
        answer = request(nginx_server, target.encode())
        assert_safe(answer, nginx_server, target, browser_urls)


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,  # the same examples every run: a failure is reproducible
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(target=targets(), method=st.sampled_from(["GET", "HEAD"]))
def test_hostile_targets_never_leave_the_site_through_nginx(
    nginx_server, browser_urls, target, method
):
    answer = request(nginx_server, target.encode(), method=method)
    assert_safe(answer, nginx_server, target, browser_urls)


@pytest.mark.parametrize("target", [b"/en/contact", b"/en/services/", b"/language/es"])
@pytest.mark.parametrize("value", ["a\x01b", "a\x1bb", "a\x0bb", "a\x7fb"])
def test_a_header_value_gunicorn_refuses_gets_the_sites_400_page(nginx_server, target, value):
    answer = request(nginx_server, target, headers=[("X-Note", value)])
    assert answer.status == 400
    assert title_and_language(answer) == (ENGLISH_400, "en") or target == b"/language/es"
    assert b"Invalid HTTP Header" not in answer.body, "gunicorn's own page"


def test_a_tab_in_a_header_value_reaches_the_app(nginx_server):
    answer = request(nginx_server, b"/en/contact", headers=[("X-Note", "a\tb")])
    assert answer.status == 200


# --- One header limit ------------------------------------------------------------------


def header_line_value(name: str, line_length: int) -> str:
    """A value that makes `name: value` with its CRLF exactly `line_length` bytes."""
    return "x" * (line_length - len(f"{name}: \r\n"))


def title_and_language(answer: Answer) -> tuple[str, str]:
    page = BeautifulSoup(answer.body.decode(), "html.parser")
    return page.title.string, page.html["lang"]


ENGLISH_431 = "The request's headers are too large: delete this site's cookies and try again"
SPANISH_431 = "Las cabeceras de la petición son demasiado grandes: borra las cookies de este sitio"


def test_a_10_kb_cookie_reaches_the_contact_page(nginx_server):
    cookie = "parent_domain=" + "c" * 10 * 1024
    answer = request(nginx_server, b"/en/contact", headers=[("Cookie", cookie)])
    assert answer.status == 200
    assert title_and_language(answer) == ("Ready to start? | Motorlab", "en")


@pytest.mark.parametrize("name", ["Cookie", "X-Forwarded-For", "User-Agent"])
def test_the_longest_header_line_nginx_takes_reaches_the_app(nginx_server, name):
    value = header_line_value(name, http_limits.HEADER_LINE)
    answer = request(nginx_server, b"/contact", headers=[(name, value)])
    assert answer.status == 200, answer.body[:300]
    assert title_and_language(answer) == ("¿Listo para empezar? | Motorlab", "es")


def test_as_many_header_lines_as_nginx_takes_reach_the_app(nginx_server):
    # nginx takes about a thousand lines; gunicorn's default limit is 100.
    headers = [(f"X-Line-{number}", "1") for number in range(900)]
    answer = request(nginx_server, b"/en/contact", headers=headers)
    assert answer.status == 200, answer.body[:300]


@pytest.mark.parametrize(
    ("target", "method", "title", "language"),
    [
        (b"/en/contact", "GET", ENGLISH_431, "en"),
        (b"/en/contact", "POST", ENGLISH_431, "en"),
        (b"/contact", "GET", SPANISH_431, "es"),
        (b"/en/services", "GET", ENGLISH_431, "en"),
        (b"/", "GET", SPANISH_431, "es"),
    ],
)
def test_a_longer_header_line_gets_the_sites_431_page(
    nginx_server, target, method, title, language
):
    value = header_line_value("Cookie", http_limits.HEADER_LINE + 1)
    answer = request(nginx_server, target, method=method, headers=[("Cookie", value)])
    assert answer.status == 431
    page_title, page_language = title_and_language(answer)
    assert page_title.startswith(title) and page_language == language
    assert answer.get("Content-Security-Policy"), "the security headers as on every answer"


def test_more_header_bytes_than_the_buffers_hold_get_the_431_page(nginx_server):
    size = http_limits.HEADER_LINE - 100
    headers = [(f"X-Part-{n}", "x" * size) for n in range(http_limits.HEADER_BUFFERS + 1)]
    answer = request(nginx_server, b"/en/contact", headers=headers)
    assert answer.status == 431 and title_and_language(answer)[1] == "en"


@pytest.mark.parametrize(
    ("name", "count", "size"),
    [
        ("X-Forwarded-For", 2, 12 * 1024),
        ("Cookie", 2, 12 * 1024),
        # As many lines as nginx's buffers hold: the longest line nginx can join.
        ("X-Forwarded-For", http_limits.HEADER_BUFFERS, http_limits.HEADER_LINE - 100),
    ],
)
def test_lines_of_one_field_that_nginx_joins_reach_the_app(nginx_server, name, count, size):
    """Lines of one field, each within a buffer: nginx joins X-Forwarded-For
    ($proxy_add_x_forwarded_for) into one longer line, which gunicorn takes too."""
    lines = [(name, f"{n}" + "x" * size) for n in range(count)]
    answer = request(nginx_server, b"/en/contact", headers=lines)
    assert answer.status == 200, answer.body[:300]
    assert title_and_language(answer) == ("Ready to start? | Motorlab", "en")


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


@pytest.mark.parametrize(("name", "value"), SCHEME_HEADERS)
def test_a_scheme_header_besides_x_forwarded_proto_gets_the_sites_answer(nginx_server, name, value):
    answer = request(nginx_server, b"/en/contact", headers=[(name, value)])
    assert answer.status == 200, answer.body[:300]
    assert title_and_language(answer) == ("Ready to start? | Motorlab", "en")


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
    assert page_language == language
    assert title.startswith({"en": "The request is too large", "es": "La petición es"}[language])
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
    ("path", "method", "language"),
    [("/en/contact", "GET", "en"), ("/en/contact", "POST", "en"), ("/contact", "GET", "es")],
)
def test_a_longer_request_line_gets_the_sites_414_page(nginx_server, path, method, language):
    target = request_line_target(path, http_limits.REQUEST_LINE + 1, method)
    answer = request(nginx_server, target, method=method)
    assert answer.status == 414
    title, page_language = title_and_language(answer)
    assert page_language == language
    assert title.startswith({"en": "The address is too long", "es": "La dirección es"}[language])


def test_a_request_line_over_nginx_buffer_gets_the_414_page(nginx_server):
    target = request_line_target("/en/contact", http_limits.HEADER_LINE * 2)
    answer = request(nginx_server, target)
    # nginx cannot read the path of a line it could not hold: the default language's page.
    assert answer.status == 414
    assert title_and_language(answer) == ("La dirección es demasiado larga | Motorlab", "es")
