"""What every test shares: the app built with TestConfig, its clients, HTML parsing, the list of
pages, and the browser fixtures (the app on a loopback port, Debian's Chromium, axe-core)."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager, suppress
from dataclasses import fields, is_dataclass
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask import template_rendered
from werkzeug.serving import make_server

from motorlab import create_app, i18n
from motorlab.config import TestConfig
from motorlab.content.types import Image
from motorlab.pages import registry

# The contact tests' fixtures (smtp, contact_app, contact_client).
pytest_plugins = ["tests.contact_support"]

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "site" / "motorlab" / "static"
SITE = "https://www.motorlab.example"  # TestConfig's SITE_URL
LOCALES = i18n.LOCALES  # as translations/languages.toml declares them

# Every page of the site, without its locale prefix, as the page registry declares them.
ROUTES = tuple(page.path for page in registry.PAGES)
NOINDEX_ROUTES = {page.path for page in registry.PAGES if not page.listed}


def localized(route: str, locale: str) -> str:
    """A route's path in a locale: `/services` -> `/en/services`, `/` -> `/en`."""
    return i18n.localized_rule(route, locale)


# Every page as (path, locale), for pytest.mark.parametrize, each with a readable id.
PAGES = [
    pytest.param(localized(route, locale), locale, id=localized(route, locale))
    for route in ROUTES
    for locale in LOCALES
]


def soup_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def visible_text(soup: BeautifulSoup) -> str:
    """The page's text as a person reads it: whitespace folded, scripts left out."""
    for node in soup(["script", "style", "template"]):
        node.decompose()
    return " ".join(soup.get_text(" ").split())


