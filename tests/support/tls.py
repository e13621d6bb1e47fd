"""A throwaway certificate authority, trusted by the TLS tests' and benchmarks' clients alone, and
the TLS tests' front door: deploy/nginx.conf with its certificate, before an https app."""

from __future__ import annotations

import base64
import hashlib
import ssl
import subprocess
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.support.processes import app_environment, free_port

SITE = "https://www.motorlab.example"  # the export's SITE_URL (TestConfig's) and the app's
HTTPS_SETTINGS = {"SITE_URL": SITE, "API_BASE_URL": SITE + "/api"}
TOKEN = "Rd8fPTl2sYCJ4Vd6LkWj0vTrN_FhA-PKqS3uXgIzbYo"  # an ACME token's alphabet
CHALLENGES = ".well-known/acme-challenge"


def openssl(*args: str, cwd, capture: bool = False) -> bytes:
    done = subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)
    return done.stdout if capture else b""


def make_ca(folder: Path) -> SimpleNamespace:
    """A CA made in `folder`, and a certificate it signed for SITE_URL's host and 127.0.0.1."""
    curve = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes")
    openssl(
        "req", "-x509", *curve, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
        "-subj", "/CN=Motorlab throwaway test CA",
        "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        cwd=folder,
    )  # fmt: skip
    openssl(
        "req", "-new", *curve, "-keyout", "server.key", "-out", "server.csr",
        "-subj", "/CN=www.motorlab.example", cwd=folder,
    )  # fmt: skip
    (folder / "server.ext").write_text(
        "subjectAltName=DNS:www.motorlab.example,IP:127.0.0.1\n"
        "basicConstraints=critical,CA:FALSE\n"
        "keyUsage=critical,digitalSignature\n"
        "extendedKeyUsage=serverAuth\n"
        "subjectKeyIdentifier=hash\n"
        "authorityKeyIdentifier=keyid,issuer\n"
    )
    openssl(
        "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-CAcreateserial", "-days", "2", "-extfile", "server.ext", "-out", "server.pem",
        cwd=folder,
    )  # fmt: skip
    return SimpleNamespace(
        ca=folder / "ca.pem", certificate=folder / "server.pem", key=folder / "server.key"
    )


def spki_hash(certificate: Path) -> str:
    """The certificate's key as Chromium's --ignore-certificate-errors-spki-list names it."""
    public = openssl("x509", "-in", str(certificate), "-pubkey", "-noout", cwd=certificate.parent,
                     capture=True)  # fmt: skip
    der = subprocess.run(
        ["openssl", "pkey", "-pubin", "-outform", "der"], input=public, check=True,
        capture_output=True,
    ).stdout  # fmt: skip
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


@pytest.fixture(scope="session")
def throwaway_ca(tmp_path_factory):
    return make_ca(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="session")
def acme_webroot(session_dir):
    """certbot's webroot: one challenge file, beside what a shared webroot may hold that must
    not be served."""
    folder = session_dir / "tls-acme"
    webroot = folder / "webroot"
    challenges = webroot / CHALLENGES
    (challenges / "nested").mkdir(parents=True)
    (challenges / TOKEN).write_text(TOKEN + ".thumbprint")
    (folder / "secret.txt").write_text("not for the world")
    (webroot / "beside.txt").write_text("not a challenge either")
    (challenges / "passwd").symlink_to("/etc/passwd")
    (challenges / ".hidden").write_text("not a challenge: a dotfile")
    (challenges / "page.html").write_text("<b>not a challenge: a page</b>")
    (challenges / "nested" / TOKEN).write_text("not a challenge: nested")
    return webroot


@pytest.fixture(scope="session")
def https_app(session_dir, launch):
    """gunicorn serving the app with an https SITE_URL (HSTS, Secure cookies): its base URL."""
    workdir = session_dir / "tls-gunicorn"
    workdir.mkdir()
    env = app_environment(workdir / "outbox.sqlite3", **HTTPS_SETTINGS)
    server, base = launch.start_gunicorn("wsgi:app", env, workdir)
    yield base
    server.stop()


@pytest.fixture(scope="session")
def tls_front(exported_site, https_app, session_dir, throwaway_ca, acme_webroot, launch):
    """nginx with the certificate before `https_app`: its plain and https base URLs, the port."""
    from motorlab.deploy.nginx_config import Tls  # the app's package: only when a test runs it

    port = free_port()
    tls = Tls(str(throwaway_ca.certificate), str(throwaway_ca.key), f"127.0.0.1:{port}",
              str(acme_webroot))  # fmt: skip
    with pytest.MonkeyPatch.context() as patch:  # deploy_config reads the app's settings
        for name, value in HTTPS_SETTINGS.items():
            patch.setenv(name, value)
        server, plain = launch.start_nginx(
            exported_site[0], https_app.removeprefix("http://"), session_dir / "tls-gunicorn",
            unlimited=("127.0.0.1",), tls=tls,
        )  # fmt: skip
    yield SimpleNamespace(plain=plain, https=f"https://127.0.0.1:{port}", port=port)
    server.stop()


def client_context(ca, version: str | None = None) -> ssl.SSLContext:
    """A client that trusts only the throwaway CA; with `version`, offering that one alone, at
    OpenSSL's lowest security level (or it would not offer TLS 1.1)."""
    context = ssl.create_default_context(cafile=str(ca))
    if version is not None:
        with warnings.catch_warnings():  # TLS 1.0 and 1.1 are deprecated: that is the point
            warnings.simplefilter("ignore", DeprecationWarning)
            context.minimum_version = context.maximum_version = ssl.TLSVersion[version]
        context.set_ciphers("DEFAULT:@SECLEVEL=0")
    return context
