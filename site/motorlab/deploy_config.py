"""Render deploy/nginx.conf: fill the placeholders (${LISTEN}, ${ROOT}, …); nginx's own $name
variables stay as they are. The security headers (CSP, HSTS) come from the app's code and the
same settings (SITE_URL, API_BASE_URL), so nginx sends the very headers the app sends: run it
with the app's environment.

    python -m motorlab.deploy_config --listen 80 --root /srv/motorlab/build/site \
        --app 127.0.0.1:8000 --runtime /run/motorlab > /etc/nginx/nginx.conf
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from motorlab import http_limits
from motorlab.config import Config
from motorlab.cookies import cookie_header
from motorlab.i18n import COOKIE_MAX_AGE, COOKIE_NAME, LANGUAGES, LOCALES
from motorlab.paths import PROJECT_ROOT
from motorlab.security import headers

TEMPLATE = PROJECT_ROOT / "deploy" / "nginx.conf"
_PLACEHOLDER = re.compile(r"\$\{([A-Z_]+)\}")
PER_LANGUAGE = "${PREFIX}"


def per_language(template: str, prefixes: list[str]) -> str:
    """Each line that names ${PREFIX}, with the block it opens (up to its closing brace),
    written once per prefix, in the declared order; with no prefix at all, left out."""
    lines = template.splitlines(keepends=True)
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if PER_LANGUAGE not in line:
            out.append(line)
            index += 1
            continue
        # ${PREFIX} itself holds one brace of each kind: they cancel out.
        end, depth = index, line.count("{") - line.count("}")
        while depth > 0:
            end += 1
            depth += lines[end].count("{") - lines[end].count("}")
        block = "".join(lines[index : end + 1])
        out.extend(block.replace(PER_LANGUAGE, prefix) for prefix in prefixes)
        index = end + 1
    return "".join(out)


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
    per-address limits (a load test's client), none by default."""
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
        # The language cookie of a first visit to `/`, as the app sets it (motorlab.cookies).
        **{
            f"COOKIE_{locale.upper()}": cookie_header(
                vars(config), COOKIE_NAME, locale, COOKIE_MAX_AGE
            )
            for locale in LOCALES
        },
    }
    prefixes = [language.prefix for language in LANGUAGES if language.prefix]
    template = per_language(TEMPLATE.read_text(), prefixes)
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], template)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--listen", default="80", help="nginx `listen` value, e.g. 80 or 127.0.0.1:8080"
    )
    parser.add_argument("--root", default=str(PROJECT_ROOT / "build" / "site"), help="the export")
    parser.add_argument("--app", default="127.0.0.1:8000", help="gunicorn's address")
    parser.add_argument("--runtime", default="/run/motorlab", help="pid, logs and temp files")
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
