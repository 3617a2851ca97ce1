"""An SMTP relay for the smtp sender's tests and bench: aiosmtpd with STARTTLS (a throwaway
certificate from tls_latchkey.py), AUTH PLAIN and LOGIN, and per-recipient misbehaviour — a 4xx
or 5xx reply to DATA, or a stall — so each failure the outbox must handle is one address away.
Received messages are kept parsed with Python's `email` package (the modern policy)."""

import asyncio
import email
import email.policy
import ssl
import threading
import time
from dataclasses import dataclass, field

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list
    raw: bytes
    message: email.message.EmailMessage
    at: float  # time.monotonic() when DATA ended


@dataclass
class Relay:
    """`start()` serves on 127.0.0.1:`port` (0: a free one, kept across stop/start)."""

    cert_file: str
    key_file: str
    username: str = "latchkey"
    password: str = "relay-password"
    port: int = 0
    mechanisms: tuple = ("PLAIN", "LOGIN")
    # commands of one kind a connection may send (aiosmtpd's default is 20, then 421)
    call_limit: int = 20
    # starttls, tls (TLS from the first byte) or none, as --smtp-security names them
    security: str = "starttls"
    # False: anyone may send without AUTH, as a receiving mail server takes mail (the Postfix test)
    auth: bool = True
    # where to append "recipient<TAB>monotonic time" per message instead of keeping it parsed
    # (bench/smtp, which runs the relay in a process of its own)
    log_file: str = None
    received: list = field(default_factory=list)
    # address → replies for its next DATA, in order: "451 …", "550 …", or "stall"
    scripted: dict = field(default_factory=dict)
    _controller: Controller = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> "Relay":
        if self.port == 0:
            import socket
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                self.port = probe.getsockname()[1]
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.cert_file, self.key_file)
        excluded = [m for m in ("PLAIN", "LOGIN") if m not in self.mechanisms]
        # AUTH only over TLS, except plain SMTP (loopback) and implicit TLS, which aiosmtpd does not
        # count as TLS (it knows only STARTTLS's)
        transport = {
            "starttls": dict(tls_context=context, require_starttls=True, auth_require_tls=True),
            "tls": dict(ssl_context=context, auth_require_tls=False),
            "none": dict(auth_require_tls=False),
        }[self.security]
        self._controller = Controller(
            _Handler(self), hostname="127.0.0.1", port=self.port, ready_timeout=10, auth_required=self.auth, **transport,
            authenticator=self._authenticate if self.auth else None, auth_exclude_mechanism=excluded, decode_data=False,
            command_call_limit=self.call_limit,
        )
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def script(self, address: str, *replies: str) -> None:
        with self._lock:
            self.scripted.setdefault(address, []).extend(replies)

    def _next_reply(self, address: str):
        with self._lock:
            replies = self.scripted.get(address)
            return replies.pop(0) if replies else None

    def _authenticate(self, server, session, envelope, mechanism, auth_data):
        good = auth_data.login == self.username.encode() and auth_data.password == self.password.encode()
        # handled=False: aiosmtpd answers a failure itself (535)
        return AuthResult(success=good, handled=False)

    def messages_to(self, address: str) -> list:
        with self._lock:
            return [r for r in self.received if address in r.rcpt_tos]

    def wait_for(self, address: str, timeout: float = 15, count: int = 1) -> Received:
        """The `count`-th message to `address`, waiting up to `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.messages_to(address)
            if len(found) >= count:
                return found[count - 1]
            assert time.monotonic() < deadline, f"no message {count} to {address} within {timeout} s"
            time.sleep(0.05)


class _Handler:
    def __init__(self, relay: Relay):
        self.relay = relay

    async def handle_DATA(self, server, session, envelope):
        reply = self.relay._next_reply(envelope.rcpt_tos[0])
        if reply == "stall":
            await asyncio.sleep(60)
            return "451 4.4.2 stalled"
        if reply is not None:
            return reply
        if self.relay.log_file:
            with open(self.relay.log_file, "a") as log:
                log.write(f"{envelope.rcpt_tos[0]}\t{time.monotonic()}\n")
            return "250 2.0.0 queued"
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=email.policy.default)
        with self.relay._lock:
            self.relay.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), raw, message, time.monotonic()))
        return "250 2.0.0 queued"


if __name__ == "__main__":
    # python smtp_relay.py CERT KEY PORT LOG_FILE: serves until killed (bench/smtp).
    import sys
    cert_file, key_file, port, log_file = sys.argv[1:5]
    Relay(cert_file, key_file, port=int(port), call_limit=10**9, log_file=log_file).start()
    print("ready", flush=True)
    threading.Event().wait()
