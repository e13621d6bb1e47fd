"""Render deploy/nginx.conf: fill the placeholders (${LISTEN}, ${ROOT}, …); nginx's own $name
variables stay as they are. The security headers (CSP, HSTS) come from the app's code and the
same settings (SITE_URL, API_BASE_URL), so nginx sends the very headers the app sends: run it
with the app's environment.

    python -m motorlab.deploy_config --listen 80 --root /srv/motorlab/build/site \
        --app 127.0.0.1:8000 --runtime /run/motorlab > /etc/nginx/nginx.conf

The languages come from translations/languages.toml (`LANGUAGES`): the per-language lines of
the template, and nginx's detection module on `/` (deploy/root_language.js, its constants
filled in), which `render` writes into the runtime folder for the config to load.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from motorlab import http_limits
from motorlab.config import Config
from motorlab.cookies import cookie_header
from motorlab.i18n import COOKIE_MAX_AGE, COOKIE_NAME, LANGUAGES, Language
from motorlab.paths import PROJECT_ROOT
from motorlab.security import headers

TEMPLATE = PROJECT_ROOT / "deploy" / "nginx.conf"
DETECTION = PROJECT_ROOT / "deploy" / "root_language.js"
APP_ADDRESS = "127.0.0.1:8000"  # gunicorn's, by default (the systemd unit's too)
RUNTIME = "/run/motorlab"  # nginx's pid, logs, temp files and njs module, by default
_PLACEHOLDER = re.compile(r"\$\{([A-Z_]+)\}")
# A line naming ${PREFIX} is written once per language with a URL prefix; else a line naming
# ${LOCALE} once per language. In each copy these are that language's values.
PER_PREFIX = "${PREFIX}"
PER_LOCALE = "${LOCALE}"


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
        # A placeholder itself holds one brace of each kind: they cancel out.
        end, depth = index, line.count("{") - line.count("}")
        while depth > 0:
            end += 1
            depth += lines[end].count("{") - lines[end].count("}")
        block = "".join(lines[index : end + 1])
        out.extend(fill(block, row) for row in rows)
        index = end + 1
    return "".join(out)


def fill(text: str, values: dict[str, str]) -> str:
    """`text` with the placeholders that `values` names filled in, the others left."""
    return _PLACEHOLDER.sub(lambda match: values.get(match[1], match[0]), text)


def unfilled(text: str) -> list[str]:
    """The placeholders left in `text`, each once."""
    return list(dict.fromkeys(_PLACEHOLDER.findall(text)))


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


def detection_module(languages: tuple[Language, ...]) -> str:
    """deploy/root_language.js with the app's constants: the cookie, the locales in declared
    order and the default one (the language without a prefix)."""
    values = {
        "COOKIE_NAME": COOKIE_NAME,
        "LOCALES": " ".join(language.code for language in languages),
        "DEFAULT_LOCALE": next(language.code for language in languages if not language.prefix),
    }
    return _PLACEHOLDER.sub(lambda match: values[match[1]], DETECTION.read_text())


# With ANALYTICS_ID set, a page request (no extension, not /static/ or /_img/) whose consent
# cookie holds a choice goes to the app; any other value counts as "not chosen" there too.
# Every HTML file of the export (its pages, its 404 pages) is then the "not chosen" variant
# and says `Vary: Cookie`, as the app's pages do (motorlab.consent.cache_by_the_choice); `/`
# says it in its own Vary ($root_vary).
CONSENT_MAP = """map "$cookie_analytics_consent:$uri" $consent_to_app {
        default 0;
        "~^(granted|denied):/(?!static/|_img/)[^.]*$" 1;
    }
    map "$upstream_status:$front_root:$uri" $consent_vary {
        "~^::.*\\.html$" "Cookie";
        default "";
    }
"""
CONSENT_RULE = "if ($consent_to_app) { return 418; }"
CONSENT_VARY = "add_header Vary $consent_vary always;"

# How every location that reaches gunicorn passes the request on (${TO_APP} in the template):
# the `app` rate limit; a header value gunicorn would refuse with its own bare page gets the
# site's 400 page instead (deploy/header_check.js); then the app.
TO_APP = (
    "limit_req zone=app burst=100 nodelay; "
    "if ($header_refusal) { return 400; } "
    "proxy_pass http://motorlab_app;"
)


def consent_rules(analytics_id: str) -> dict[str, str]:
    """The consent cookie's nginx rules: none at all when analytics is off."""
    rules = {"CONSENT_MAP": CONSENT_MAP, "CONSENT_RULE": CONSENT_RULE, "CONSENT_VARY": CONSENT_VARY}
    if not analytics_id:
        return dict.fromkeys(rules, "")
    return rules


def render(
    *,
    listen: str,
    root: str | Path,
    app: str,
    runtime: str | Path,
    analytics_id: str | None = None,
    unlimited: tuple[str, ...] = (),
) -> str:
    """The config for the settings in the environment (SITE_URL, API_BASE_URL, ANALYTICS_ID;
    `analytics_id` overrides the last). `unlimited`: addresses or CIDR ranges exempt from the
    per-address limits (a load test's client), none by default. Writes the detection module
    the config loads into `runtime` (created if missing)."""
    config = Config()
    if analytics_id is None:
        analytics_id = config.ANALYTICS_ID
    security = headers({"SITE_URL": config.SITE_URL, "API_BASE_URL": config.API_BASE_URL})
    values = {
        "LISTEN": listen,
        "ROOT": str(Path(root).resolve()),
        "APP": app,
        "RUNTIME": str(Path(runtime).resolve()),
        "CSP": security["Content-Security-Policy"],
        "HSTS": security.get("Strict-Transport-Security", ""),
        **consent_rules(analytics_id),
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
    (Path(runtime) / DETECTION.name).write_text(detection_module(LANGUAGES))
    template = per_language(TEMPLATE.read_text(), language_rows(LANGUAGES, vars(config)))
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], template)


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
    args = parser.parse_args(argv)
    config = render(
        listen=args.listen,
        root=args.root,
        app=args.app,
        runtime=args.runtime,
        unlimited=tuple(args.unlimited),
    )
    sys.stdout.write(config)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
