"""nginx's own answers, attacked: what it writes into headers, and the size of what it takes.

- No Location from a decoded path: every redirect through nginx, for the hostile targets
  every front door is tested with (tests/support/hostile.py), resolves on this site as a
  browser resolves it (WHATWG URL, tests/support/whatwg_url.py), and no CR, LF or TAB from
  the path reaches a header.
- One header limit end to end (motorlab/web/http_limits.py): whatever nginx takes, gunicorn takes
  too and the app answers; one byte more gets the site's own 414 or 431 page, in the
  language of the path.
"""

from __future__ import annotations

import socket
import threading
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motorlab.web import http_limits, request_body
from tests.support.clients import Answer, exchange
from tests.support.hostile import REDIRECT_BAIT, targets
from tests.support.nginx import assert_safe
from tests.support.servers import free_port


def request(base: str, target: bytes, *, method: str = "GET", headers=(), body=b"") -> Answer:
    lines = [f"{method} ".encode() + target + b" HTTP/1.1", b"Host: 127.0.0.1"]
    lines += [f"{name}: {value}".encode("latin-1") for name, value in headers]
    if method == "POST":
        lines.append(f"Content-Length: {len(body)}".encode())
    head = b"\r\n".join([*lines, b"Connection: close", b"", b""])
    return Answer(exchange(base, head, body))


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


@pytest.mark.parametrize("target", [b"/en/contact", b"/en/services", b"/static/img/favicon.svg"])
def test_more_header_bytes_than_the_limit_get_the_431_page(nginx_server, target):
    """Within nginx's buffers, past HEADER_BYTES: the count's 431 page (as over HTTP/2)."""
    size = http_limits.HEADER_LINE - 100
    count = http_limits.HEADER_BYTES // size + 1
    assert count < http_limits.HEADER_BUFFERS, "within the buffers: the count refuses it"
    answer = request(
        nginx_server, target, headers=[(f"X-Part-{n}", "x" * size) for n in range(count)]
    )
    language = "en" if target.startswith(b"/en/") else "es"
    assert answer.status == 431 and title_and_language(answer)[1] == language


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
        # As many lines as the header bytes' limit holds: the longest line nginx joins.
        (
            "X-Forwarded-For",
            http_limits.HEADER_BYTES // http_limits.HEADER_LINE,
            http_limits.HEADER_LINE - 100,
        ),  # fmt: skip
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


# --- Every status nginx answers itself: the site's page, in the language of the path --------

ERROR_TITLES = {
    405: ("This address does not accept that kind of request", "Esta dirección no admite"),
    412: ("This page has changed since your browser last loaded it", "Esta página ha cambiado"),
    501: ("The server cannot handle this kind of request", "El servidor no puede atender"),
    505: ("This version of HTTP is not supported", "Esta versión de HTTP no se admite"),
}
OLD_DATE = "Mon, 01 Jan 1990 00:00:00 GMT"


