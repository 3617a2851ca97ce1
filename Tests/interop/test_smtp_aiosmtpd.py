"""The smtp sender against a real SMTP server, aiosmtpd (smtp_relay.py), over STARTTLS with AUTH
and a throwaway CA given by --smtp-ca-file: real flows whose emails are read back with Python's
`email` package (headers, RFC 2047 words, quoted-printable parts, the link or code that signs in),
implicit TLS and plain SMTP to loopback, then the failures the outbox must survive: a 4xx, a 5xx, a stall, a wrong password, a certificate
that does not verify, and the relay down across a kill -9 of the server."""

import os
import re
import secrets
import shutil
import tempfile
import time
import urllib.parse
from email.utils import parseaddr, parsedate_to_datetime

import pytest
import requests

from smtp_latchkey import FROM, new_installation, write_certificates
import postfix_relay
from smtp_relay import Relay
from tls_latchkey import STORES

BINARY = os.environ["LATCHKEY_BIN"]  # the `latchkey` executable (Tests/interop/run)


def address() -> str:
    return f"smtp_{secrets.token_hex(6)}@example.com"


@pytest.fixture(scope="module")
def certificates():
    directory = tempfile.mkdtemp(prefix="latchkey-smtp-certs-")
    yield write_certificates(directory)
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="module")
def relay(certificates):
    ca, cert, key = certificates
    started = Relay(cert, key).start()
    yield started
    started.stop()


@pytest.fixture(scope="module", params=STORES)
def server(request, relay, certificates):
    # A 2 s step timeout keeps the stall test short; the pool of 4 lets other mail pass a stall.
    installation = new_installation(BINARY, relay.port, ca_file=certificates[0], store=request.param,
                                    settings={"LATCHKEY_SMTP_TIMEOUT": "2"}).create().start()
    yield installation
    installation.remove()


def send_code(server, email: str, language: str = "en") -> None:
    response = requests.post(f"{server.url}/v1/auth/email/otp", json={"email": email}, timeout=10,
                             headers={"Latchkey-Client-Id": server.client_id, "Accept-Language": language})
    assert response.status_code == 202, response.text


def assert_well_formed(received) -> None:
    """Short 7-bit lines, the headers every message has, and nothing that tracks the reader."""
    lines = received.raw.split(b"\r\n")
    assert all(len(line) <= 998 and line.isascii() for line in lines)
    assert b"\n" not in received.raw.replace(b"\r\n", b"")
    message = received.message
    name, sender = parseaddr(str(message["From"]))
    assert (name, sender) == ("ラッチキー interop", FROM)
    assert received.mail_from == FROM
    assert message["MIME-Version"] == "1.0"
    assert message["Auto-Submitted"] == "auto-generated"
    assert re.fullmatch(r"<[A-Za-z0-9._-]+@mail\.example\.test>", message["Message-ID"])
    assert abs(time.time() - parsedate_to_datetime(message["Date"]).timestamp()) < 120
    for part in message.walk():
        if not part.is_multipart():
            assert part.get_content_charset() == "utf-8"
            assert part["Content-Transfer-Encoding"] in ("quoted-printable", "base64")
    # Every email has both parts; the HTML one loads nothing that could tell the sender it was read
    # (the apps here set no logo).
    assert message.get_content_type() == "multipart/alternative"
    assert [part.get_content_type() for part in message.iter_parts()] == ["text/plain", "text/html"]
    html = message.get_body(preferencelist=("html",)).get_content()
    assert "<img" not in html.lower() and "<script" not in html.lower()


def test_sign_up_verification_arrives_well_formed_and_its_link_verifies(server, relay):
    email, password = address(), secrets.token_urlsafe(16)
    response = requests.post(f"{server.url}/v1/auth/signup", json={"email": email, "password": password},
                             headers={"Latchkey-Client-Id": server.client_id}, timeout=10)
    assert response.status_code == 201, response.text
    received = relay.wait_for(email)
    assert_well_formed(received)
    message = received.message
    assert message["To"] == email
    assert message["Subject"] == "Verify your email for ラッチキー interop"
    text = message.get_body(preferencelist=("plain",)).get_content()
    links = re.findall(re.escape(server.url) + r"/\S+", text)
    assert links, text
    token = urllib.parse.parse_qs(urllib.parse.urlsplit(links[0]).query)["token"][0]
    verified = requests.post(f"{server.url}/v1/auth/email/verify", json={"token": token}, timeout=10)
    assert verified.status_code in (200, 204), verified.text
    signed_in = requests.post(f"{server.url}/v1/auth/signin", json={"email": email, "password": password},
                              headers={"Latchkey-Client-Id": server.client_id}, timeout=10)
    assert signed_in.status_code == 200, signed_in.text
    entry = server.outbox_entry(email, lambda e: e["status"] == "sent")
    assert entry["sender"] == "smtp" and entry["providerMessageID"] == message["Message-ID"]


