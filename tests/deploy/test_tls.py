"""TLS at the front door: deploy/nginx.conf rendered with a throwaway CA's certificate, started
by Debian's nginx on free loopback ports over the session's export, in front of gunicorn with
an https SITE_URL: TLS 1.2/1.3 with Mozilla's "intermediate" suites, no tickets, HTTP/2; the
plain port answers certbot's challenges and redirects everything else to SITE_URL; pages carry
the app's headers and Secure cookies; without a certificate, the config has no TLS line."""

from __future__ import annotations

import difflib
import re
import socket
import ssl
import subprocess
import urllib.request
import warnings
from types import SimpleNamespace

import pytest
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings

from motorlab.deploy import nginx_config
from motorlab.deploy.nginx_config import Tls, render
from tests.support import browser as browser_support
from tests.support.app import visible_text
from tests.support.clients import SPANISH_COOKIE, NoRedirect, Visitor, get
from tests.support.hostile import REDIRECT_BAIT, targets
from tests.support.nginx import (
    PAGES,
    SECURITY_HEADERS,
    assert_safe,
    assert_the_apps_security_headers,
    request,
    text_of,
)
from tests.support.servers import app_environment, free_port

SITE = "https://www.motorlab.example"  # the export's SITE_URL (TestConfig's) and the app's
HTTPS_SETTINGS = {"SITE_URL": SITE, "API_BASE_URL": SITE + "/api"}
TOKEN = "Rd8fPTl2sYCJ4Vd6LkWj0vTrN_FhA-PKqS3uXgIzbYo"  # an ACME token's alphabet
CHALLENGES = ".well-known/acme-challenge"
READY = "Ready to start? | Motorlab"


@pytest.fixture(scope="module")
def acme_webroot(session_dir):
    """certbot's webroot: one challenge file, beside what a shared webroot may hold that must
    not be served (in the session's folder, which nginx's workers read)."""
    folder = session_dir / "tls-acme"
    webroot = folder / "webroot"
    challenges = webroot / CHALLENGES
    (challenges / "nested").mkdir(parents=True)
    (challenges / TOKEN).write_text(TOKEN + ".thumbprint")
    (folder / "secret.txt").write_text("not for the world")
    (webroot / "beside.txt").write_text("not a challenge either")
    (challenges / "passwd").symlink_to("/etc/passwd")
    (challenges / ".hidden").write_text("not a challenge: a dotfile")
    (challenges / "page.html").write_text("<b>not a challenge: a page</b>")
    (challenges / "nested" / TOKEN).write_text("not a challenge: nested")
    return webroot


@pytest.fixture(scope="module")
def https_app(session_dir, launch):
    """gunicorn serving the app with an https SITE_URL (HSTS, Secure cookies): its base URL."""
    workdir = session_dir / "tls-gunicorn"
    workdir.mkdir()
    env = app_environment(workdir / "outbox.sqlite3", **HTTPS_SETTINGS)
    server, base = launch.start_gunicorn("wsgi:app", env, workdir)
    yield base
    server.stop()


@pytest.fixture(scope="module")
def tls_front(exported_site, https_app, session_dir, throwaway_ca, acme_webroot, launch):
    """nginx rendered with the certificate, in front of `https_app`: its plain base URL, its
    https one and the https port."""
    port = free_port()
    tls = Tls(str(throwaway_ca.certificate), str(throwaway_ca.key), f"127.0.0.1:{port}",
              str(acme_webroot))  # fmt: skip
    with pytest.MonkeyPatch.context() as patch:  # deploy_config reads the app's settings
        for name, value in HTTPS_SETTINGS.items():
            patch.setenv(name, value)
        server, plain = launch.start_nginx(
            exported_site[0], https_app.removeprefix("http://"), session_dir / "tls-gunicorn",
            unlimited=("127.0.0.1",), tls=tls,
        )  # fmt: skip
    yield SimpleNamespace(plain=plain, https=f"https://127.0.0.1:{port}", port=port)
    server.stop()


