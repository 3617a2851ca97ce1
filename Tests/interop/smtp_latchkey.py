"""A Latchkey server of its own whose emails go through a real SMTP relay (smtp_relay.py):
`--email-sender smtp` over STARTTLS with AUTH, trusting the relay's throwaway CA through
`--smtp-ca-file`, and an app that signs in with email codes. Used by test_smtp_aiosmtpd.py and
bench/smtp."""

import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field

import tls_latchkey

FROM = "no-reply@mail.example.test"


def write_certificates(directory: str) -> tuple:
    """A throwaway CA and a relay certificate for IP 127.0.0.1: (ca, cert, key) paths."""
    return tls_latchkey._write_certificates(directory)


@dataclass
class SMTPLatchkey:
    binary: str
    work: str
    relay_port: int
    ca_file: str = None  # None: the relay's certificate does not verify
    password: str = "relay-password"  # None: no AUTH
    app_name: str = "ラッチキー interop"
    store: str = "sqlite"
    settings: dict = field(default_factory=dict)  # more LATCHKEY_* variables
    url: str = None
    client_id: str = None
    process: subprocess.Popen = None
    database: str = None

    @property
    def location(self) -> list:
        return ["--database", self.database] if self.database else ["--data-dir", os.path.join(self.work, "data")]

    def cli(self, *args: str) -> str:
        env = dict(os.environ, **self._secret_key())
        return subprocess.run([self.binary, *args, *self.location], check=True, capture_output=True, text=True,
                              timeout=60, env=env).stdout

    def _secret_key(self) -> dict:
        if not self.database:
            return {}
        key_file = os.path.join(self.work, "secret.key")
        if not os.path.exists(key_file):
            with open(key_file, "w") as handle:
                handle.write(base64.b64encode(os.urandom(32)).decode())
        return {"LATCHKEY_SECRET_KEY": open(key_file).read()}

    def create(self) -> "SMTPLatchkey":
        if self.store == "postgres":
            self.database = tls_latchkey._create_database()
        app = json.loads(self.cli("apps", "create", "--name", self.app_name, "--json"))
        self.client_id = app["app"]["clientId"]
        self.cli("apps", "update", self.client_id, "--bcrypt-cost", "10", "--sign-in-methods", "username,email,emailCode",
                 "--ip-sign-up-limit", "1000000000", "--ip-send-limit", "1000000000", "--recipient-send-limit", "1000000000")
        return self

    def start(self) -> "SMTPLatchkey":
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        ready = os.path.join(self.work, "ready.json")
        if os.path.exists(ready):
            os.remove(ready)
        env = dict(os.environ, **self._secret_key(), LATCHKEY_EMAIL_SENDER="smtp", LATCHKEY_EMAIL_FROM=FROM,
                   LATCHKEY_SMTP_HOST="127.0.0.1", LATCHKEY_SMTP_PORT=str(self.relay_port), **self.settings)
        if self.password is not None:
            env.update(LATCHKEY_SMTP_USERNAME="latchkey", LATCHKEY_SMTP_PASSWORD=self.password)
        if self.ca_file:
            env["LATCHKEY_SMTP_CA_FILE"] = self.ca_file
        log = open(os.path.join(self.work, "server.log"), "ab")
        self.process = subprocess.Popen(
            [self.binary, "serve", *self.location, "--port", str(port), "--log-level", "warning", "--ready-file", ready],
            stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 30
        while not os.path.exists(ready):
            assert self.process.poll() is None, self.log()
            assert time.monotonic() < deadline, "latchkey did not start"
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{port}"
        return self

    def stop(self, kill: bool = False) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            self.process.wait(timeout=30)
        self.process = None

    def remove(self) -> None:
        self.stop()
        if self.database:
            name = urllib.parse.urlsplit(self.database).path.lstrip("/")
            tls_latchkey._psql(tls_latchkey.POSTGRES_ADMIN_URL, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        shutil.rmtree(self.work, ignore_errors=True)

    def log(self) -> str:
        with open(os.path.join(self.work, "server.log"), encoding="utf-8", errors="replace") as handle:
            return handle.read()[-4000:]

    def outbox(self, to: str, status: str = None) -> list:
        """The outbox entries to `to` (`latchkey outbox list --json`)."""
        return json.loads(self.cli("outbox", "list", "--to", to, "--json", *(["--status", status] if status else [])))

    def outbox_entry(self, to: str, until, timeout: float = 20) -> dict:
        """The latest outbox entry to `to` once `until(entry)` holds."""
        deadline = time.monotonic() + timeout
        while True:
            entries = self.outbox(to)
            if entries and until(entries[0]):
                return entries[0]
            assert time.monotonic() < deadline, f"outbox entry to {to} never matched: {entries}"
            time.sleep(0.2)


def new_installation(binary: str, relay_port: int, **options) -> SMTPLatchkey:
    return SMTPLatchkey(binary=binary, work=tempfile.mkdtemp(prefix="latchkey-smtp-"), relay_port=relay_port, **options)
