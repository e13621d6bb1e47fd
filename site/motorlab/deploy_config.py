"""Render deploy/nginx.conf: fill the placeholders (${LISTEN}, ${ROOT}, …); nginx's own $name
variables stay as they are. The security headers (CSP, HSTS) come from the app's code and the
same settings (SITE_URL, API_BASE_URL), so nginx sends the very headers the app sends: run it
with the app's environment.

    python -m motorlab.deploy_config --listen 80 --root /srv/motorlab/build/site \
        --app 127.0.0.1:8000 --runtime /run/motorlab > /etc/nginx/nginx.conf

The languages come from translations/languages.toml (`LANGUAGES`): the per-language lines of
the template, and nginx's detection module on `/` (deploy/root_language.js, its constants
filled in), which `render` writes into the runtime folder for the config to load.

With `--tls-certificate` and `--tls-key` the site's server listens on `--https-listen` (443)
with TLS and HTTP/2, and `--listen` becomes a small server that answers certbot's challenges
from `--acme-webroot` and redirects everything else to the https SITE_URL (the template's
`${TLS}` lines); without them the config has none of it.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from motorlab import consent, http_limits, page_cache
from motorlab.config import Config
from motorlab.cookies import cookie_header
from motorlab.i18n import COOKIE_MAX_AGE, COOKIE_NAME, LANGUAGES, Language
from motorlab.paths import PROJECT_ROOT
from motorlab.security import content_security_policy, headers, origin

TEMPLATE = PROJECT_ROOT / "deploy" / "nginx.conf"
DETECTION = PROJECT_ROOT / "deploy" / "root_language.js"
APP_ADDRESS = "127.0.0.1:8000"  # gunicorn's, by default (the systemd unit's too)
RUNTIME = "/run/motorlab"  # nginx's pid, logs, temp files and njs module, by default
_PLACEHOLDER = re.compile(r"\$\{([A-Z_]+)\}")
# A line naming ${PREFIX} is written once per language with a URL prefix; else a line naming
# ${LOCALE} once per language. In each copy these are that language's values.
PER_PREFIX = "${PREFIX}"
PER_LOCALE = "${LOCALE}"
# A line naming ${TLS} is written only with a certificate, with the block it opens; a line
# naming ${ACME} only with an ACME webroot. The marks themselves render as nothing.
WITH_TLS = "${TLS}"
WITH_ACME = "${ACME}"


def per_language(template: str, languages: list[dict[str, str]]) -> str:
    """Each line that names ${PREFIX} (or else ${LOCALE}), with the block it opens (up to its
    closing brace), written once per language (those with a prefix for ${PREFIX}), in the
    declared order, its placeholders (the keys of `languages`' rows) filled in; with no such
    language at all, left out."""
    lines = template.splitlines(keepends=True)
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if PER_PREFIX in line:
            rows = [row for row in languages if row["PREFIX"]]
        elif PER_LOCALE in line:
            rows = languages
        else:
            out.append(line)
            index += 1
            continue
        end = _block_end(lines, index)
        block = "".join(lines[index : end + 1])
        out.extend(fill(block, row) for row in rows)
        index = end + 1
    return "".join(out)


def _block_end(lines: list[str], index: int) -> int:
    """The index of the line that closes the block lines[index] opens (itself if none)."""
    # A placeholder itself holds one brace of each kind: they cancel out.
    end, depth = index, lines[index].count("{") - lines[index].count("}")
    while depth > 0:
        end += 1
        depth += lines[end].count("{") - lines[end].count("}")
    return end


def only_if(template: str, mark: str, keep: bool) -> str:
    """Each line that names `mark`, with the block it opens: written without the mark when
    `keep`, else left out, so a config without it is byte for byte the one before it."""
    lines = template.splitlines(keepends=True)
    out: list[str] = []
    index = 0
    while index < len(lines):
        end = _block_end(lines, index) if mark in lines[index] else index
        if keep or mark not in lines[index]:
            out.extend(line.replace(mark, "") for line in lines[index : end + 1])
        index = end + 1
    return "".join(out)


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


def fill(text: str, values: dict[str, str]) -> str:
    """`text` with the placeholders that `values` names filled in, the others left."""
    return _PLACEHOLDER.sub(lambda match: values.get(match[1], match[0]), text)


def unfilled(text: str) -> list[str]:
    """The placeholders left in `text`, each once."""
    return list(dict.fromkeys(_PLACEHOLDER.findall(text)))


def fill_all(text: str, values: dict[str, str], what: str) -> str:
    """`text` with every placeholder filled (in one pass: a value is never read again), or
    a ValueError naming `what` and the placeholders `values` lacks."""
    if missing := [name for name in unfilled(text) if name not in values]:
        raise ValueError(f"{what}: no value for {', '.join(missing)}")
    return _PLACEHOLDER.sub(lambda match: values[match[1]], text)


def language_rows(languages: tuple[Language, ...], settings: dict) -> list[dict[str, str]]:
    """Each language's values for per_language: its prefix, its code and the language
    cookie a first visit to `/` gets for it, as the app sets it (motorlab.cookies)."""
    return [
        {
            "PREFIX": language.prefix,
            "LOCALE": language.code,
            "LOCALE_COOKIE": cookie_header(settings, COOKIE_NAME, language.code, COOKIE_MAX_AGE),
        }
        for language in languages
    ]


def detection_module(languages: tuple[Language, ...], cookie_join: str = ",") -> str:
    """deploy/root_language.js with the app's constants: the language cookie, the locales in
    declared order and the default one (the language without a prefix); the consent cookie
    and its choices; `cookie_join`, how repeated Cookie fields reach the app (consent_rules)."""
    values = {
        "COOKIE_JOIN": cookie_join,
        "COOKIE_NAME": COOKIE_NAME,
        "CONSENT_NAME": consent.COOKIE_NAME,
        "CHOICES": " ".join(consent.CHOICES),
        "LOCALES": " ".join(language.code for language in languages),
        "DEFAULT_LOCALE": next(language.code for language in languages if not language.prefix),
    }
    return fill_all(DETECTION.read_text(), values, DETECTION.name)


# With ANALYTICS_ID set, the export holds each page and 404 page once per analytics choice
# (motorlab.export.consent_variant: `index.html`, `index.granted.html`, `index.denied.html`)
# and nginx serves the file of the visitor's choice, with the headers the app sends with it
# (docs/decisions/0014-consent-variants-in-the-export.md):
# - $consent_file, the file's suffix, read from $http_cookie, the one Cookie field nginx
#   passes the app (CONSENT_PROXY), exactly as the app reads it: a browser's usual header in
#   the map (consent_fast_path), "" when no field names the cookie, any other header by njs
#   (deploy/root_language.js, `consent`). Only evaluated where a page or 404 page is looked
#   up (try_files tries the file itself first: static files never read it).
# - the variant's Content-Security-Policy: the analytics origins for a `granted` file, and for
#   the redirect of `/` (the app sends that policy with every answer to a `granted` visitor);
# - Cache-Control: the page of a choice is private (motorlab.consent.chosen_cache_control);
# - Vary: every HTML file says `Cookie`, as the app's pages do (`/` in its own $root_vary).
CONSENT_MAP = """js_set $consent_read root_language.consent;
    map $http_cookie $consent_file {
        "~${CONSENT_GRANTED}" ".granted";
        "~${CONSENT_DENIED}" ".denied";
        "~${CONSENT_COOKIE}" $consent_read;
        default "";
    }
    map "$status:$front_root:$uri" $consent_csp {
        "~\\.granted\\.html$" "${ANALYTICS_CSP}";
        "302:1:/" $consent_redirect_csp;
        default "${CSP}";
    }
    map $consent_file $consent_redirect_csp {
        ".granted" "${ANALYTICS_CSP}";
        default "${CSP}";
    }
    map "$upstream_status:$front_root:$uri" $consent_vary {
        "~^::.*\\.html$" "Cookie";
        default "";
    }
"""
CONSENT_VARY = "add_header Vary $consent_vary always;"
# The app gets one Cookie field, nginx's `$http_cookie` (repeated fields joined with "; ", as
# HTTP/2 joins a cookie's crumbs): the very value the map and njs read.
CONSENT_PROXY = "proxy_set_header Cookie $http_cookie;"


def consent_fast_path(name: str, choice: str) -> str:
    """The map's reading of the common header, without njs: parts of werkzeug's grammar with
    token values (no quote: werkzeug's quoted branch cannot apply), none named `name`, then
    `name=choice`, then anything (the first part of the name counts). Any other header goes
    to njs. werkzeug's _cookie_re restricted to token values, so the parts split alike."""
    key = r"[^ \t=\";]+"
    other = rf"[ \t]*(?!{name}(?![^ \t=\";])){key}(?:[ \t]*=[ \t]*[^ \t\";]*)?[ \t]*;"
    return rf"^(?:{other})*[ \t]*{name}[ \t]*=[ \t]*{choice}[ \t]*(?:;|\z)"


# How every location that reaches gunicorn passes the request on (${TO_APP} in the template):
# the `app` rate limit; a header value gunicorn would refuse with its own bare page gets the
# site's 400 page instead (deploy/header_check.js); then the app.
TO_APP = (
    "limit_req zone=app burst=100 nodelay; "
    "if ($header_refusal) { return 400; } "
    "proxy_pass http://motorlab_app;"
)


def consent_rules(analytics_id: str, security: dict[str, str], analytics_csp: str) -> dict:
    """The placeholders of the consent variants: without analytics, the plain values (the
    one policy, no variant files, no consent map)."""
    csp = security["Content-Security-Policy"]
    if not analytics_id:
        return {
            "PAGE_CSP": f'"{csp}"',
            **dict.fromkeys(
                ("CONSENT_MAP", "CONSENT_VARY", "CONSENT_PROXY", "CONSENT_CACHE_CONTROL",
                 "CONSENT_FILE", "CONSENT_FILES"),
                "",
            ),
        }  # fmt: skip
    choices = "|".join(re.escape(f".{choice}") for choice in consent.CHOICES)
    chosen = consent.chosen_cache_control(page_cache.DEFAULT_CACHE_CONTROL)
    return {
        "PAGE_CSP": "$consent_csp",
        "CONSENT_MAP": fill(
            CONSENT_MAP,
            {
                "CONSENT_COOKIE": consent.COOKIE_NAME,
                "CONSENT_GRANTED": consent_fast_path(consent.COOKIE_NAME, consent.GRANTED),
                "CONSENT_DENIED": consent_fast_path(consent.COOKIE_NAME, consent.DENIED),
                "CSP": csp,
                "ANALYTICS_CSP": analytics_csp,
            },
        ),
        "CONSENT_VARY": CONSENT_VARY,
        "CONSENT_PROXY": CONSENT_PROXY,
        "CONSENT_CACHE_CONTROL": f'"~^:.*({choices})\\.html$" "{chosen}";',
        "CONSENT_FILE": "$consent_file",
        "CONSENT_FILES": f"({choices})?",
    }


def missing_variants(root: Path, analytics_id: str) -> bool:
    """Whether the export lacks the variants the config would serve: made without the
    ANALYTICS_ID the config is rendered with, every visitor who chose would get nginx's 404."""
    return bool(analytics_id) and not (root / "index.granted.html").is_file()


def tls_values(tls: Tls | None, site_url: str) -> dict[str, str]:
    """The placeholders of the ${TLS} lines (none without TLS: those lines are left out). The
    redirect goes to SITE_URL's origin, never to the request's Host."""
    if tls is None:
        return {}
    return {
        "TLS_CERTIFICATE": tls.certificate,
        "TLS_KEY": tls.key,
        "ACME_WEBROOT": tls.acme_webroot or "",
        "SITE_ORIGIN": origin(site_url),
    }


def render(
    *,
    listen: str,
    root: str | Path,
    app: str,
    runtime: str | Path,
    analytics_id: str | None = None,
    unlimited: tuple[str, ...] = (),
    tls: Tls | None = None,
) -> str:
    """The config for the settings in the environment (SITE_URL, API_BASE_URL, ANALYTICS_ID;
    `analytics_id` overrides the last). `unlimited`: addresses or CIDR ranges exempt from the
    per-address limits (a load test's client), none by default. `tls`: the site's server on
    https, `listen` redirecting to it (tls_settings checks SITE_URL). Writes the detection
    module the config loads into `runtime` (created if missing)."""
    config = Config()
    if analytics_id is None:
        analytics_id = config.ANALYTICS_ID
    settings = {"SITE_URL": config.SITE_URL, "API_BASE_URL": config.API_BASE_URL}
    security = headers(settings)
    values = {
        "LISTEN": listen,
        "SITE_LISTEN": f"{tls.listen} ssl http2" if tls else listen,
        **tls_values(tls, config.SITE_URL),
        "ROOT": str(Path(root).resolve()),
        "APP": app,
        "RUNTIME": str(Path(runtime).resolve()),
        "HSTS": security.get("Strict-Transport-Security", ""),
        **consent_rules(analytics_id, security, content_security_policy(settings, analytics=True)),
        "UNLIMITED": "\n        ".join(f"{address} 1;" for address in unlimited),
        "DEPLOY": str(TEMPLATE.parent),
        "TO_APP": TO_APP,
        "REQUEST_LINE": str(http_limits.REQUEST_LINE),
        "HEADER_LINE": str(http_limits.HEADER_LINE),
        "HEADER_BUFFERS": str(http_limits.HEADER_BUFFERS),
        "COOKIE_NAME": COOKIE_NAME,
    }
    # The detection module, loaded from the runtime folder by the config (js_import).
    Path(runtime).mkdir(parents=True, exist_ok=True)
    cookie_join = "; " if analytics_id else ","
    (Path(runtime) / DETECTION.name).write_text(detection_module(LANGUAGES, cookie_join))
    template = only_if(TEMPLATE.read_text(), WITH_TLS, tls is not None)
    template = only_if(template, WITH_ACME, tls is not None and tls.acme_webroot is not None)
    template = per_language(template, language_rows(LANGUAGES, vars(config)))
    return fill_all(template, values, TEMPLATE.name)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--listen", default="80", help="nginx `listen` value, e.g. 80 or 127.0.0.1:8080"
    )
    parser.add_argument("--root", default=str(PROJECT_ROOT / "build" / "site"), help="the export")
    parser.add_argument("--app", default=APP_ADDRESS, help="gunicorn's address")
    parser.add_argument("--runtime", default=RUNTIME, help="pid, logs, temp files, njs module")
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
    args = parser.parse_args(argv)
    if missing_variants(Path(args.root), Config().ANALYTICS_ID):
        parser.error(
            f"ANALYTICS_ID is set but {args.root} has no consent variants (index.granted.html): "
            "run `make export` with the same ANALYTICS_ID"
        )
    try:
        tls = tls_settings(
            certificate=args.tls_certificate, key=args.tls_key, https_listen=args.https_listen,
            acme_webroot=args.acme_webroot, site_url=Config().SITE_URL,
        )  # fmt: skip
    except ValueError as error:
        parser.error(str(error))
    config = render(
        listen=args.listen,
        root=args.root,
        app=args.app,
        runtime=args.runtime,
        unlimited=tuple(args.unlimited),
        tls=tls,
    )
    sys.stdout.write(config)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
