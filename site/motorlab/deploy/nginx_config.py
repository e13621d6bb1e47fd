"""Render deploy/nginx.conf, a Jinja template, with the app's values: the security headers
(motorlab.web.security.headers, for the same settings: SITE_URL, API_BASE_URL, ANALYTICS_ID,
SCRIPT_NAME, and the hashes of the build's inline stylesheets), the Cache-Control of each kind
of file (the root files' paths from motorlab.icons), the media type of each (`media_types`),
`/`'s Vary and cookie, the request limits, the body limit and the upstream timeout, so nginx
states each as the app does: run it with the app's environment and build (and its Python: the
media types are its mimetypes').
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import secrets
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import click
import jinja2
from werkzeug.utils import get_content_type

from motorlab import files, icons
from motorlab.build.export import DEFAULT_DESTINATION, ERROR_PAGES
from motorlab.config import Config
from motorlab.contact.ratelimit import FRONT_LIMIT_HEADER
from motorlab.deploy import environment_file, gunicorn_config
from motorlab.deploy.nginx_values import cache_controls, media_types, over
from motorlab.deploy.release import SLOTS
from motorlab.i18n import COOKIE_MAX_AGE, COOKIE_NAME, LANGUAGES, Language
from motorlab.language import detection
from motorlab.paths import PROJECT_ROOT
from motorlab.rendering import assets
from motorlab.web import http_limits, request_body, security
from motorlab.web.cookies import cookie_header
from motorlab.web.security import headers, serialized_origin

DEPLOY = PROJECT_ROOT / "deploy"
TEMPLATE = DEPLOY / "nginx.conf"
DETECTION = DEPLOY / "root_language.js"
APP_ADDRESS = SLOTS["blue"]  # gunicorn's, by default
RUNTIME = "/var/lib/motorlab/nginx"  # nginx's temp files and njs module, by default
NGINX = "/usr/sbin/nginx"
# The contact hand-off's listener in the runtime folder, and the header naming the visitor to it.
HANDOFF_SOCKET = "contact-handoff.sock"
HANDOFF_CLIENT_HEADER = "Front-Client-Address"
# Debian's workers' user, pid file (nginx.service, logrotate) and log folder.
DEBIAN_USER, DEBIAN_PID, DEBIAN_LOGS = "www-data", "/run/nginx.pid", "/var/log/nginx"
# nginx gives up this many seconds before gunicorn kills the worker: the visitor gets a 504.
UPSTREAM_MARGIN = 5

# The deploy files' templates (units.py's too): nginx's and njs's text never holds `{{`, `{%`
# or `{#`; a quantifier taking a value is written `{ {{- value -}} }`.
TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(DEPLOY),
    undefined=jinja2.StrictUndefined,
    keep_trailing_newline=True,
    trim_blocks=True,
    lstrip_blocks=True,
    autoescape=False,
)
TEMPLATES.filters.update(regex=re.escape, over=over)


@dataclass(frozen=True)
class Tls:
    """Certbot's PEM chain and key, the https `listen`, and its webroot (None: no challenge)."""

    certificate: str
    key: str
    listen: str = "443"
    acme_webroot: str | None = None


def tls_settings(args: argparse.Namespace, site_url: str) -> Tls | None:
    """The flags' TLS settings, or None without a certificate; ValueError for a combination
    that cannot work, in words an operator can act on."""
    if not args.tls_certificate:
        for flag in ("--tls-key", "--https-listen", "--acme-webroot"):
            if getattr(args, flag[2:].replace("-", "_")):
                raise ValueError(f"{flag} needs --tls-certificate")
        return None
    if not args.tls_key:
        raise ValueError("--tls-certificate needs --tls-key (the certificate's private key)")
    if not site_url.startswith("https://"):
        raise ValueError(
            f"with --tls-certificate, SITE_URL must be the https address (it is {site_url!r}):"
            " plain http is redirected there, and HSTS and Secure cookies follow from it"
        )
    # Absolute, never resolved: certbot's live/ names are links each renewal moves.
    webroot = os.path.abspath(args.acme_webroot) if args.acme_webroot else None
    listen = args.https_listen or "443"
    return Tls(
        os.path.abspath(args.tls_certificate), os.path.abspath(args.tls_key), listen, webroot
    )


def detection_module(languages: tuple[Language, ...]) -> str:
    """deploy/root_language.js with the app's cookie, locales and Accept-Language grammar."""
    return TEMPLATES.get_template(DETECTION.name).render(
        cookie_name=COOKIE_NAME,
        languages=languages,
        default_locale=next(language.code for language in languages if not language.prefix),
        max_language_entries=detection.MAX_LANGUAGE_ENTRIES,
        language_entry=detection.LANGUAGE_ENTRY.pattern,
    )


def module_path(runtime: str | Path, module: str) -> Path:
    """Named by its content: writing a new module never changes the one a live config loads."""
    digest = hashlib.sha256(module.encode()).hexdigest()[:12]
    return Path(os.path.abspath(runtime)) / f"{DETECTION.stem}-{digest}{DETECTION.suffix}"