def test_a_japanese_sign_in_code_round_trips_and_signs_in(server, relay):
    email = address()
    send_code(server, email, language="ja")
    received = relay.wait_for(email)
    assert_well_formed(received)
    subject = received.message["Subject"]
    assert b"=?UTF-8?B?" in received.raw
    match = re.fullmatch(r"ラッチキー interop のサインインコードは (\d{6}) です", subject)
    assert match, subject
    text = received.message.get_body(preferencelist=("plain",)).get_content()
    assert match.group(1) in text
    verified = requests.post(f"{server.url}/v1/auth/email/otp/verify", json={"email": email, "code": match.group(1)},
                             headers={"Latchkey-Client-Id": server.client_id}, timeout=10)
    assert verified.status_code in (200, 201), verified.text
    assert verified.json()["session"]["accessToken"]


# aiosmtpd warns of AUTH without STARTTLS; here the transport is TLS already, or loopback.
@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
@pytest.mark.parametrize("security", ["tls", "none"])
def test_implicit_tls_and_plain_smtp_to_loopback_deliver(certificates, security):
    ca, cert, key = certificates
    relay = Relay(cert, key, security=security).start()
    installation = new_installation(BINARY, relay.port, ca_file=ca, settings={"LATCHKEY_SMTP_SECURITY": security}).create().start()
    try:
        email = address()
        send_code(installation, email)
        assert_well_formed(relay.wait_for(email))
    finally:
        installation.remove()
        relay.stop()


def test_a_4xx_is_retried_then_delivered(server, relay):
    email = address()
    relay.script(email, "451 4.3.0 mailbox busy, try later")
    send_code(server, email)
    entry = server.outbox_entry(email, lambda e: e.get("lastError") is not None)
    assert "451 4.3.0 mailbox busy" in entry["lastError"] and entry["status"] == "pending"
    relay.wait_for(email, timeout=20)  # the outbox's first backoff is 5 s
    entry = server.outbox_entry(email, lambda e: e["status"] == "sent")
    assert entry["attempts"] == 2


def test_a_5xx_dead_letters_with_the_server_reply(server, relay):
    email = address()
    relay.script(email, "550 5.1.1 no such mailbox here")
    send_code(server, email)
    entry = server.outbox_entry(email, lambda e: e["status"] == "dead")
    assert "550 5.1.1 no such mailbox here" in entry["lastError"]
    assert entry["attempts"] == 1
    assert [e["message"]["id"] for e in server.outbox(email, status="dead")] == [entry["message"]["id"]]
    # the relay took nothing, and the next message on the same connections goes through
    assert relay.messages_to(email) == []
    other = address()
    send_code(server, other)
    relay.wait_for(other)


def test_a_stalled_server_times_out_while_other_messages_flow(server, relay):
    stalled = address()
    relay.script(stalled, "stall")
    send_code(server, stalled)
    time.sleep(0.3)  # the stalled message holds one connection of the pool
    others = [address() for _ in range(3)]
    started = time.monotonic()
    for other in others:
        send_code(server, other)
    for other in others:
        relay.wait_for(other, timeout=10)
    assert time.monotonic() - started < 5
    entry = server.outbox_entry(stalled, lambda e: e.get("lastError") is not None)
    assert "did not answer the end of DATA in time" in entry["lastError"]
    assert entry["status"] == "pending"
    relay.wait_for(stalled, timeout=20)  # the retry finds the relay answering again


def test_a_wrong_password_is_retried_with_the_535_and_sent_once_fixed(relay, certificates):
    installation = new_installation(BINARY, relay.port, ca_file=certificates[0], password="not-the-password").create().start()
    try:
        email = address()
        send_code(installation, email)
        entry = installation.outbox_entry(email, lambda e: e.get("lastError") is not None)
        assert "refused AUTH PLAIN: 535" in entry["lastError"] and entry["status"] == "pending", entry
        assert relay.messages_to(email) == []
        # The operator fixes the password and restarts: the waiting message goes out.
        installation.stop()
        installation.password = relay.password
        installation.start()
        relay.wait_for(email, timeout=20)
    finally:
        installation.remove()


def test_a_certificate_that_does_not_verify_is_retried_and_says_so(relay):
    installation = new_installation(BINARY, relay.port, ca_file=None).create().start()
    try:
        email = address()
        send_code(installation, email)
        entry = installation.outbox_entry(email, lambda e: e.get("lastError") is not None)
        assert entry["status"] == "pending"
        assert "TLS with the SMTP server failed" in entry["lastError"] and "certificate" in entry["lastError"], entry
        assert relay.messages_to(email) == []
    finally:
        installation.remove()


