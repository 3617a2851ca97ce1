"""A Latchkey server of its own that serves HTTPS, for clients that only speak HTTPS to a
production database (firebase-admin): a throwaway CA and a server certificate for 127.0.0.1,
made here with `cryptography`, and an app with a service-account key file made by the CLI.
Clients trust the CA through `REQUESTS_CA_BUNDLE`, the documented setting of `requests`."""

import base64
import datetime
import ipaddress
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.parse
from dataclasses import dataclass

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from service_accounts import create_key_file


# The stores a suite can run on: SQLite always, PostgreSQL when the Swift tests' server is named
# (LATCHKEY_TEST_POSTGRES_URL, as CI sets it; each server then gets a database of its own).
POSTGRES_ADMIN_URL = os.environ.get("LATCHKEY_TEST_POSTGRES_URL") or None
STORES = ["sqlite"] + (["postgres"] if POSTGRES_ADMIN_URL else [])


@dataclass
class TLSServer:
    url: str  # https://127.0.0.1:PORT, the issuer and the databaseURL
    client_id: str
    key_file: str  # the app's service-account key file
    ca_file: str
    log_file: str


@dataclass
class _Running:
    process: subprocess.Popen
    work: str
    database: str  # the PostgreSQL database made for the server, or None


def _psql(database_url: str, statement: str) -> None:
    subprocess.run(["psql", database_url, "-qc", statement], check=True, capture_output=True, timeout=60)


def _create_database() -> str:
    """A new database on the PostgreSQL server; its URL."""
    name = "lki_" + os.urandom(8).hex()
    _psql(POSTGRES_ADMIN_URL, f"CREATE DATABASE {name}")
    parts = urllib.parse.urlsplit(POSTGRES_ADMIN_URL)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def _write_certificates(directory: str) -> tuple:
    """A CA and a server certificate it signs for IP 127.0.0.1; returns (ca, cert, key) paths."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Latchkey interop CA")])
    ca = (
        x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True, content_commitment=False, key_encipherment=False, data_encipherment=False,
                key_agreement=False, key_cert_sign=True, crl_sign=True, encipher_only=False, decipher_only=False),
            critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    server_key = ec.generate_private_key(ec.SECP256R1())
    server = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])).issuer_name(ca_name)
        .public_key(server_key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = tuple(os.path.join(directory, name) for name in ("ca.pem", "server.pem", "server.key"))
    with open(paths[0], "wb") as handle:
        handle.write(ca.public_bytes(serialization.Encoding.PEM))
    with open(paths[1], "wb") as handle:
        handle.write(server.public_bytes(serialization.Encoding.PEM))
    with open(os.open(paths[2], os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as handle:
        handle.write(server_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return paths


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(binary: str, name: str, store: str):
    """Creates an app and its key file in a new installation on `store` (sqlite or postgres) and
    starts `latchkey serve` with TLS on a free port; returns (TLSServer, handle for `stop`)."""
    work = tempfile.mkdtemp(prefix="latchkey-tls-")
    ca_file, cert_file, key_file = _write_certificates(work)
    data = os.path.join(work, "data")
    database = _create_database() if store == "postgres" else None
    # A PostgreSQL installation's secret key is given, the same to the CLI and the server.
    env = dict(os.environ, LATCHKEY_SECRET_KEY=base64.b64encode(os.urandom(32)).decode()) if database else None
    location = ["--database", database] if database else ["--data-dir", data]
    running = _Running(None, work, database)
    try:
        created = subprocess.run(
            [binary, "apps", "create", "--name", name, "--json", *location],
            check=True, capture_output=True, text=True, timeout=60, env=env)
        client_id = json.loads(created.stdout)["app"]["clientId"]
        port = _free_port()
        url = f"https://127.0.0.1:{port}"
        service_account = create_key_file(binary, client_id, location, url, directory=work, env=env)
        ready = os.path.join(work, "ready.json")
        log_file = os.path.join(work, "server.log")
        with open(log_file, "wb") as log:
            running.process = subprocess.Popen(
                [binary, "serve", "--data-dir", data, *location, "--port", str(port), "--tls-cert", cert_file,
                 "--tls-key", key_file, "--log-level", "warning", "--ready-file", ready],
                stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 30
        while not os.path.exists(ready):
            if running.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"latchkey serve did not start: {open(log_file, encoding='utf-8').read()}")
            time.sleep(0.1)
    except BaseException:
        stop(running)
        raise
    return TLSServer(url, client_id, service_account, ca_file, log_file), running


def stop(running: _Running) -> None:
    """Stops the server by its PID and deletes its directory and database."""
    process = running.process
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=20)
    shutil.rmtree(running.work, ignore_errors=True)
    if running.database:
        name = urllib.parse.urlsplit(running.database).path.lstrip("/")
        _psql(POSTGRES_ADMIN_URL, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
