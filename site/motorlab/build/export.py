"""`make export` (`python -m motorlab export`): the public site frozen from the app into files
(Frozen-Flask) for nginx; the contact page and the language switcher stay dynamic. The previous
release's hashed files stay for motorlab.releases.RETENTION."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import click
from flask import Flask
from flask.cli import ScriptInfo, pass_script_info

from motorlab import icons, releases
from motorlab.i18n import LOCALE_ARG, LOCALES, PREFIXES
from motorlab.pages.registry import page_for, public_paths
from motorlab.paths import PROJECT_ROOT
from motorlab.rendering.assets import BOOKKEEPING, BUILD_DIR, RETIRED, STATIC_URL_PATH
from motorlab.web import compression
from motorlab.web.flask_internals import fresh_context_freezer
from motorlab.web.self_request import error_page, fetch, site_origin

DEFAULT_DESTINATION = PROJECT_ROOT / "build" / "site"
TEXT_SUFFIXES = {".html", ".css", ".js", ".mjs", ".xml", ".txt", ".svg", ".json"}
IMAGE_VARIANTS = {".avif": "image/avif", ".webp": "image/webp"}  # sibling suffix: media type
_IMAGE_URL = re.compile(r"(?:https?://[^/\s\"']+)?(/_img/[^\s\"',?]+)")
# The errors nginx answers itself with the app's page (deploy/nginx.conf's error_page).
ERROR_PAGES = (400, 404, 405, 412, 413, 414, 429, 431, 501, 505)
# A path no page has: the language switcher then links to each language's home.
ERROR_PAGE_PATH = "/__export-error__"


def is_page(url: str) -> bool:
    """Whether an exported URL is a page (`/en/services`), not a file (`/sitemap.xml`)."""
    return "." not in url.rsplit("/", 1)[-1]


class SiteFreezer(fresh_context_freezer()):
    """Pages become PATH/index.html (`/en/services` -> `en/services/index.html`)."""

    def urlpath_to_filepath(self, path: str) -> str:
        if is_page(path):
            path = path.rstrip("/") + "/index.html"
        return path.lstrip("/")


def export(
    app: Flask, destination: Path = DEFAULT_DESTINATION, previous: Path | None = None
) -> list[str]:
    """Write the site under `destination`, keeping the hashed files of `previous` (the
    previous release's export; default: `destination`) for a while; returns the frozen URLs."""
    destination = Path(destination).resolve()
    previous = Path(previous).resolve() if previous else destination
    earlier = _hashed_files(previous)
    site = urlsplit(app.config["SITE_URL"])
    app.config.update(
        # Requests and URLs for SITE_URL's host (Frozen-Flask's `localhost` is not trusted).
        FREEZER_BASE_URL=site_origin(app) + "/",
        SERVER_NAME=site.netloc,
        PREFERRED_URL_SCHEME=site.scheme,
        FREEZER_DESTINATION=str(destination),
        FREEZER_REMOVE_EXTRA_FILES=True,
        FREEZER_IGNORE_MIMETYPE_WARNINGS=True,
        FREEZER_REDIRECT_POLICY="error",
        FREEZER_STATIC_IGNORE=list(BOOKKEEPING),  # the app does not serve it either (static_files)
    )
    freezer = SiteFreezer(
        app, with_static_files=True, with_no_argument_rules=False, log_url_for=False
    )
    pages = public_paths(app)

    @freezer.register_generator
    def site_urls() -> Iterator[str]:
        yield from (path for path in pages if not _is_dynamic(app, path))
        yield "/sitemap.xml"
        yield "/robots.txt"
        yield from icons.ROOT_FILES  # /favicon.ico, /apple-touch-icon.png, the manifest
        # Every /_img URL (srcset widths and share images) the pages link to.
        found = (_IMAGE_URL.findall(fetch(app, path).get_data(as_text=True)) for path in pages)
        yield from dict.fromkeys(url for urls in found for url in urls)

    with warnings.catch_warnings():  # endpoints left out on purpose (switcher, contact, /test)
        warnings.simplefilter("ignore")
        urls = sorted(freezer.freeze())
    _write_error_pages(app, destination)
    _write_image_variants(app, destination, urls)
    _keep_retired(app, destination, previous, earlier)
    _precompress(destination)
    return urls


def build_folder(export: Path) -> Path:
    """An export's static/build/: the app's static folder's build, under its URL path."""
    return export / STATIC_URL_PATH.strip("/") / BUILD_DIR


def _hashed_files(export: Path) -> dict[str, bytes]:
    """An export's files under static/build/ (their .br and .gz siblings are made again)."""
    folder = build_folder(export)  # none at a first export: no files
    return {
        file.relative_to(folder).as_posix(): file.read_bytes()
        for file in sorted(folder.rglob("*"))
        if file.is_file() and file.suffix not in (".br", ".gz")
    }


def _keep_retired(app: Flask, destination: Path, previous: Path, earlier: dict[str, bytes]) -> None:
    """Put back the files of `previous` that this export does not hold, then keep every file
    the build does not name while within the retention (retired when the build's record or
    the previous export's says, else now); record them beside the export."""
    build = build_folder(destination)
    for name, data in earlier.items():
        if not (build / name).exists():
            (build / name).parent.mkdir(parents=True, exist_ok=True)
            (build / name).write_bytes(data)
    static = Path(app.static_folder)
    retired = {
        **releases.read_ledger(releases.ledger_of(previous)),
        **releases.read_ledger(static / RETIRED),
    }
    releases.retire(build, retired, releases.ledger_of(destination), static)


def _is_dynamic(app: Flask, path: str) -> bool:
    """A page the registry does not export: nginx always passes it to the app (the contact
    form carries a per-visitor CSRF token; one frozen into a file would refuse every post)."""
    endpoint, values = app.url_map.bind("export.invalid").match(path)
    values.pop(LOCALE_ARG, None)
    return not page_for(endpoint, values).exported


def _write_error_pages(app: Flask, destination: Path) -> None:
    for locale in LOCALES:
        folder = destination / PREFIXES[locale].lstrip("/")
        folder.mkdir(parents=True, exist_ok=True)
        path = PREFIXES[locale] + ERROR_PAGE_PATH
        for status in ERROR_PAGES:
            (folder / f"{status}.html").write_bytes(error_page(app, path, status))


def _write_image_variants(app: Flask, destination: Path, urls: list[str]) -> None:
    for url in urls:
        path = urlsplit(url).path
        raster = path.startswith("/_img/") and not path.lower().endswith(".svg")
        if not raster or path.startswith("/_img/share/"):
            continue
        for suffix, media_type in IMAGE_VARIANTS.items():
            response = fetch(app, url, headers={"Accept": f"{media_type},image/*;q=0.8"})
            # Only a format the app answers in (the logo is always a PNG: no sibling).
            if response.status_code == 200 and response.mimetype == media_type:
                (destination / (path.lstrip("/") + suffix)).write_bytes(response.data)


def _precompress(destination: Path) -> None:
    for file in destination.rglob("*"):
        text = file.suffix.lower() in TEXT_SUFFIXES and file.is_file()
        data = file.read_bytes() if text else b""
        if len(data) < compression.MIN_SIZE:
            continue
        for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
            file.with_name(file.name + suffix).write_bytes(compression.compress(data, coding))


@click.command("export")
@click.argument("destination", default=DEFAULT_DESTINATION, type=click.Path(path_type=Path))
@click.option(
    "--previous", type=click.Path(path_type=Path),
    help="The previous release's export, whose hashed files stay a while.",
)  # fmt: skip
@pass_script_info
def command(info: ScriptInfo, destination: Path, previous: Path | None) -> None:
    """Write the whole public site under DESTINATION (default build/site/), for nginx: every
    page of both locales, the error pages nginx answers, every static file and image the pages
    name, with .br and .gz siblings."""
    try:
        urls = export(info.load_app(), destination, previous)
    except OSError as error:  # a folder this user cannot write (a release that is root's)
        click.echo(f"motorlab export: {destination} not written: {error}", err=True)
        raise SystemExit(1) from None
    pages = [u for u in urls if is_page(u)]
    click.echo(f"exported {len(urls)} URLs ({len(pages)} pages) to {destination}")
