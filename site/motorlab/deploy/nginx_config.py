"""Render deploy/nginx.conf, a Jinja template, with the app's values: the security headers
(motorlab.web.security.headers, for the same settings: SITE_URL, API_BASE_URL, ANALYTICS_ID,
SCRIPT_NAME, and the hashes of the build's inline stylesheets), the Cache-Control of each kind
of file (the root files' paths from motorlab.icons), the media type of each (`media_types`),
`/`'s Vary and cookie, the request limits, the body limit and the upstream timeout, so nginx
states each as the app does: run it with the app's environment and build (and its Python: the
media types are its mimetypes').

    python -m motorlab.deploy.nginx_config --listen 80 --root /srv/motorlab/current/build/site \
        --app 127.0.0.1:8000 --runtime /run/motorlab --output /etc/nginx/nginx.conf

The languages come from translations/languages.toml (`LANGUAGES`): the template's per-language
lines, and nginx's detection module on `/` (deploy/root_language.js, a template too), which
goes into the runtime folder for the config to load. Both files are rendered first and then
each written aside and renamed into place (`files.replace_all`): on any error nothing is
written, and nginx never reads half a file. Without `--output` the config goes to stdout.

`--root` is kept as given (made absolute, links not followed): nginx follows a `current`
symlink at each request, so switching it switches the release nginx serves.

With `--tls-certificate` and `--tls-key` the site's server listens on `--https-listen` (443)
with TLS and HTTP/2, and `--listen` becomes a small server that answers certbot's challenges
from `--acme-webroot` and redirects everything else to the https SITE_URL (the template's
`{% if tls %}` parts); without them the config has none of it.
"""

from __future__ import annotations

import argparse
import hashlib
import mimetypes
import os
import re
import secrets
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import jinja2
from werkzeug.datastructures import ResponseCacheControl
from werkzeug.utils import get_content_type

from motorlab import files, icons
from motorlab.build import export
from motorlab.build.export import DEFAULT_DESTINATION, ERROR_PAGES
from motorlab.config import Config
from motorlab.contact.ratelimit import FRONT_LIMIT_HEADER
from motorlab.deploy import environment_file, gunicorn_config
from motorlab.deploy.release import SLOTS
from motorlab.i18n import COOKIE_MAX_AGE, COOKIE_NAME, LANGUAGES, Language
from motorlab.images import resize
from motorlab.language import detection
from motorlab.paths import PROJECT_ROOT
from motorlab.rendering import assets
from motorlab.seo import routes as seo
from motorlab.web import http_limits, page_cache, request_body, security
from motorlab.web.cookies import cookie_header
from motorlab.web.security import headers, serialized_origin

DEPLOY = PROJECT_ROOT / "deploy"
TEMPLATE = DEPLOY / "nginx.conf"
DETECTION = DEPLOY / "root_language.js"
APP_ADDRESS = SLOTS["blue"]  # gunicorn's, by default
RUNTIME = "/var/lib/motorlab/nginx"  # nginx's temp files and njs module, by default
NGINX = "/usr/sbin/nginx"
# The contact hand-off's listener in the runtime folder, and the header that names the
# visitor to it (deploy/nginx.conf; the app never reads it).
HANDOFF_SOCKET = "contact-handoff.sock"
HANDOFF_CLIENT_HEADER = "Front-Client-Address"
# Debian's places: its workers' user, its pid file (nginx.service's PIDFile, logrotate's
# signal) and its log folder (rotated by Debian's /etc/logrotate.d/nginx).
DEBIAN_USER, DEBIAN_PID, DEBIAN_LOGS = "www-data", "/run/nginx.pid", "/var/log/nginx"
# nginx gives up on gunicorn this many seconds before gunicorn's own timeout kills the
# worker: the visitor gets nginx's 504, never a connection cut by the dying worker.
UPSTREAM_MARGIN = 5

# The deploy files' template engine (deploy_units renders the systemd units with it too).
# Jinja's own delimiters: nginx's and njs's text never holds `{{`, `{%` or `{#` (a brace
# opens a block or a regex quantifier, `{3}`), so no raw block is needed; where a quantifier
# takes a value, the template writes `{ {{- value -}} }` (the dashes eat the spaces). Block
# lines are dropped whole (trim_blocks, lstrip_blocks): a rendering has no trace of them.
# StrictUndefined: a value the code does not give is an error, never an empty string.
TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(DEPLOY),
    undefined=jinja2.StrictUndefined,
    keep_trailing_newline=True,
    trim_blocks=True,
    lstrip_blocks=True,
    autoescape=False,
)
# A literal path inside an nginx (PCRE) regex: `{{ path | regex }}`.
TEMPLATES.filters["regex"] = re.escape