def client_context(ca, version: str | None = None) -> ssl.SSLContext:
    """A client that trusts only the throwaway CA; with `version` (ssl.TLSVersion's name),
    offers that one alone, at OpenSSL's lowest security level (or it would not offer TLS 1.1)."""
    context = ssl.create_default_context(cafile=str(ca))
    if version is not None:
        with warnings.catch_warnings():  # TLS 1.0 and 1.1 are deprecated: that is the point
            warnings.simplefilter("ignore", DeprecationWarning)
            context.minimum_version = context.maximum_version = ssl.TLSVersion[version]
        context.set_ciphers("DEFAULT:@SECLEVEL=0")
    return context


def handshake(port: int, context: ssl.SSLContext, session=None) -> ssl.SSLSocket:
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    return context.wrap_socket(raw, server_hostname="www.motorlab.example", session=session)


# --- TLS itself --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("version", "ciphers", "reason"),
    [
        ("TLSv1", None, "TLSV1_ALERT_PROTOCOL_VERSION"),
        ("TLSv1_1", None, "TLSV1_ALERT_PROTOCOL_VERSION"),
        # Only CBC suites (in OpenSSL's defaults, not in Mozilla's list).
        ("TLSv1_2", "ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA384",
         "SSLV3_ALERT_HANDSHAKE_FAILURE"),
    ],
)  # fmt: skip
def test_old_versions_and_suites_are_refused(tls_front, throwaway_ca, version, ciphers, reason):
    """The client does offer them: against `ssl_protocols TLSv1 TLSv1.1 …` it connects."""
    context = client_context(throwaway_ca.ca, version)
    if ciphers:
        context.set_ciphers(ciphers)
    with pytest.raises(ssl.SSLError) as refusal:
        handshake(tls_front.port, context).close()
    assert refusal.value.reason == reason


@pytest.mark.parametrize(("version", "named"), [("TLSv1_2", "TLSv1.2"), ("TLSv1_3", "TLSv1.3")])
def test_tls_1_2_and_1_3_are_taken_with_forward_secret_aead_suites(
    tls_front, throwaway_ca, version, named
):
    with handshake(tls_front.port, client_context(throwaway_ca.ca, version)) as connection:
        assert connection.version() == named
        suite = connection.cipher()[0]
    assert re.fullmatch(
        r"(ECDHE-ECDSA-|TLS_)(AES(128|256)-GCM|AES_(128|256)_GCM|CHACHA20).*", suite
    )


def test_sessions_resume_from_the_cache_without_tickets(tls_front, throwaway_ca):
    """`ssl_session_tickets off`: a TLS 1.2 session carries no ticket (whose key nginx would
    never rotate) and resumes from the shared cache by its id."""
    context = client_context(throwaway_ca.ca, "TLSv1_2")
    with handshake(tls_front.port, context) as first:
        session = first.session
    assert not session.has_ticket and session.id
    with handshake(tls_front.port, context, session) as second:
        assert second.session_reused


@pytest.mark.parametrize(
    ("offered", "chosen"), [(["h2", "http/1.1"], "h2"), (["http/1.1"], "http/1.1")]
)
def test_alpn_negotiates_http2(tls_front, throwaway_ca, offered, chosen):
    context = client_context(throwaway_ca.ca)
    context.set_alpn_protocols(offered)
    with handshake(tls_front.port, context) as connection:
        assert connection.selected_alpn_protocol() == chosen


def crumbs(name: str, start: str, size: int) -> list[str]:
    """Two fields of one name, each within a buffer, that nginx joins into one line for
    gunicorn (Cookie 14 kB, within HEADER_LINE; X-Forwarded-For 24 kB): it takes it."""
    return [f"{name}: {start.format(n=n)}" + "c" * size for n in range(2)]


