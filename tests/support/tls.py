"""A throwaway certificate authority for the TLS tests and the production front the browser
benchmarks measure (tests/perf/front.py): made for the run, trusted by their clients alone."""

from __future__ import annotations

import base64
import hashlib
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest


def openssl(*args: str, cwd, capture: bool = False) -> bytes:
    done = subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)
    return done.stdout if capture else b""


def make_ca(folder: Path) -> SimpleNamespace:
    """A CA made in `folder` and a server certificate it signed for SITE_URL's host and
    127.0.0.1 (P-256 keys): the CA file, the certificate and its key."""
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
    """The certificate's public key as Chromium's --ignore-certificate-errors-spki-list names
    it (base64 of the SHA-256 of the DER SubjectPublicKeyInfo): that browser trusts this one
    certificate and no other."""
    public = openssl("x509", "-in", str(certificate), "-pubkey", "-noout", cwd=certificate.parent,
                     capture=True)  # fmt: skip
    der = subprocess.run(
        ["openssl", "pkey", "-pubin", "-outform", "der"], input=public, check=True,
        capture_output=True,
    ).stdout  # fmt: skip
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


@pytest.fixture(scope="module")
def throwaway_ca(tmp_path_factory):
    """`make_ca` in a folder of this module's."""
    return make_ca(tmp_path_factory.mktemp("tls"))