def over(number: int) -> str:
    """A regex (unanchored alternatives) for the decimal numbers greater than `number`:
    `{{ limit | over }}` lets a map compare a number such as $request_length."""
    digits = str(number)
    longer = f"[1-9][0-9]{{{len(digits)},}}"
    same_length = [
        digits[:index] + f"[{int(digit) + 1}-9]" + f"[0-9]{{{len(digits) - index - 1}}}"
        for index, digit in enumerate(digits)
        if digit != "9"
    ]
    return "(" + "|".join([longer, *same_length]) + ")"


TEMPLATES.filters["over"] = over


@dataclass(frozen=True)
class Tls:
    """TLS at the front door: the certificate chain and key files (PEM, as certbot writes
    them), the https `listen` value, and certbot's webroot (None: no challenge location)."""

    certificate: str
    key: str
    listen: str = "443"
    acme_webroot: str | None = None


def tls_settings(
    *, certificate: str | None, key: str | None, https_listen: str | None,
    acme_webroot: str | None, site_url: str,
) -> Tls | None:  # fmt: skip
    """The flags' TLS settings, or None without a certificate; ValueError for a combination
    that cannot work, in words an operator can act on."""
    if not certificate:
        given = {"--tls-key": key, "--https-listen": https_listen, "--acme-webroot": acme_webroot}
        for flag, value in given.items():
            if value:
                raise ValueError(f"{flag} needs --tls-certificate")
        return None
    if not key:
        raise ValueError("--tls-certificate needs --tls-key (the certificate's private key)")
    if not site_url.startswith("https://"):
        raise ValueError(
            f"with --tls-certificate, SITE_URL must be the https address (it is {site_url!r}):"
            " plain http is redirected there, and HSTS and Secure cookies follow from it"
        )
    # Absolute, but never with symlinks resolved: certbot's live/ names are links that each
    # renewal points at new files.
    webroot = os.path.abspath(acme_webroot) if acme_webroot else None
    return Tls(os.path.abspath(certificate), os.path.abspath(key), https_listen or "443", webroot)


def detection_module(languages: tuple[Language, ...]) -> str:
    """deploy/root_language.js with the app's constants: the language cookie, the locales in
    declared order, the default one (the language without a prefix) and the grammar of an
    Accept-Language entry."""
    return TEMPLATES.get_template(DETECTION.name).render(
        cookie_name=COOKIE_NAME,
        languages=languages,
        default_locale=next(language.code for language in languages if not language.prefix),
        max_language_entries=detection.MAX_LANGUAGE_ENTRIES,
        language_entry=detection.LANGUAGE_ENTRY.pattern,
    )


def cache_controls(config: Config) -> dict[str, str]:
    """The app's Cache-Control of each kind of file nginx serves: a page, a file whose URL
    carries its hash (a year), a static file asked for without its hash (what Flask's send_file
    says for SEND_FILE_MAX_AGE_DEFAULT), a file without a hash that may change (the share
    images, the logo, the root files: a day), and a first visit to `/`."""
    unhashed = ResponseCacheControl()
    unhashed.public = True
    unhashed.max_age = config.SEND_FILE_MAX_AGE_DEFAULT
    return {
        "page": page_cache.DEFAULT_CACHE_CONTROL,
        "year": assets.YEAR_CACHE_CONTROL,
        "unhashed": unhashed.to_header(),
        "day": assets.DAY_CACHE_CONTROL,
        "first_visit": detection.FIRST_VISIT_CACHE_CONTROL,
    }


def media_types() -> dict[str, list[str]]:
    """The app's media type of each kind of file the export holds, with its suffixes (no
    dot), for nginx's `types` in place of its own mime.types (which says application/javascript
    and text/xml where the app says text/javascript and application/xml): what Flask's
    send_file guesses (Python's mimetypes) for the static folder's files, the icons and the
    image service's formats, and what the app's own answers name (sitemap, manifest)."""
    static = (icons.PACKAGE / "static").rglob("*")
    suffixes = {
        *(file.suffix for file in static if file.is_file()),
        *export.TEXT_SUFFIXES,
        *export.IMAGE_VARIANTS,
        *(suffix for _type, suffix in resize.FORMATS.values()),
        *(Path(path).suffix for path in icons.ROOT_FILES),
    }
    named = {".xml": seo.SITEMAP_TYPE, Path(icons.WEB_MANIFEST).suffix: icons.MANIFEST_TYPE}
    types: dict[str, list[str]] = {}
    for suffix in sorted(suffixes):
        media_type = named.get(suffix) or mimetypes.guess_type(f"file{suffix}")[0]
        if media_type:  # else nginx's default_type, as send_file's application/octet-stream
            types.setdefault(media_type, []).append(suffix.lstrip("."))
    return dict(sorted(types.items()))