@pytest.mark.parametrize(
    ("method", "path", "headers", "status", "title"),
    [
        ("GET", "/en/services", [], "200 ", None),  # the export
        ("GET", "/en/contact", [], "200 ", None),  # the app, behind
        # njs reads h2's lowercase names.
        ("GET", "/", ["Accept-Language: en-GB,en;q=0.9"], "302 /en", None),
        ("GET", "/", ["Accept-Language: en", "Cookie: a=1", "Cookie: i18n_redirected=es"],
         "200 ", None),
        # Regression: a POST over HTTP/2 to a page of the export got nginx's bare 405.
        ("POST", "/en/services", ["Cookie: i18n_redirected=es"], "405 ",
         "This address does not accept"),
        ("PUT", "/", ["Cookie: i18n_redirected=es"], "405 ", "Esta dirección no admite"),
        ("GET", "/en/contact", crumbs("Cookie", "crumb{n}=", 7 * 1024), "200 ", READY),
        ("GET", "/en/contact", crumbs("X-Forwarded-For", "192.0.2.{n}, ", 12 * 1024), "200 ",
         READY),
    ],
)  # fmt: skip
def test_pages_come_over_http2(tls_front, throwaway_ca, method, path, headers, status, title):
    """Real HTTP/2 exchanges (curl with nghttp2, as Debian builds it); a 405 says Allow."""
    data = ["--data", "x=1"] if method != "GET" else []
    written = subprocess.run(
        ["curl", "--silent", "--show-error", "--http2", "--cacert", str(throwaway_ca.ca),
         *[argument for header in headers for argument in ("--header", header)],
         "--request", method, *data, "--write-out",
         "\n%{http_version} %{http_code} %header{location}%header{allow}", tls_front.https + path],
        capture_output=True, text=True, check=True, timeout=30,
    )  # fmt: skip
    page, _, said = written.stdout.rpartition("\n")
    assert said == "2 " + status + ("GET, HEAD" if status == "405 " else ""), page[:300]
    if title:
        soup = BeautifulSoup(page, "html.parser")
        assert soup.title.string.startswith(title), soup.title.string
        assert soup.html["lang"] == ("en" if path.startswith("/en") else "es")


@pytest.fixture(scope="module")
def chromium_over(browser):
    """Chromium speaking HTTP/2 (as it does over TLS) or, with --disable-http2, HTTP/1.1."""
    http1 = browser.browser_type.launch(
        executable_path=browser_support.CHROMIUM, args=["--no-sandbox", "--disable-http2"]
    )
    yield {"h2": browser, "http/1.1": http1}
    http1.close()


@pytest.mark.parametrize("protocol", ["h2", "http/1.1"])
@pytest.mark.parametrize(
    ("cookies", "answer"),
    [
        (3, "Ready to start?"),  # 12 kB: the app
        (5, "The request's headers are too large"),  # 20 kB: one Cookie line over HEADER_LINE
        (17, "The request's headers are too large"),  # 68 kB: over HEADER_BYTES
    ],
)
def test_http2_and_http1_agree_on_too_many_header_bytes(
    tls_front, chromium_over, protocol, cookies, answer
):
    """Regression: 68 kB of cookies got the site's 431 page over HTTP/1.1 and a dropped
    connection over HTTP/2. One count now for both (deploy/header_check.js). (4 kB cookies: a
    browser keeps none longer.)"""
    context = chromium_over[protocol].new_context(ignore_https_errors=True)
    try:
        cookie = {"value": "c" * 4000, "url": tls_front.https}
        context.add_cookies([{"name": f"parent{n}", **cookie} for n in range(cookies)])
        page = context.new_page()
        page.goto(tls_front.https + "/en/contact")
        spoken = page.evaluate("performance.getEntriesByType('navigation')[0].nextHopProtocol")
        assert spoken == protocol
        assert page.title().startswith(answer)
    finally:
        context.close()


# --- The plain port: certbot's challenges, else a redirect to SITE_URL ---------------------


def plain(tls_front, target: str, host: bytes | None = b"127.0.0.1"):
    """GET `target` on the plain port with this Host (None: HTTP/1.0 without one)."""
    version = b"HTTP/1.1" if host else b"HTTP/1.0"
    return request(tls_front.plain, target.encode(), host=host, version=version)