def head_of(method: str, target: str, headers=(), version: str = "HTTP/1.1") -> bytes:
    lines = [f"{method} {target} {version}", "Host: 127.0.0.1", *headers, "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def assert_site_page(answer: Answer, status: int, language: str) -> None:
    assert answer.status == status, answer.body[:200]
    title, page_language = title_and_language(answer)
    english, spanish = ERROR_TITLES[status]
    assert title.startswith({"en": english, "es": spanish}[language]), title
    assert page_language == language
    assert answer.get("Content-Security-Policy"), "the security headers as on every answer"
    repeated = [name for name in {n.lower() for n, _ in answer.headers}
                if name != "vary" and len(answer.get(name)) > 1]  # fmt: skip
    assert not repeated, f"headers sent twice: {repeated}"


@pytest.mark.parametrize("path", ["/en/services", "/services", "/en", "/"])
@pytest.mark.parametrize(
    ("status", "method", "headers"),
    [
        (405, "POST", ["Content-Length: 0"]),
        (405, "DELETE", []),
        (412, "GET", ['If-Match: "not-this-one"']),
        (412, "GET", [f"If-Unmodified-Since: {OLD_DATE}"]),
        (501, "GET", ["Transfer-Encoding: gzip"]),
    ],
)
def test_nginxs_own_answers_are_the_sites_pages(nginx_server, path, status, method, headers):
    """Regression: nginx answered these with its bare pages where the app answers with its own."""
    if path == "/" and status != 405:  # `/` has no file to meet a condition: the language detection
        headers = [*headers, "Cookie: i18n_redirected=es"]
    answer = Answer(exchange(nginx_server, head_of(method, path, headers)))
    assert_site_page(answer, status, "en" if path.startswith("/en") else "es")
    if status == 405:
        assert answer.get("Allow") == ["GET, HEAD"]
    if status == 412:
        assert "max-age" not in " ".join(answer.get("Cache-Control")), "no error page kept"


def test_an_http_2_version_in_an_http_1_request_line_gets_the_505_page(nginx_server):
    answer = Answer(exchange(nginx_server, head_of("GET", "/en/services", version="HTTP/2.0")))
    assert_site_page(answer, 505, "es")  # nginx reads no path from a line it refused


@pytest.mark.parametrize("path", ["/en/services", "/static/img/favicon.svg"])
@pytest.mark.parametrize("ranges", ["bytes=99999999-", "bytes=0-9", "bytes=0-1,5-9"])
def test_a_range_gets_the_whole_file(nginx_server, path, ranges):
    """Regression: an unsatisfiable Range got nginx's bare 416, with the page's Cache-Control
    and the security headers twice. No file of the site is fetched in parts: nginx, as the
    app's pages, answers a Range with the whole file."""
    whole = Answer(exchange(nginx_server, head_of("GET", path)))
    answer = Answer(exchange(nginx_server, head_of("GET", path, [f"Range: {ranges}"])))
    assert (answer.status, answer.body) == (200, whole.body)
    assert not answer.get("Content-Range") and not answer.get("Accept-Ranges")


def test_a_conditional_request_that_holds_is_still_answered(nginx_server):
    """Only a condition that fails gets the 412 page: a current one gets the page."""
    page = Answer(exchange(nginx_server, head_of("GET", "/en/services")))
    (etag,) = page.get("ETag")
    answer = Answer(exchange(nginx_server, head_of("GET", "/en/services", [f"If-Match: {etag}"])))
    assert answer.status == 200 and title_and_language(answer)[1] == "en"


# --- A contact request over nginx's limit keeps the visitor's text ---------------------------

VISITOR_TEXT = "Nuestra flota de furgonetas necesita una app para los talleres"


def contact_post(base: str, source: str) -> Answer:
    """A plain HTML post of the contact form from the address `source`."""
    port = int(base.rsplit(":", 1)[1])
    body = urllib.parse.urlencode(
        {"name": "Ana", "email": "ana@example.com", "description": VISITOR_TEXT}
    ).encode()
    head = head_of("POST", "/contact", [
        "Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}",
    ])  # fmt: skip
    with socket.create_connection(("127.0.0.1", port), timeout=20,
                                  source_address=(source, 0)) as conn:  # fmt: skip
        conn.sendall(head + body)
        raw = b""
        while chunk := conn.recv(65536):
            raw += chunk
    return Answer(raw)


def test_a_contact_post_over_nginxs_limit_gets_the_apps_429_page_with_its_text(nginx_server):
    """Regression: nginx's `app` limit answered its bare 429 page and the text was lost. Now
    the post is handed to the app, marked, which refuses it with the form and the text; the
    hand-off has its own limit (2 a second, bursts of 20), past which the static 429 page."""
    with ThreadPoolExecutor(16) as pool:  # faster than the limits refill, on a busy machine too
        answers = list(pool.map(lambda _: contact_post(nginx_server, "127.0.0.9"), range(400)))
    statuses = [answer.status for answer in answers]
    assert set(statuses) <= {400, 429}, "no post over the limit is accepted"  # 400: no token
    handed = [a for a in answers if a.status == 429 and VISITOR_TEXT.encode() in a.body]
    static = [a for a in answers if a.status == 429 and VISITOR_TEXT.encode() not in a.body]
    print(f"{statuses.count(400)} to the form, {len(handed)} handed off, {len(static)} static")
    assert len(handed) >= 20, "the hand-off's burst"
    assert len(static) > len(handed), "the hand-off is bounded too"
    for answer in handed[:1] + static[:1]:
        title, language = title_and_language(answer)
        assert language == "es" and answer.get("Content-Security-Policy")
    page = BeautifulSoup(handed[0].body.decode(), "html.parser")
    assert page.find("textarea").string.strip() == VISITOR_TEXT
    assert "Has enviado varias solicitudes" in page.get_text()
    assert handed[0].get("Retry-After") == ["1"]
    assert handed[0].get("Cache-Control") == ["no-store"]


def test_a_visitors_own_mark_never_reaches_the_app(nginx_server):
    """nginx drops a client's Front-Rate-Limited: the app answers the page as usual."""
    answer = request(nginx_server, b"/en/contact", headers=[("Front-Rate-Limited", "1")])
    assert answer.status == 200
    assert title_and_language(answer) == ("Ready to start? | Motorlab", "en")