def charset_types(types: list[str]) -> list[str]:
    """Those of `types` the app sends with `; charset=utf-8` (werkzeug's rule: text/*, XML,
    JavaScript), for nginx's `charset_types`."""
    # text/html is nginx's own, always: naming it again warns "duplicate MIME type".
    return [
        name for name in types if get_content_type(name, "utf-8") != name and name != "text/html"
    ]


def render(**options) -> str:
    """The config for `render_files`' options (the settings in the environment; `unlimited`,
    `tls`, `analytics_id`, …), and the detection module it loads written into `runtime`
    (created if missing), once both are rendered."""
    config, module = render_files(**options)
    write_module(options["runtime"], module)
    return config


def module_path(runtime: str | Path, module: str) -> Path:
    """Where the config loads the detection module from: named by its content, so writing a
    new one never changes the module a live config names (and a config nginx rejects leaves
    the live one whole)."""
    digest = hashlib.sha256(module.encode()).hexdigest()[:12]
    return Path(os.path.abspath(runtime)) / f"{DETECTION.stem}-{digest}{DETECTION.suffix}"


def write_module(runtime: str | Path, module: str) -> Path:
    path = module_path(runtime, module)
    if not path.exists():
        files.replace_all({path: module.encode()})
    return path


def nginx_refusal(config: str, folder: Path) -> str | None:
    """What `nginx -t` says of `config` (written aside in `folder`), or None if it passes with
    no warning either."""
    nginx = shutil.which("nginx") or NGINX
    if not os.path.exists(nginx):
        return f"{nginx} not found: the config cannot be checked"
    draft = folder / f".nginx-check.{secrets.token_hex(8)}.conf"
    try:
        draft.write_text(config)
        result = subprocess.run(
            [nginx, "-t", "-q", "-e", "stderr", "-c", str(draft)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    finally:
        draft.unlink(missing_ok=True)
    said = [line for line in result.stderr.splitlines() if line.strip()]
    if result.returncode or said:
        return said[0] if said else f"nginx -t exited with {result.returncode}"
    return None


def render_files(
    *,
    listen: str,
    root: str | Path,
    app: str,
    runtime: str | Path,
    analytics_id: str | None = None,
    unlimited: tuple[str, ...] = (),
    tls: Tls | None = None,
    user: str | None = None,
    pid: str | None = None,
    logs: str | None = None,
) -> tuple[str, str]:
    """The config for the settings in the environment (SITE_URL, API_BASE_URL, ANALYTICS_ID;
    `analytics_id` overrides the last) and the detection module it loads, written nowhere.
    `unlimited`: addresses or CIDR ranges exempt from the per-address limits (a load test's
    client), none by default. `tls`: the site's server on https, `listen` redirecting to it
    (tls_settings checks SITE_URL). `user`: the workers' (none: nginx's own choice); `pid` and
    `logs` default to the runtime folder (the tests'); the command's defaults are Debian's."""
    config = Config()
    module = detection_module(LANGUAGES)
    runtime = Path(os.path.abspath(runtime))
    settings = {
        "SITE_URL": config.SITE_URL,
        "API_BASE_URL": config.API_BASE_URL,
        "ANALYTICS_ID": config.ANALYTICS_ID if analytics_id is None else analytics_id,
        "SCRIPT_NAME": config.SCRIPT_NAME,  # the inline stylesheet's url()s, so its hash
    }
    nginx_conf = TEMPLATES.get_template(TEMPLATE.name).render(
        listen=listen,
        tls=tls,
        site_origin=serialized_origin(config.SITE_URL),
        root=os.path.abspath(root),
        app=app,
        runtime=str(runtime),
        module=module_path(runtime, module).name,
        user=user,
        pid=pid or str(runtime / "nginx.pid"),
        logs=logs or str(runtime),
        deploy=str(DEPLOY),
        unlimited=unlimited,
        # The policy allows the blocks of the pages under `root` too: rendered before the
        # switch, it serves the release left and the one switched to (docs/operations.md).
        # One policy for every exported file: it names every inline stylesheet of the build
        # (the shared one and those only some pages hold), where the app's answer names only
        # its page's.
        security=headers(
            settings,
            assets.inline_blocks_in(
                Path(root) / assets.STATIC_URL_PATH.strip("/"), config.SCRIPT_NAME
            ),
            stylesheets=assets.stylesheet_keys(),
        ),
        file_policy=security.FILE_POLICY,
        cache_control=cache_controls(config),
        media_types=media_types(),
        charset_types=charset_types(list(media_types())),
        day_files=icons.ROOT_FILES,
        # `/` names Accept-Encoding itself: gzip_vary is off there, so Vary is one line.
        root_vary=", ".join((*detection.ROOT_VARY, "Accept-Encoding")),
        languages=LANGUAGES,
        cookie_name=COOKIE_NAME,
        language_cookies={
            language.code: cookie_header(vars(config), COOKIE_NAME, language.code, COOKIE_MAX_AGE)
            for language in LANGUAGES
        },
        request_line=http_limits.REQUEST_LINE,
        first_header_buffer=http_limits.FIRST_BUFFER,
        header_line=http_limits.HEADER_LINE,
        header_buffers=http_limits.HEADER_BUFFERS,
        header_bytes=http_limits.HEADER_BYTES,
        max_body=request_body.PROXY_BODY_FACTOR * request_body.MAX_BODY,
        upstream_timeout=gunicorn_config.timeout - UPSTREAM_MARGIN,
        error_statuses=ERROR_PAGES,
        handoff_socket=str(runtime / HANDOFF_SOCKET),
        client_header=HANDOFF_CLIENT_HEADER,
        front_limit_header=FRONT_LIMIT_HEADER,
    )
    return nginx_conf, module


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument(
        "--environment-file",
        help="the settings (KEY=value lines, /etc/motorlab/env): the only ones read",
    )
    parser.add_argument(
        "--listen", default="80", help="nginx `listen` value, e.g. 80 or 127.0.0.1:8080"
    )
    parser.add_argument("--root", default=str(DEFAULT_DESTINATION), help="the export")
    parser.add_argument("--app", default=APP_ADDRESS, help="gunicorn's address")
    parser.add_argument("--runtime", default=RUNTIME, help="temp files and the njs module")
    parser.add_argument("--user", default=DEBIAN_USER, help="nginx's workers' user")
    parser.add_argument("--pid", default=DEBIAN_PID, help="nginx's pid file")
    parser.add_argument(
        "--logs", default=DEBIAN_LOGS, help="the folder of access.log and error.log"
    )
    parser.add_argument(
        "--unlimited",
        action="append",
        default=[],
        help="an address or range exempt from the per-address limits (repeatable; load tests)",
    )
    parser.add_argument("--tls-certificate", help="PEM certificate chain (certbot's fullchain.pem)")
    parser.add_argument("--tls-key", help="its private key (certbot's privkey.pem)")
    parser.add_argument(
        "--https-listen", help="nginx `listen` value for https, with a certificate (default 443)"
    )
    parser.add_argument(
        "--acme-webroot", help="the folder certbot --webroot writes its challenges to"
    )
    parser.add_argument(
        "--output",
        help="the config file to write: replaced whole once `nginx -t` passes, else left as it was",
    )
    args = parser.parse_args(argv)
    try:
        if args.environment_file:
            environment_file.use(args.environment_file)
        tls = tls_settings(
            certificate=args.tls_certificate, key=args.tls_key, https_listen=args.https_listen,
            acme_webroot=args.acme_webroot, site_url=Config().SITE_URL,
        )  # fmt: skip
    except (ValueError, environment_file.EnvironmentFileError) as error:
        parser.error(str(error))
    config, module = render_files(
        listen=args.listen, root=args.root, app=args.app, runtime=args.runtime,
        unlimited=tuple(args.unlimited), tls=tls, user=args.user, pid=args.pid, logs=args.logs,
    )  # fmt: skip
    if not args.output:
        write_module(args.runtime, module)
        sys.stdout.write(config)
        return 0
    output = Path(os.path.abspath(args.output))
    new_module = not module_path(args.runtime, module).exists()
    try:
        write_module(args.runtime, module)
        refusal = nginx_refusal(config, output.parent)
        if refusal:
            raise OSError(f"nginx -t: {refusal}")
        files.replace_all({output: config.encode()})
    except OSError as error:
        if new_module:  # every file in place, or none: the module is the new config's
            module_path(args.runtime, module).unlink(missing_ok=True)
        print(f"deploy_config: {output} left as it was: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
