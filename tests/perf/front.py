"""The production front for the browser benchmarks: Debian's nginx with deploy/nginx.conf and
TLS (HTTP/2) over the export, before gunicorn; a throwaway CA's certificate (tests/support/tls.py)
that only the benchmark's Chromium trusts."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from unittest.mock import patch

from tests.support.processes import app_environment, free_port, start_gunicorn, start_nginx
from tests.support.tls import HTTPS_SETTINGS as SETTINGS
from tests.support.tls import make_ca, spki_hash


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
