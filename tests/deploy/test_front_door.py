"""nginx's own answers, attacked: every redirect for a hostile target (tests/support/hostile.py)
resolves on this site as a browser reads it, no CR, LF or TAB from the path reaches a header,
and one header limit holds end to end (motorlab/web/http_limits.py): whatever nginx takes, the
app answers; one byte more gets the site's 414 or 431 page in the language of the path."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlencode

import pytest
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motorlab.web import http_limits, request_body
from tests.support.hostile import REDIRECT_BAIT, targets
from tests.support.nginx import assert_safe, request, title_and_language
from tests.support.servers import free_port

READY = ("Ready to start? | Motorlab", "en")
LINE, BYTES, BUFFERS = http_limits.HEADER_LINE, http_limits.HEADER_BYTES, http_limits.HEADER_BUFFERS


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
    assert (answer.status, answer.get("Location"), answer.get("Set-Cookie")) == (
        308,
        [location],
        [],
    )
    assert_safe(answer, nginx_server, target, browser_urls)


ENGLISH_400 = "The request could not be understood | Motorlab"
SPANISH_400 = "No se ha podido entender la petición | Motorlab"
REFUSED = [
    # Bytes outside visible ASCII: gunicorn refuses them (a browser percent-encodes them).
    ("/café/".encode(), [], (SPANISH_400, "es")),
    ("/en/contact?q=é".encode(), [], (ENGLISH_400, "en")),
    # Refused by nginx's parser, which stops before it knows the path's language.
    (b"/en/services?q=\x7f", [], (SPANISH_400, "es")),
    (b"/en/contact?q=\x01", [], (SPANISH_400, "es")),
    # A header value gunicorn refuses (the language switcher answers its own page).
    *[
        (target, [("X-Note", value)], None if target == b"/language/es" else (ENGLISH_400, "en"))
        for target in (b"/en/contact", b"/en/services/", b"/language/es")
        for value in ("a\x01b", "a\x1bb", "a\x0bb", "a\x7fb")
    ],
]


@pytest.mark.parametrize(("target", "headers", "page"), REFUSED)
def test_what_cannot_be_taken_gets_the_sites_400_page(nginx_server, target, headers, page):
    answer = request(nginx_server, target, headers=headers)
    assert answer.status == 400
    assert page is None or title_and_language(answer) == page
    assert b"Invalid HTTP Header" not in answer.body, "gunicorn's own page"


@pytest.mark.parametrize(
    "target",
    [b"/en/./services", b"/en/%2e%2e/en/services", b"/en/.%2E/services", b"/%2E/en/services?x=1",
     b"/en/services/.", b"/en/services/..", b"/./robots.txt"],
)  # fmt: skip
def test_a_dot_segment_makes_no_second_address_of_a_page(nginx_server, app_server, target):
    """Regression: nginx merged dot segments and served the page they led to, where the app
    answers 404: two addresses for one page."""
    assert (request(nginx_server, target).status, request(app_server, target).status) == (404, 404)


@pytest.mark.parametrize("bait", REDIRECT_BAIT)
@pytest.mark.parametrize("ending", ["/", "//", "/?next=//evil.example"])
def test_every_bait_with_slashes_stays_on_the_site(nginx_server, browser_urls, bait, ending):
    for page in ("", "/en", "/en/services"):
        target = f"{page}/{bait}{ending}"
        assert_safe(request(nginx_server, target.encode()), nginx_server, target, browser_urls)


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


# --- One header limit ------------------------------------------------------------------


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


TITLES = {
    414: ("The address is too long", "La dirección es demasiado larga"),
    431: (
        "The request's headers are too large: delete this site's cookies and try again",
        "Las cabeceras de la petición son demasiado grandes: borra las cookies de este sitio",
    ),
    405: ("This address does not accept that kind of request", "Esta dirección no admite"),
    412: ("This page has changed since your browser last loaded it", "Esta página ha cambiado"),
    413: ("The request is too large", "La petición es"),
    501: ("The server cannot handle this kind of request", "El servidor no puede atender"),
    505: ("This version of HTTP is not supported", "Esta versión de HTTP no se admite"),
}


def assert_site_page(answer, status: int, language: str) -> None:
    """The site's page for `status` in `language`, with the security headers, none twice."""
    assert answer.status == status, answer.body[:200]
    title, page_language = title_and_language(answer)
    assert title.startswith(TITLES[status][language == "es"]), title
    assert page_language == language
    assert answer.get("Content-Security-Policy"), "the security headers as on every answer"
    repeated = [name for name in {n.lower() for n, _ in answer.headers}
                if name != "vary" and len(answer.get(name)) > 1]  # fmt: skip
    assert not repeated, f"headers sent twice: {repeated}"


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


# --- Every status nginx answers itself: the site's page, in the language of the path --------


@pytest.mark.parametrize("path", ["/en/services", "/services", "/en", "/"])
@pytest.mark.parametrize(
    ("status", "method", "headers"),
    [
        (405, "POST", []),
        (405, "DELETE", []),
        (412, "GET", [("If-Match", '"not-this-one"')]),
        (412, "GET", [("If-Unmodified-Since", "Mon, 01 Jan 1990 00:00:00 GMT")]),
        (501, "GET", [("Transfer-Encoding", "gzip")]),
    ],
)
def test_nginxs_own_answers_are_the_sites_pages(nginx_server, path, status, method, headers):
    """Regression: nginx answered these with its bare pages where the app answers with its own."""
    if path == "/" and status != 405:  # `/` has no file to meet a condition: the language detection
        headers = [*headers, ("Cookie", "i18n_redirected=es")]
    answer = request(nginx_server, path.encode(), method=method, headers=headers)
    assert_site_page(answer, status, "en" if path.startswith("/en") else "es")
    if status == 405:
        assert answer.get("Allow") == ["GET, HEAD"]
    if status == 412:
        assert "max-age" not in " ".join(answer.get("Cache-Control")), "no error page kept"


def test_an_http_2_version_in_an_http_1_request_line_gets_the_505_page(nginx_server):
    answer = request(nginx_server, b"/en/services", version=b"HTTP/2.0")
    assert_site_page(answer, 505, "es")  # nginx reads no path from a line it refused


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