def write_module(runtime: str | Path, module: str) -> None:
    path = module_path(runtime, module)
    if not path.exists():
        files.replace_all({path: module.encode()})


def render(**options) -> str:
    """`render_files`' config, its detection module written into `runtime`."""
    config, module = render_files(**options)
    write_module(options["runtime"], module)
    return config


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
    """The config for the environment's settings, and its detection module, written nowhere.
    `unlimited`: addresses exempt from the per-address limits; `user` None: nginx's choice."""
    config = vars(Config())
    if analytics_id is not None:
        config["ANALYTICS_ID"] = analytics_id
    module = detection_module(LANGUAGES)
    runtime = Path(os.path.abspath(runtime))
    types = media_types()
    # One policy for every exported file: every inline stylesheet of the build, and the blocks
    # of the pages under `root` (rendered before the switch, it serves both releases).
    inline_blocks = assets.inline_blocks_in(
        Path(root) / assets.STATIC_URL_PATH.strip("/"), config["SCRIPT_NAME"]
    )
    nginx_conf = TEMPLATES.get_template(TEMPLATE.name).render(
        listen=listen,
        tls=tls,
        site_origin=serialized_origin(config["SITE_URL"]),
        root=os.path.abspath(root),
        app=app,
        runtime=str(runtime),
        module=module_path(runtime, module).name,
        user=user,
        pid=pid or str(runtime / "nginx.pid"),
        logs=logs or str(runtime),
        deploy=str(DEPLOY),
        unlimited=unlimited,
        security=headers(config, inline_blocks, stylesheets=assets.stylesheet_keys()),
        file_policy=security.FILE_POLICY,
        cache_control=cache_controls(config),
        media_types=types,
        # werkzeug's charset rule; text/html is nginx's own (naming it again warns).
        charset_types=[t for t in types if t != "text/html" and get_content_type(t, "utf-8") != t],
        day_files=icons.ROOT_FILES,
        # `/` names Accept-Encoding itself: gzip_vary is off there, so Vary is one line.
        root_vary=", ".join((*detection.ROOT_VARY, "Accept-Encoding")),
        languages=LANGUAGES,
        cookie_name=COOKIE_NAME,
        language_cookies={
            language.code: cookie_header(config, COOKIE_NAME, language.code, COOKIE_MAX_AGE)
            for language in LANGUAGES
        },
        limits=http_limits,
        max_body=request_body.PROXY_BODY_FACTOR * request_body.MAX_BODY,
        upstream_timeout=gunicorn_config.timeout - UPSTREAM_MARGIN,
        error_statuses=ERROR_PAGES,
        handoff_socket=str(runtime / HANDOFF_SOCKET),
        client_header=HANDOFF_CLIENT_HEADER,
        front_limit_header=FRONT_LIMIT_HEADER,
    )
    return nginx_conf, module


def nginx_refusal(config: str, folder: Path) -> str | None:
    """What `nginx -t` says of `config` (written aside in `folder`); None: no word at all."""
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


# The command's flags: (flag, default, help); a list default makes the flag repeatable.
FLAGS = [
    ("--environment-file", None,
     "the settings (KEY=value lines, /etc/motorlab/env): the only ones read"),
    ("--listen", "80", "nginx `listen` value, e.g. 80 or 127.0.0.1:8080"),
    ("--root", str(DEFAULT_DESTINATION), "the export"),
    ("--app", APP_ADDRESS, "gunicorn's address"),
    ("--runtime", RUNTIME, "temp files and the njs module"),
    ("--user", DEBIAN_USER, "nginx's workers' user"),
    ("--pid", DEBIAN_PID, "nginx's pid file"),
    ("--logs", DEBIAN_LOGS, "the folder of access.log and error.log"),
    ("--unlimited", [],
     "an address or range exempt from the per-address limits (repeatable; load tests)"),
    ("--tls-certificate", None, "PEM certificate chain (certbot's fullchain.pem)"),
    ("--tls-key", None, "its private key (certbot's privkey.pem)"),
    ("--https-listen", None, "nginx `listen` value for https, with a certificate (default 443)"),
    ("--acme-webroot", None, "the folder certbot --webroot writes its challenges to"),
    ("--output", None,
     "the config file to write: replaced whole once `nginx -t` passes, else left as it was"),
]  # fmt: skip


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m motorlab nginx-config",
        description=__doc__.split("\n\n")[0].replace("\n", " "),
    )
    for flag, default, words in FLAGS:
        action = "append" if isinstance(default, list) else "store"
        parser.add_argument(flag, default=default, help=words, action=action)
    args = parser.parse_args(argv)
    try:
        if args.environment_file:
            environment_file.use(args.environment_file)
        tls = tls_settings(args, Config().SITE_URL)
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


# argparse's options (FLAGS) and its --help, under the command group's name.
@click.command(
    "nginx-config", add_help_option=False, context_settings={"ignore_unknown_options": True}
)
@click.argument("argv", nargs=-1, type=click.UNPROCESSED)
def command(argv: tuple[str, ...]) -> None:
    """Render deploy/nginx.conf with the app's values (--help: the options)."""
    raise SystemExit(main(list(argv)))
