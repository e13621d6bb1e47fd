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

from motorlab.config import PROJECT_ROOT, Config
from motorlab.cookies import cookie_header
from motorlab.i18n import COOKIE_MAX_AGE, COOKIE_NAME, LOCALES
from motorlab.security import headers

TEMPLATE = PROJECT_ROOT / "deploy" / "nginx.conf"
_PLACEHOLDER = re.compile(r"\$\{([A-Z_]+)\}")


def render(*, listen: str, root: str | Path, app: str, runtime: str | Path) -> str:
    """The config for the settings in the environment (SITE_URL, API_BASE_URL)."""
    config = Config()
    security = headers({"SITE_URL": config.SITE_URL, "API_BASE_URL": config.API_BASE_URL})
    values = {
        "LISTEN": listen,
        "ROOT": str(Path(root).resolve()),
        "APP": app,
        "RUNTIME": str(Path(runtime).resolve()),
        "CSP": security["Content-Security-Policy"],
        "HSTS": security.get("Strict-Transport-Security", ""),
        "DEPLOY": str(TEMPLATE.parent),
        # The language cookie of a first visit to `/`, as the app sets it (motorlab.cookies).
        **{
            f"COOKIE_{locale.upper()}": cookie_header(
                vars(config), COOKIE_NAME, locale, COOKIE_MAX_AGE
            )
            for locale in LOCALES
        },
    }
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], TEMPLATE.read_text())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--listen", default="80", help="nginx `listen` value, e.g. 80 or 127.0.0.1:8080"
    )
    parser.add_argument("--root", default=str(PROJECT_ROOT / "build" / "site"), help="the export")
    parser.add_argument("--app", default="127.0.0.1:8000", help="gunicorn's address")
    parser.add_argument("--runtime", default="/run/motorlab", help="pid, logs and temp files")
    args = parser.parse_args(argv)
    sys.stdout.write(render(listen=args.listen, root=args.root, app=args.app, runtime=args.runtime))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