def test_the_relay_down_across_a_kill_9_loses_nothing(certificates):
    ca, cert, key = certificates
    # AUTH LOGIN only, the other mechanism the sender speaks; started once a message is waiting.
    relay = Relay(cert, key, mechanisms=("LOGIN",))
    with __import__("socket").socket() as probe:
        probe.bind(("127.0.0.1", 0))
        relay.port = probe.getsockname()[1]
    installation = new_installation(BINARY, relay.port, ca_file=ca).create().start()
    try:
        email = address()
        send_code(installation, email)
        entry = installation.outbox_entry(email, lambda e: e.get("lastError") is not None)
        assert entry["status"] == "pending" and "cannot connect" in entry["lastError"], entry
        installation.stop(kill=True)
        relay.start()
        installation.start()
        received = relay.wait_for(email, timeout=20)
        assert_well_formed(received)
        assert installation.outbox_entry(email, lambda e: e["status"] == "sent")["attempts"] == 2
    finally:
        installation.remove()
        relay.stop()


def link_token(server, received) -> str:
    """The token of the one link to this server in the message's text part, which the HTML part
    carries too."""
    text = received.message.get_body(preferencelist=("plain",)).get_content()
    links = re.findall(re.escape(server.url) + r"/\S+", text)
    assert len(links) == 1, text
    assert links[0].replace("&", "&amp;") in received.message.get_body(preferencelist=("html",)).get_content()
    return urllib.parse.parse_qs(urllib.parse.urlsplit(links[0]).query)["token"][0]


def test_a_password_reset_link_arrives_and_sets_the_new_password(server, relay):
    email, password, new_password = address(), secrets.token_urlsafe(16), secrets.token_urlsafe(16)
    headers = {"Latchkey-Client-Id": server.client_id}
    assert requests.post(f"{server.url}/v1/auth/signup", json={"email": email, "password": password}, headers=headers,
                         timeout=10).status_code == 201
    relay.wait_for(email)  # the verification
    asked = requests.post(f"{server.url}/v1/auth/password/reset", json={"email": email}, headers=headers, timeout=10)
    assert asked.status_code == 202, asked.text
    received = relay.wait_for(email, count=2)
    assert_well_formed(received)
    assert received.message["Subject"] == "Reset your ラッチキー interop password"
    confirmed = requests.post(f"{server.url}/v1/auth/password/reset/confirm",
                              json={"token": link_token(server, received), "password": new_password}, timeout=10)
    assert confirmed.status_code in (200, 204), confirmed.text
    for tried, status in ((password, 401), (new_password, 200)):
        answer = requests.post(f"{server.url}/v1/auth/signin", json={"email": email, "password": tried}, headers=headers,
                               timeout=10)
        assert answer.status_code == status, answer.text


def test_a_childs_consent_request_reaches_the_parent_who_grants_it(server, relay):
    parent = address()
    child = requests.post(f"{server.url}/v1/auth/signup", headers={"Latchkey-Client-Id": server.client_id}, timeout=10,
                          json={"username": f"kid_{secrets.token_hex(4)}", "password": secrets.token_urlsafe(16),
                                "dateOfBirth": "2016-05-01", "country": "US", "parentEmail": parent})
    assert child.status_code == 201, child.text
    access = {"Authorization": f"Bearer {child.json()['session']['accessToken']}"}
    received = relay.wait_for(parent)
    assert_well_formed(received)
    token = link_token(server, received)
    browser = requests.Session()
    page = browser.get(f"{server.url}/v1/consent", params={"token": token}, timeout=10)
    assert page.status_code == 200, page.text
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
    granted = browser.post(f"{server.url}/v1/consent", data={"token": token, "action": "grant", "csrf_token": csrf}, timeout=10)
    assert granted.status_code == 200, granted.text
    me = requests.get(f"{server.url}/v1/me", headers=access, timeout=10).json()
    assert me["consent"]["status"] == "granted"


# .ci/run installs Postfix and runs as root: there the test always runs.
@pytest.mark.skipif(not os.environ.get("CI") and not postfix_relay.available(), reason="Postfix is not installed, or this is not root")
def test_a_local_postfix_relays_the_mail_on(certificates):
    """Latchkey → Debian's Postfix on loopback (STARTTLS, no AUTH: a host's own relay) → the
    receiving server. Postfix takes the message as it is and adds only its Received line."""
    ca, cert, key = certificates
    receiver = Relay(cert, key, security="none", auth=False).start()
    postfix = postfix_relay.PostfixRelay(("127.0.0.1", receiver.port), cert, key).start()
    installation = new_installation(BINARY, postfix.port, ca_file=ca, password=None).create().start()
    try:
        email = address()
        send_code(installation, email)
        received = receiver.wait_for(email, timeout=30)
        assert_well_formed(received)
        assert "by relay.latchkey.test (Postfix) with ESMTPS" in str(received.message["Received"])
        entry = installation.outbox_entry(email, lambda e: e["status"] == "sent")
        assert entry["providerMessageID"] == received.message["Message-ID"]
    finally:
        installation.remove()
        postfix.stop()
        receiver.stop()
