"""A throwaway certificate authority for the TLS tests: made for the run, trusted by the
tests' clients alone."""

from __future__ import annotations

import subprocess
from types import SimpleNamespace

import pytest


def openssl(*args: str, cwd) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def throwaway_ca(tmp_path_factory):
    """A CA made for this run and a server certificate it signed for SITE_URL's host and
    127.0.0.1 (P-256 keys): the CA file, the certificate and its key."""
    folder = tmp_path_factory.mktemp("tls")
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