@pytest.mark.parametrize(
    "host",
    [b"evil.example", b"www.motorlab.example.evil.example", b"evil.example:443",
     b"www.motorlab.example@evil.example", b"[::1]", b"127.0.0.1", None],
)  # fmt: skip
@pytest.mark.parametrize(
    "target", ["/", "/en/services", "/en/contact?utm_source=mail&x=%0d%0a", "/no-such-page"]
)
def test_plain_http_is_sent_to_site_url_whatever_the_host(tls_front, host, target):
    answer = plain(tls_front, target, host)
    assert (answer.status, answer.get("Location")) == (301, [SITE + target])


@pytest.mark.parametrize(
    ("target", "location"),
    [
        # Absolute-form targets: nginx keeps only their path and query.
        ("http://evil.example/en/services?x=1", SITE + "/en/services?x=1"),
        ("https://evil.example", SITE + "/"),
        # Encoded as they came: never a header line or another host.
        ("/%0d%0aSet-Cookie:%20x=1", SITE + "/%0d%0aSet-Cookie:%20x=1"),
        ("//evil.example/", SITE + "//evil.example/"),
        ("/\\evil.example", SITE + "/\\evil.example"),
        # `..` is resolved for choosing a location, never in what is redirected.
        (f"/{CHALLENGES}/../../secret.txt", f"{SITE}/{CHALLENGES}/../../secret.txt"),
    ],
)
def test_hostile_targets_are_redirected_as_sent(tls_front, browser_urls, target, location):
    answer = plain(tls_front, target, b"evil.example")
    assert answer.status == 301 and answer.get("Location") == [location]
    assert_safe(answer, SITE, target if target.startswith("/") else "/", browser_urls)


def check_redirect(answer, target: str, browser_urls) -> None:
    """The target goes to SITE_URL's origin exactly as it was sent, or is refused (400): a
    byte outside visible ASCII always is; nginx's parser refuses some more (NUL, `..`)."""
    if answer.status == 301:
        assert answer.get("Location") == [SITE + target], target
    else:
        assert answer.status == 400 and answer.get("Location") == [], target
    if re.search(r"[^\x21-\x7e]", target):
        assert answer.status == 400, target
    assert_safe(answer, SITE, target, browser_urls)


@pytest.mark.parametrize("bait", REDIRECT_BAIT)
def test_every_bait_is_redirected_to_the_site_or_refused(tls_front, browser_urls, bait):
    for target in (f"/{bait}", f"/en/{bait}/", f"/services?next={bait}"):
        check_redirect(plain(tls_front, target, b"evil.example"), target, browser_urls)


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(target=targets())
def test_hostile_targets_never_leave_site_url(tls_front, browser_urls, target):
    check_redirect(plain(tls_front, target, b"evil.example"), target, browser_urls)


@pytest.mark.parametrize(
    "target",
    [
        f"/{CHALLENGES}/{TOKEN}",
        f"/{CHALLENGES}/{TOKEN}?x=1",
        f"/{CHALLENGES}//{TOKEN}",
        f"/en/../{CHALLENGES}/{TOKEN}",
        f"/{CHALLENGES}/%{ord(TOKEN[0]):02X}{TOKEN[1:]}",
    ],
)
def test_the_challenge_is_answered_from_the_webroot(tls_front, acme_webroot, target):
    """What certbot --webroot wrote, on the plain port (Let's Encrypt asks there)."""
    answer = plain(tls_front, target, b"www.motorlab.example")
    assert answer.status == 200
    assert answer.body == (acme_webroot / CHALLENGES / TOKEN).read_bytes()
    assert answer.get("Content-Type") == ["text/plain; charset=utf-8"]


