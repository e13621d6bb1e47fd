"""The production front for the browser benchmarks: the site as visitors get it, Debian's
nginx with deploy/nginx.conf rendered with TLS (HTTP/2: one connection carries every
request) over the static export, in front of gunicorn (2 workers) for what runs per visitor
(/contact). The certificate is a throwaway CA's (tests/support/tls.py), trusted by the
benchmark's Chromium alone through --ignore-certificate-errors-spki-list (CHROME_FLAG)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from unittest.mock import patch

from tests.support.processes import app_environment, free_port, start_gunicorn, start_nginx
from tests.support.tls import make_ca, spki_hash

SITE = "https://www.motorlab.example"  # the export's and the app's SITE_URL (test_tls.py's)
SETTINGS = {"SITE_URL": SITE, "API_BASE_URL": SITE + "/api"}


@contextmanager
def production_front(secret_key: str) -> Iterator[SimpleNamespace]:
    """The front for as long as the block runs: `base` (https://127.0.0.1:PORT) and
    `chrome_flag`, the flag that makes Chromium trust its certificate."""
    from tests.support.app import config_with

    from motorlab import create_app
    from motorlab.build.export import export
    from motorlab.deploy.nginx_config import Tls

    with tempfile.TemporaryDirectory(prefix="motorlab-front-") as scratch:
        folder = Path(scratch)
        folder.chmod(0o755)  # nginx's workers (another user when started as root) read it
        (folder / "tls").mkdir()
        ca = make_ca(folder / "tls")
        export(create_app(config_with(**SETTINGS)), folder / "site")
        env = app_environment(
            folder / "outbox.sqlite3", SECRET_KEY=os.environ.get("SECRET_KEY", secret_key),
            **SETTINGS,
        )  # fmt: skip
        app, app_base = start_gunicorn("wsgi:app", env, folder)
        try:
            port = free_port()
            tls = Tls(certificate=str(ca.certificate), key=str(ca.key), listen=f"127.0.0.1:{port}")
            with patch.dict(os.environ, SETTINGS):  # deploy_config renders from the settings
                front, _ = start_nginx(
                    folder / "site", app_base.removeprefix("http://"), folder,
                    unlimited=("127.0.0.1",), tls=tls,
                )  # fmt: skip
            try:
                yield SimpleNamespace(
                    base=f"https://127.0.0.1:{port}",
                    chrome_flag=f"--ignore-certificate-errors-spki-list={spki_hash(ca.certificate)}",
                )
            finally:
                front.stop()
        finally:
            app.stop()