def images_in(value):
    """Every content `Image` inside a datum (dataclasses and tuples, walked deeply)."""
    if isinstance(value, Image):
        yield value
    elif is_dataclass(value):
        for field in fields(value):
            yield from images_in(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from images_in(item)


@pytest.fixture
def app():
    return create_app(TestConfig())


@pytest.fixture
def renders(app):
    """The names of the templates rendered during the test (a cache hit renders none)."""
    seen: list[str] = []

    def record(sender, template, context, **extra):
        seen.append(template.name)

    template_rendered.connect(record, app)
    yield seen
    template_rendered.disconnect(record, app)


@pytest.fixture
def client(app):
    """A returning visitor: the language cookie is set, so `/` never redirects."""
    client = app.test_client()
    client.set_cookie("i18n_redirected", "es")
    return client


@pytest.fixture
def first_visit_client(app):
    """A visitor without the language cookie."""
    return app.test_client()


# --- Browser: the app on a free loopback port, Debian's Chromium through Playwright ----------

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@contextmanager
def serving(app):
    """`app` on a free loopback port (Werkzeug's threaded server): its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def config_with(**overrides) -> TestConfig:
    """TestConfig with some settings changed: `config_with(PROXY_FIX_HOPS=1)`."""
    config = TestConfig()
    for name, value in overrides.items():
        setattr(config, name, value)
    return config


ANALYTICS_ID = "G-TEST12345"


def analytics_config() -> TestConfig:
    """TestConfig with ANALYTICS_ID set: the consent banner, /consent, the analytics tags."""
    return config_with(ANALYTICS_ID=ANALYTICS_ID)


@pytest.fixture(scope="session")
def live_server():
    with serving(create_app(TestConfig())) as base:
        yield base


@pytest.fixture(scope="session")
def analytics_server():
    """The site with ANALYTICS_ID set, on its own loopback port."""
    with serving(create_app(analytics_config())) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    """Playwright launches the system Chromium: no browser download is possible here."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where browser tests leave screenshots for a person to look at (git-ignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def axe():
    """`axe(page)` runs axe-core on the page and returns its WCAG 2.2 A/AA and best-practice
    violations (empty when there are none), with the first nodes of each for the report.

    axe is evaluated by Playwright rather than injected as a <script>, so the page's strict
    CSP stays as it is; it also runs on pages loaded with JavaScript disabled."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make setup` (npm ci)")
    source = AXE.read_text(encoding="utf-8")

    def run(page) -> list[dict]:
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            page.evaluate(source)
        result = page.evaluate(
            "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS
        )
        return [
            {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"]
        ]

    return run


def axe_report(violations: list[dict]) -> str:
    return json.dumps(violations, indent=1)


# --- Servers started by the tests: gunicorn, and a visitor with its own cookies ----------


@contextmanager
def gunicorn(env: dict[str, str], workers: int = 2, port: int | None = None):
    """The app under gunicorn on a free loopback port, in its own process group so that
    everything it started stops with it. Yields (base address, process)."""
    from tests.smtp import free_port

    port = port or free_port()
    base = f"http://127.0.0.1:{port}"
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        "--bind", f"127.0.0.1:{port}", "--workers", str(workers), "wsgi:app",
    ]  # fmt: skip
    server = subprocess.Popen(
        command, cwd=ROOT, env={**os.environ, **env}, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(150):
            if server.poll() is not None:
                raise RuntimeError("gunicorn exited during start-up")
            try:
                with urllib.request.urlopen(base + "/en/contact", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        yield base, server
    finally:
        with suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


class Visitor:
    """A browser-like HTTP client with its own cookies, for servers started by the tests."""

    TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(CookieJar()), _NoRedirect()
        )
        self.token = ""

    def get(self, path: str) -> tuple[int, str]:
        return self._open(urllib.request.Request(self.base + path))

    def fetch_token(self, path: str = "/en/contact") -> None:
        self.token = self.TOKEN.search(self.get(path)[1]).group(1)

    def post(
        self, path: str, fields: dict, *, as_json: bool = False, headers: dict | None = None
    ) -> tuple[int, str]:
        body = urllib.parse.urlencode({**fields, "csrf_token": self.token}).encode()
        headers = {"Accept": "application/json" if as_json else "text/html", **(headers or {})}
        return self._open(urllib.request.Request(self.base + path, data=body, headers=headers))

    def _open(self, request) -> tuple[int, str]:
        """The status and body; 0 when the server cannot be reached, hangs up or times out."""
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()
        except (OSError, http.client.HTTPException):  # URLError and timeouts are OSErrors
            return 0, ""


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


# --- Speed and deployment (#9): raster fixtures, the static export, gunicorn and nginx. ---

RASTER_PORTRAIT = "img/team/fixture-portrait.png"
RASTER_PHOTO = "img/team/fixture-photo.jpg"


def draw_raster(path, size, fmt):
    """A raster picture made here (gradient and shapes, so resizing has real work to do)."""
    from PIL import Image, ImageDraw

    image = Image.linear_gradient("L").resize(size).convert("RGB")
    pen = ImageDraw.Draw(image)
    pen.ellipse((size[0] // 4, size[1] // 4, size[0] * 3 // 4, size[1] * 3 // 4), fill="#c8102e")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, fmt)
    return path


@pytest.fixture
def raster_app(tmp_path):
    """The app over a copy of the static folder that also holds a PNG portrait and a JPEG
    photo (what an agency swaps in for the drawn SVGs), with its own image disk cache."""
    import shutil

    app = create_app(TestConfig())
    static = tmp_path / "static"
    shutil.copytree(app.static_folder, static)
    draw_raster(static / RASTER_PORTRAIT, (800, 800), "PNG")
    draw_raster(static / RASTER_PHOTO, (1600, 900), "JPEG")
    app.static_folder = str(static)
    app.config["IMAGE_CACHE_DIR"] = str(tmp_path / "image-cache")
    return app


@pytest.fixture(scope="session")
def session_dir():
    """A private folder for the session's servers and export. Not under pytest's basetemp:
    other pytest runs of the same user prune old basetemp folders while this one runs."""
    import shutil
    import tempfile
    from pathlib import Path

    folder = Path(tempfile.mkdtemp(prefix="motorlab-tests-"))
    folder.chmod(0o755)  # nginx's workers (www-data when started as root) read the export
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def exported_site(session_dir):
    """`make export` once per session, into a temporary folder: (folder, frozen URLs)."""
    from motorlab.export import export

    destination = session_dir / "export" / "site"
    urls = export(create_app(TestConfig()), destination)
    return destination, urls


@pytest.fixture(scope="session")
def app_server(session_dir):
    """gunicorn (2 sync workers) serving wsgi:app on a free loopback port: its base URL."""
    from tests.servers import app_environment, start_gunicorn

    workdir = session_dir / "gunicorn"
    workdir.mkdir()
    server, base = start_gunicorn("wsgi:app", app_environment(workdir / "outbox.sqlite3"), workdir)
    yield base
    server.stop()


@pytest.fixture(scope="session")
def nginx_server(exported_site, app_server, session_dir):
    """Debian's nginx with deploy/nginx.conf over the export, in front of `app_server`."""
    from tests.servers import start_nginx

    server, base = start_nginx(exported_site[0], app_server.removeprefix("http://"), session_dir)
    yield base
    server.stop()


# --- Widgets (#8): the build's manifest and pages opened with the widgets mounted ----------

BUILD = STATIC / "build"


def read_widget_manifest() -> dict:
    path = BUILD / "manifest.json"
    if not path.exists():
        pytest.fail(f"{path} is missing: run `make setup` (npm run build)")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def widget_manifest() -> dict:
    return read_widget_manifest()


@pytest.fixture(scope="session")
def react_chunk(widget_manifest) -> str:
    """The one chunk both React widgets share: React and react-dom."""
    widgets = widget_manifest["widgets"]
    shared = set(widgets["carousel"]["imports"]) & set(widgets["navigation"]["imports"])
    shared -= set(widget_manifest["entry"]["imports"])
    assert len(shared) == 1, shared
    return shared.pop()


# Every widget node of the page has mounted (or failed to: the page stays usable).
WIDGETS_SETTLED = """() => Array.from(document.querySelectorAll('[data-widget]'))
    .every(node => node.dataset.mounted === 'true' || node.dataset.mounted === 'failed')"""
WIDGETS_MOUNTED = """() => Array.from(document.querySelectorAll('[data-widget]'))
    .every(node => node.dataset.mounted === 'true')"""


SCRIPT_ELEMENT = re.compile(r"<script\b[^>]*>.*?</script>", re.DOTALL | re.IGNORECASE)


def serve_without_scripts(route) -> None:
    """The page as a browser without JavaScript gets it: none of its scripts run. (Chromium's
    own switch would also stop axe, whose checks need timers, so the scripts go instead.)"""
    response = route.fetch()
    route.fulfill(response=response, body=SCRIPT_ELEMENT.sub("", response.text()))


def wait_for_widgets(page) -> None:
    """Wait until every widget on the page has mounted."""
    page.wait_for_function(WIDGETS_MOUNTED)


@pytest.fixture
def open_page(browser, live_server):
    """open_page(path, width=1280, reduced_motion="no-preference", javascript=True, goto=True,
    height=800)
    -> a Playwright page of the real site (language cookie set) whose console errors collect
    in page.console_errors; with `goto`, opened and its widgets mounted."""
    contexts = []

    def open_(
        path, width=1280, reduced_motion="no-preference", javascript=True, goto=True, height=800
    ):
        context = browser.new_context(
            viewport={"width": width, "height": height},
            reduced_motion=reduced_motion,
            java_script_enabled=javascript,
        )
        context.add_cookies([{"name": "i18n_redirected", "value": "es", "url": live_server}])
        contexts.append(context)
        page = context.new_page()
        page.base = live_server
        page.console_errors = []
        page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
        page.on("pageerror", lambda e: page.console_errors.append(str(e)))
        if goto:
            assert page.goto(live_server + path).status == 200
            if javascript:
                wait_for_widgets(page)
        return page

    yield open_
    for context in contexts:
        context.close()


# Every word of the page's visible text that the browser broke inside, across two lines: a
# word is split at white space, and may break only after a hyphen or a slash (a token such as
# `--font-sans` or `a/b` wraps there). Returns "word" strings, at most 20.
SPLIT_WORDS = r"""() => {
  const split = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node && split.length < 20; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, template, [hidden], [inert]")) continue;
    if (!parent.checkVisibility({visibilityProperty: true})) continue;
    // Visually hidden text (a 1 px clipped box, such as u-visually-hidden) is never seen.
    let hidden = false;
    for (let el = parent; el && !hidden; el = el.parentElement) {
      hidden = el.getBoundingClientRect().width <= 1 && getComputedStyle(el).overflow === "hidden";
    }
    if (hidden) continue;
    for (const match of node.data.matchAll(/[^\s\-\/\u2010-\u2014]+[\-\/\u2010-\u2014]?/g)) {
      if (match[0].length < 2) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set(
        [...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom))
      );
      if (tops.size > 1) split.push(match[0]);
    }
  }
  return split;
}"""


def words_split_across_lines(page) -> list[str]:
    """The words the page shows broken inside, across two lines (SPLIT_WORDS)."""
    return page.evaluate(SPLIT_WORDS)