@pytest.mark.parametrize(
    ("target", "statuses"),
    [
        # `..` in any spelling leaves the location (nginx resolves it first): the redirect.
        *[(f"/{CHALLENGES}/{rest}", (301, 404)) for rest in [
            "../../secret.txt", "%2e%2e/%2e%2e/secret.txt", "..%2f..%2fsecret.txt",
            "%2e%2e%2f%2e%2e%2fsecret.txt", "..%5c..%5csecret.txt", "..%2fbeside.txt",
            "../../beside.txt", "",
        ]],
        (f"/{CHALLENGES}", (301, 404)),
        ("/.well-known/", (301, 404)),
        ("/beside.txt", (301, 404)),
        # A symlink (to /etc/passwd), a dotfile, a page (never as text/html), a folder.
        *[(f"/{CHALLENGES}/{name}", (404,))
          for name in ["passwd", ".hidden", "page.html", f"nested/{TOKEN}", "%2ehidden", "nested"]],
    ],
)  # fmt: skip
def test_only_token_named_files_of_the_challenges_are_served(tls_front, target, statuses):
    answer = plain(tls_front, target)
    assert answer.status in statuses, (answer.status, answer.body[:200])
    for kept in (b"not for the world", b"not a challenge", b"root:"):
        assert kept not in answer.body


# --- The site over https: the app's headers ----------------------------------------------


@pytest.fixture(scope="module")
def https_opener(throwaway_ca):
    context = client_context(throwaway_ca.ca)
    return urllib.request.build_opener(urllib.request.HTTPSHandler(context=context), NoRedirect())


@pytest.mark.parametrize("path", PAGES)
def test_every_page_over_https_carries_the_apps_headers(tls_front, https_app, https_opener, path):
    front = get(tls_front.https + path, SPANISH_COOKIE, opener=https_opener)
    alone = get(https_app + path, SPANISH_COOKIE)
    assert front[0] == alone[0] == 200
    assert text_of(front[2]) == text_of(alone[2])
    names = (*SECURITY_HEADERS, "Strict-Transport-Security")
    assert_the_apps_security_headers(front[1], alone[1], names, path.endswith("/contact"))
    hsts = front[1]["Strict-Transport-Security"].split(";")
    assert int(dict(part.strip().partition("=")[::2] for part in hsts)["max-age"]) >= 31536000


def cookie_attributes(headers) -> list[list[str]]:
    """Each Set-Cookie's name and attributes, without its value (a session id differs)."""
    cookies = [value.split(";") for value in headers.get_all("Set-Cookie") or []]
    return [[parts[0].split("=")[0], *sorted(p.strip() for p in parts[1:])] for parts in cookies]


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/", {"Accept-Language": "en"}),  # nginx's own cookie (the first visit's language)
        ("/", {"Accept-Language": "es"}),
        ("/en/contact", SPANISH_COOKIE),  # the app's session cookie (CSRF token)
        ("/language/en?next=/en/services", {}),  # the switcher's
    ],
)
def test_cookies_over_https_are_secure_as_the_apps(
    tls_front, https_app, https_opener, path, headers
):
    front = get(tls_front.https + path, headers, opener=https_opener)
    alone = get(https_app + path, headers)
    assert front[0] == alone[0]
    attributes = cookie_attributes(front[1])
    assert attributes and attributes == cookie_attributes(alone[1])
    assert all("Secure" in cookie for cookie in attributes), attributes


def test_the_contact_form_works_over_https(tls_front, throwaway_ca):
    """nginx tells the app the visit is https (X-Forwarded-Proto): the Secure session cookie
    comes back and the post goes through, as a browser sends it on the public host (Flask-WTF
    then also wants a same-origin Referer)."""
    visitor = Visitor(tls_front.https, client_context(throwaway_ca.ca))
    visitor.fetch_token()
    fields = {
        "name": "José Núñez",
        "email": "jose.nunez@example.com",
        "description": "We need a booking app for the workshops of three brands.",
    }
    public = {"Host": "www.motorlab.example", "Referer": SITE + "/en/contact"}
    status, body = visitor.post("/en/contact", fields, headers=public)
    assert status == 303, visible_text(BeautifulSoup(body, "html.parser"))[:1000]
    status, body = visitor.get("/en/contact")
    assert BeautifulSoup(body, "html.parser").select_one(".c-contact-sent") is not None


# --- The rendered config -----------------------------------------------------------------


