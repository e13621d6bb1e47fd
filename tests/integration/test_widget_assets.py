"""The esbuild manifest as the templates use it (boot script, modules, the CSP that lets exactly
that run) and the widgets' props, translated on the server."""

import base64
import hashlib
import json
import re

import pytest
from bs4 import BeautifulSoup
from flask import render_template_string

from motorlab import create_app
from motorlab.paths import PROJECT_ROOT
from motorlab.rendering.widget_props import widget_labels
from tests.support.app import config_with, csp_directives, returning_visitor, soup_of

pytestmark = pytest.mark.usefixtures("widget_manifest")


def module_metas(soup, name: str) -> list[str]:
    return [meta["content"] for meta in soup.find_all("meta", attrs={"name": name})]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/", ["carousel", "carousel", "nav_menu"]),
        ("/en/portfolio", ["carousel", "nav_menu"]),
        ("/contact", ["contact_form", "nav_menu"]),
        ("/en/services", ["nav_menu"]),
        ("/projects/ads", ["nav_menu"]),  # the case-study pager stays a pair of links
        ("/en/no-such-page", ["nav_menu"]),
    ],
)
def test_pages_inline_only_the_boot_script_and_name_their_widgets_modules(
    client, widget_manifest, path, expected
):
    """No code before the first paint: the one script (allowed by its hash) asks for the entry
    once the page shows; preloads: the typeface and home's hero; modules: entry and carousels."""
    response = client.get(path)
    soup = soup_of(response)
    code = soup.find_all("script", type=lambda kind: not (kind or "").endswith("json"))
    assert [(s.get("src"), s.get("data-script")) for s in code] == [(None, widget_manifest["boot"])]
    csp = response.headers["Content-Security-Policy"]
    directives = csp_directives(response.headers)
    digest = base64.b64encode(hashlib.sha256(code[0].string.encode()).digest()).decode()
    assert directives["script-src"].split() == ["'self'", f"'sha256-{digest}'"]
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert directives["connect-src"] == "'self'"
    preloads = soup.find_all("link", rel=["preload", "modulepreload", "prefetch"])
    hero = [(["preload"], "image")] if path == "/" else []
    assert [(p["rel"], p["as"]) for p in preloads] == [(["preload"], "font"), *hero]
    entry = widget_manifest["entry"]
    assert module_metas(soup, "widget-entry") == [f"/static/build/{entry['file']}"]
    carousel = widget_manifest["widgets"]["carousel"]["file"]
    modules = [*entry["imports"], *([carousel] if "carousel" in expected else [])]
    assert module_metas(soup, "widget-preload") == [f"/static/build/{f}" for f in modules]
    assert soup.find("meta", attrs={"name": "api-base-url"})["content"] == ""
    assert sorted(node["data-widget"] for node in soup.select("[data-widget]")) == expected
    # A widget that reads props gets them; nav_menu reads only its markup, so it gets none.
    for node in soup.select("[data-widget]"):
        props = node.find("script", type="application/json", recursive=False)
        assert (props is None) == (node["data-widget"] == "nav_menu")
        assert props is None or json.loads(props.string)
    assert soup.select_one("body > .c-loading-bar__host[aria-hidden=true]")


def test_preloads_name_each_widgets_own_chunk_and_not_react_and_all_are_served(
    app, client, widget_manifest, react_chunk
):
    widgets = widget_manifest["widgets"]
    files = {widget_manifest["entry"]["file"]}
    for widget in widgets.values():
        files.update([widget["file"], *widget["imports"]])
    for file in files:
        with client.get(f"/static/build/{file}") as response:
            assert (response.status_code, response.mimetype) == (200, "text/javascript"), file
    with app.test_request_context("/"):
        html = render_template_string('{{ widget_preloads(["carousel", "nav_menu", "carousel"]) }}')
    hrefs = module_metas(BeautifulSoup(html, "html.parser"), "widget-preload")
    assert hrefs == [
        f"/static/build/{widgets['carousel']['file']}",
        f"/static/build/{widgets['nav_menu']['file']}",
    ]
    # The carousel's libraries (the React chunk) come as its imports, after parsing.
    assert react_chunk in widgets["carousel"]["imports"]
    assert all(line.startswith('<meta name="widget-preload" ') for line in html.splitlines())
    with app.test_request_context("/"), pytest.raises(KeyError, match="unknown widget"):
        render_template_string('{{ widget_preloads(["carrousel"]) }}')


