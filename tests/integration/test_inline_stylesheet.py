"""The stylesheet arrives with the page: one `<style>` block, the same on every page but the
guideline, allowed by its hash in the CSP; those few pages need only there, and in their CSP."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest

from motorlab import create_app
from motorlab.rendering import assets
from tests.support.app import config_with, csp_directives, returning_visitor, soup_of
from tests.support.pages import PAGES
from tests.support.widgets import BUILD, read_widget_manifest

MANIFEST = read_widget_manifest()
ERRORS = [  # (path, headers, method, status): the error pages, in both languages
    ("/no-such-page", {}, "get", 404),
    ("/en/no-such-page", {}, "get", 404),
    ("/en/services", {"Host": "evil.example"}, "get", 400),
    ("/services", {}, "post", 405),
]


def sha256_source(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def style_sources(response) -> list[str]:
    return csp_directives(response.headers)["style-src"].split()


def blocks(response) -> list[tuple[str, str]]:
    """Each <style> of the page as (data-stylesheet, text)."""
    return [(s.get("data-stylesheet"), s.string) for s in soup_of(response).find_all("style")]


def every_answer(client):
    for path, locale in (page.values for page in PAGES):
        client.set_cookie("i18n_redirected", locale)
        yield path, client.get(path)
    for path, headers, method, status in ERRORS:
        response = getattr(client, method)(path, headers=headers)
        assert response.status_code == status, path
        yield path, response


# The stylesheets of a page but the consent's, by its route: the shared one, but for these.
PAGE_STYLESHEETS = {"/guideline": ["guideline.css"], "/test": ["site.css", "examples.css"]}


def expected_stylesheets(path: str, status: int, analytics: bool = False) -> list[str]:
    route = path.removeprefix("/en") or "/"
    own = ["site.css", "error_page.css"] if status >= 400 else None
    first, *rest = own or PAGE_STYLESHEETS.get(route, ["site.css"])
    return [first, *(["consent_banner.css"] if analytics else []), *rest]


@pytest.mark.parametrize("analytics", [False, True], ids=["plain", "analytics"])
def test_every_page_carries_the_blocks_its_csp_allows_and_no_stylesheet_link(analytics):
    """The shared block on every page but the guideline, then the consent's (with ANALYTICS_ID),
    the error pages' or /test's; the CSP's style-src names exactly the page's blocks."""
    client = create_app(config_with(ANALYTICS_ID="G-TEST12345" if analytics else "")).test_client()
    shared = set()
    for path, response in every_answer(client):
        found = blocks(response)
        keys = expected_stylesheets(path, response.status_code, analytics)
        assert [name for name, _text in found] == [MANIFEST[key] for key in keys], path
        sources = ["'self'", *(sha256_source(text) for _name, text in found)]
        assert sorted(style_sources(response)) == sorted(sources), path
        # No link: the .css files are still served (a page cached before a new build links them).
        assert soup_of(response).select('link[rel~="stylesheet"]') == [], path
        assert not re.search(r"/static/build/[^\"')]+\.css", response.get_data(as_text=True)), path
        if not path.endswith("/guideline"):
            shared.add(found[0])
    assert len(shared) == 1, "the same block, byte for byte, on every page"
    name, text = shared.pop()
    assert name == MANIFEST["site.css"]
    assert len(text) > 10_000, "the whole bundle"


def test_each_page_stylesheet_is_a_bundle_of_its_own_left_out_of_the_shared_one(app):
    shared = (BUILD / MANIFEST["site.css"]).read_text(encoding="utf-8")
    for key in assets.stylesheet_keys()[1:]:
        block = assets.stylesheet(key=key)
        assert re.fullmatch(rf"{key.removesuffix('.css')}-[A-Z0-9]{{8}}\.css", block.name)
        assert block.text not in shared and block.text.count("\n") <= 1
    with app.test_request_context(), pytest.raises(KeyError, match="unknown stylesheet"):
        assets.inline_stylesheet("nowhere.css")


def test_the_block_is_the_build_with_its_font_resolved_from_the_site_root(client):
    response = client.get("/en")
    (name, text), font = blocks(response)[0], MANIFEST["fonts"][0]
    built = (BUILD / name).read_text(encoding="utf-8")
    assert f'url("./{font}")' in built
    assert text == built.replace(f'url("./{font}")', f'url("/static/build/{font}")')
    with client.get(f"/static/build/{font}") as served:
        assert served.status_code == 200
    # The block comes first in <head> after the boot script: nothing the page names waits
    # behind the stylesheet's bytes, and the one thing fetched before it is the typeface
    # (its preload, first: styles/fonts.css), the file the block's url() names.
    head = [tag.name for tag in soup_of(response).head.find_all(True, recursive=False)]
    assert head[: head.index("style") + 1] == ["meta", "meta", "link", "title", "script", "style"]
    before = soup_of(response).head.style.find_all_previous(
        "link", rel=["preload", "modulepreload"]
    )
    assert [(p["href"], p["as"], p.get("crossorigin")) for p in before] == [
        (f"/static/build/{font}", "font", "")
    ]


def test_under_a_prefix_the_font_and_the_hash_follow_it():
    response = returning_visitor(create_app(config_with(SCRIPT_NAME="/site"))).get(
        "/site/en/services"
    )
    text, font = blocks(response)[0][1], MANIFEST["fonts"][0]
    assert f'url("/site/static/build/{font}")' in text
    assert sha256_source(text) in style_sources(response)
    root = assets.stylesheet().csp_source
    assert root not in style_sources(response), "the root's block is another text"


def build_of(folder, css: str):
    (folder / "build").mkdir(parents=True)
    (folder / "build" / "site-X.css").write_text(css)
    (folder / "build" / "manifest.json").write_text('{"site.css": "site-X.css"}')
    return folder


def test_a_development_build_names_its_source_map_from_the_site_root(tmp_path):
    css = (
        '@font-face{src:url("./fonts/a.woff2")}a{b:url(./x.svg)}\n'
        "/*# sourceMappingURL=site-X.css.map */\n"
    )
    assert assets.stylesheet(build_of(tmp_path / "dev", css), "/m").text == (
        '@font-face{src:url("/m/static/build/fonts/a.woff2")}a{b:url(/m/static/build/x.svg)}\n'
        "/*# sourceMappingURL=/m/static/build/site-X.css.map */\n"
    )
    # A stylesheet that would end its block early is refused.
    with pytest.raises(ValueError, match="</style"):
        assets.stylesheet(build_of(tmp_path / "early", 'a::after{content:"</style>"}'))