def test_without_a_certificate_the_config_is_unchanged_and_tls_only_adds(tmp_path, monkeypatch):
    """With TLS, the plain config with the site server's `listen` naming the https address,
    and lines added (the port-80 server, the ssl settings), nothing else. Without a
    certificate no TLS line (nor its blank line) is left."""
    for name, value in HTTPS_SETTINGS.items():
        monkeypatch.setenv(name, value)
    common = {"root": tmp_path, "app": "127.0.0.1:8000", "runtime": tmp_path, "analytics_id": ""}
    plain = render(listen="127.0.0.1:8080", **common)
    tls = Tls("/etc/tls/fullchain.pem", "/etc/tls/privkey.pem", "127.0.0.1:8443", "/srv/acme")
    secure = render(listen="127.0.0.1:8080", tls=tls, **common)
    assert render(listen="127.0.0.1:8080", tls=None, **common) == plain
    assert not re.search(r"ssl|acme|\$\{[A-Z]|return 301|\n\n\n", plain)
    listen = "        listen 127.0.0.1:8080;\n"
    assert plain.count(listen) == 1
    on_https = plain.replace(listen, "        listen 127.0.0.1:8443 ssl http2;\n")
    changes = difflib.SequenceMatcher(
        a=on_https.splitlines(), b=secure.splitlines(), autojunk=False
    ).get_opcodes()
    assert {tag for tag, *_ in changes} == {"equal", "insert"}
    servers = secure.split("    server {\n")[1:]
    # The plain port's, the site's and the contact hand-off's (unix socket, no TLS).
    assert len(servers) == 3 and listen in servers[0]
    assert "ssl" not in servers[2] and "        listen unix:" in servers[2]
    assert "return 301 https://www.motorlab.example$request_uri;" in servers[0]
    assert "ssl_certificate /etc/tls/fullchain.pem;" in servers[1]
    assert "location ^~ /.well-known/acme-challenge/ {\n            root /srv/acme;" in servers[0]
    without_webroot = render(listen="80", tls=Tls("/c.pem", "/k.pem"), **common)
    assert "acme-challenge" not in without_webroot
    assert "listen 443 ssl http2;" in without_webroot


@pytest.mark.parametrize(
    ("argv", "site_url", "message"),
    [
        (["--tls-certificate", "c.pem"], SITE, "--tls-certificate needs --tls-key"),
        (["--tls-key", "k.pem"], SITE, "--tls-key needs --tls-certificate"),
        (["--acme-webroot", "/srv/acme"], SITE, "--acme-webroot needs --tls-certificate"),
        (["--https-listen", "8443"], SITE, "--https-listen needs --tls-certificate"),
        (
            ["--tls-certificate", "c.pem", "--tls-key", "k.pem"],
            "http://www.motorlab.example",
            "SITE_URL must be the https address",
        ),
    ],
)
def test_flags_that_cannot_work_are_refused_in_words(
    tmp_path, monkeypatch, capsys, argv, site_url, message
):
    monkeypatch.setenv("SITE_URL", site_url)
    with pytest.raises(SystemExit) as exit_:
        nginx_config.main(["--runtime", str(tmp_path), *argv])
    assert exit_.value.code == 2 and message in capsys.readouterr().err.strip().splitlines()[-1]


def test_certificate_paths_stay_certbots_links(tmp_path, monkeypatch, capsys):
    """Made absolute, never resolved: certbot's live/ files are links that every renewal
    points at new files, so a resolved path would serve the old certificate for ever."""
    live = tmp_path / "live"
    live.mkdir()
    for name in ("fullchain.pem", "privkey.pem"):
        (tmp_path / f"{name}.1").write_text("")
        (live / name).symlink_to(tmp_path / f"{name}.1")
    monkeypatch.setenv("SITE_URL", SITE)
    monkeypatch.chdir(tmp_path)
    argv = ["--runtime", "run", "--tls-certificate", "live/fullchain.pem"]
    assert nginx_config.main([*argv, "--tls-key", "live/privkey.pem"]) == 0
    config = capsys.readouterr().out
    assert f"ssl_certificate {live}/fullchain.pem;" in config
    assert f"ssl_certificate_key {live}/privkey.pem;" in config