def test_each_widget_sits_beside_its_component_of_the_same_name(widget_manifest):
    names = set(widget_manifest["widgets"])
    assert {"carousel", "consent_banner", "contact_form", "nav_menu", "navigation"} <= names
    registry = (PROJECT_ROOT / "widgets" / "mount.js").read_text(encoding="utf-8")
    for name in ("carousel", "contact_form", "nav_menu"):
        assert f'import("./{name}/index.js")' in registry, name
    # Each widget enhances the component of its name; navigation enhances every link.
    for name in names | {"loading_bar", "toast"}:
        assert (PROJECT_ROOT / "widgets" / name / "index.js").is_file(), name
        component = PROJECT_ROOT / "templates" / "components" / name / f"{name}.html"
        assert name == "navigation" or component.is_file(), name


def test_a_configured_api_origin_is_rendered_for_the_client():
    # Its CSP: tests/integration/test_security.py.
    client = returning_visitor(
        create_app(config_with(API_BASE_URL="https://api.motorlab.example/"))
    )
    meta = soup_of(client.get("/services")).find("meta", attrs={"name": "api-base-url"})
    assert meta["content"] == "https://api.motorlab.example/"


@pytest.mark.parametrize(
    ("prefix", "menu", "failure", "failed", "close"),
    [
        ("", "Menú", "No se ha podido enviar", "No se ha podido cargar la página.",
         "Cerrar el mensaje"),
        ("/en", "Menu", "Your message could not be sent", "The page could not be loaded.",
         "Close message"),
    ],
)  # fmt: skip
def test_widget_props_are_translated_on_the_server(client, prefix, menu, failure, failed, close):
    app, path = client.application, f"{prefix}/services"
    with app.test_request_context(path):
        rendered = render_template_string(
            "{{ widget_labels('nav_menu')|tojson }}|{{ widget_labels('contact_form')|tojson }}"
            "|{{ carousel_props('Brands', auto_rotate=True)|tojson }}"
        )
    nav, form, carousel = (json.loads(part) for part in rendered.split("|"))
    assert nav == {"label": menu}
    assert form["failure"].startswith(failure)
    assert sorted(form) == ["close", "errorPrefix", "failure"]
    assert carousel["autoRotate"] is True and carousel["label"] == "Brands"
    labels = ["next", "pick", "picker", "previous", "slide", "start", "stop"]
    assert sorted(carousel["labels"]) == labels
    assert "{n}" in carousel["labels"]["slide"] and "{total}" in carousel["labels"]["slide"]
    # The navigation has no node: its strings ride in the loading bar's host, as props like
    # every widget's (not data-* attributes), and "Close message" is one string for all.
    host = soup_of(client.get(path)).select_one("body > .c-loading-bar__host")
    assert [name for name in host.attrs if name.startswith("data-")] == []
    props = json.loads(host.find("script", type="application/json", recursive=False).string)
    assert props == {"failed": failed, "retry": props["retry"], "close": close}
    with app.test_request_context(path):
        assert widget_labels("navigation") == props
        assert widget_labels("consent_banner")["close"] == widget_labels("contact_form")["close"]


def test_one_fetch_with_a_deadline_and_one_link_check():
    """The only fetch and deadline are in widgets/http; the only "may a script take this link
    over?" and "is this a plain click?" in navigation/links.js."""
    root = PROJECT_ROOT / "widgets"
    sources = {
        path.relative_to(root).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(root.rglob("*.js*"))
        if path.suffix in (".js", ".jsx")
    }
    links = ('closest("a[href]")', "hreflang", "event.button", "event.metaKey")
    where = {r"\bfetch\(": "http/index.js", "AbortController": "http/index.js"}
    where.update({re.escape(needle): "navigation/links.js" for needle in links})
    for pattern, file in where.items():
        assert [name for name, text in sources.items() if re.search(pattern, text)] == [file]


def test_carousels_hold_every_item_for_visitors_without_javascript(client):
    soup = soup_of(client.get("/"))
    logos = soup.select(".c-carousel--logos .c-carousel__list > li img")
    slides = soup.select(".c-carousel--slides .c-carousel__list > li .c-slide")
    assert len(logos) == 6 and len(slides) == 3  # each slide's button: test_home.py
    props = json.loads(soup.select_one(".c-carousel--slides > script").string)
    assert props["autoRotate"] is True and props["label"] == "Qué hacemos"
    portfolio = soup_of(client.get("/en/portfolio"))
    props = json.loads(portfolio.select_one(".c-carousel--projects > script").string)
    assert props["autoRotate"] is False, "the portfolio's row does not rotate"
    assert len(portfolio.select(".c-carousel--projects .c-carousel__list > li .c-card")) == 4
